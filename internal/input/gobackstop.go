package input

import (
	"context"
	"time"
)

// GoBackstop is the wall-clock time every go command run on a package
// (go build, go list, go/packages' load) is given before it is killed,
// its whole process group with it, and given up as not judged (exit 3, a
// *GoStalledError). It is only a backstop (docs/time-model.md): for what
// GoSources cannot see, a file the go command blocks on in another
// module's directory (a replace to a local directory), vendor/, a cgo
// header elsewhere, or one made special since the check. A cold build of
// a large package on a slow, loaded machine takes minutes, so it is far
// above that.
const GoBackstop = 30 * time.Minute

// GoStalledError is a go command given up at its wall-clock backstop: the
// machine's condition (or a go command stuck on a file it cannot read),
// never the package's fault, so it is not judged.
type GoStalledError struct {
	What  string // the go command, as a person would type it
	After time.Duration
}

func (e *GoStalledError) Error() string {
	return e.What + " was given up after " + e.After.String() + " on the wall clock: this machine is too busy (or a go command is stuck), " +
		"so it is not judged; try again when it is less loaded"
}

type goBackstopKey struct{}

// WithGoBackstop makes the go commands run with ctx (GoBackstopContext)
// meet a backstop of d rather than GoBackstop: a test's short one.
func WithGoBackstop(ctx context.Context, d time.Duration) context.Context {
	return context.WithValue(ctx, goBackstopKey{}, d)
}

// GoBackstopContext is ctx ended also when the go command what has run
// for its backstop (GoBackstop, or WithGoBackstop's), with a
// *GoStalledError as its cause. Call stop when the command has ended.
func GoBackstopContext(ctx context.Context, what string) (_ context.Context, stop context.CancelFunc) {
	d, ok := ctx.Value(goBackstopKey{}).(time.Duration)
	if !ok || d <= 0 {
		d = GoBackstop
	}
	return context.WithTimeoutCause(ctx, d, &GoStalledError{What: what, After: d})
}
