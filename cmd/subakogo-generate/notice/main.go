// Command notice opens go generate's output in a package subakogo init
// wrote: it says at once that go generate runs the generator, before any
// work, so that the first line comes within a moment of go generate
// starting; then, when the build cache lacks the generator, that go
// generate is about to build it and why that takes long. The init
// template's first //go:generate line runs it (go tool, as a tool of the
// package, so that subakogo init builds it with the others): go tool
// subakogo-generate itself is silent while it builds, up to a minute or
// two with an empty cache, and takes a second to start even when built
// (the go command checks the tool's sources), where this program, which
// needs only the runtime, os and os/exec, builds in a few seconds (about
// 10 s of CPU time with an empty cache) and starts at once.
package main

import (
	"io"
	"os"
	"os/exec"
)

// generator is the package go tool subakogo-generate builds.
const generator = "github.com/subako-ai/subako-go/cmd/subakogo-generate"

// staleFormat prints "stale" when the generator must be compiled, not just
// linked again from the cache.
const staleFormat = `{{if and .Stale (ne .StaleReason "build ID mismatch") (ne .StaleReason "not installed but available in build cache")}}stale{{end}}`

const (
	starting = "subakogo-generate: go generate runs the generator (go tool subakogo-generate); checking that it is built...\n"
	building = "subakogo-generate: building the generator, once for this build cache: up to a minute or two the first time\n"
)

func main() {
	notice(os.Stderr, func() ([]byte, error) {
		return exec.Command("go", "list", "-f", staleFormat, generator).Output()
	})
}

// notice writes the first line, then asks stale (go list, about half a
// second of CPU) whether the generator must be built and says so if it
// must.
func notice(stderr io.Writer, stale func() ([]byte, error)) {
	_, _ = io.WriteString(stderr, starting)
	out, err := stale()
	if err != nil {
		return // go tool subakogo-generate reports what is wrong
	}
	if len(out) > 0 && out[0] == 's' {
		_, _ = io.WriteString(stderr, building)
	}
}
