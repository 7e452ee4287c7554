// Package progress is how a pipeline says what a step that may take long
// is doing without touching the terminal: the command hands the pipeline a
// Reporter that renders it (subakogo's notes on stderr when a step runs
// past a couple of seconds), a test or a library caller hands none.
package progress

// A Reporter runs step, which is doing what (what it does, and why it may
// take long), and may tell a person while it runs.
type Reporter func(what string, step func())

// Run runs step under r; a nil Reporter runs it and says nothing.
func (r Reporter) Run(what string, step func()) {
	if r == nil {
		step()
		return
	}
	r(what, step)
}
