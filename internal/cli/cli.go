// Package cli holds what subakogo's commands share with the lean
// generator command (cmd/subakogo-generate): the exit codes, the
// collector's setting, interspersed flag parsing, usage errors and
// relative paths for messages. It imports only
// the standard library and internal/supervise, so the generator's build
// stays small.
package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"time"

	"github.com/subako-ai/subako-go/internal/supervise"
)

// Exit codes, the same for every command.
const (
	OK         = 0               // nothing at or above the --fail-on severity
	Findings   = 1               // findings at or above it
	Usage      = supervise.Usage // a usage error
	Unreadable = 3               // an input that cannot be read, a host that cannot be set up, or work too slow on the wall clock: not judged
)

// gcPercent is the collector's GOGC for a command: a command's heap is
// small and lives a fraction of a second, and at Go's 100 collecting took
// about a quarter of a warm lint's CPU time and of a generate's (measured
// in bench/RESULTS.md, "Start-up").
const gcPercent = 400

// TuneGC sets the collector of a command's process, whatever the
// environment's GOGC and GOMEMLIMIT: gcPercent for a short-lived command,
// Go's default 100 for one that stays up, and no memory limit either way.
// A module's own time is its thread's CPU time, and the host's functions
// it calls run on that thread, paying the collector's assists for what
// they allocate: under GOMEMLIMIT=1MiB the same call took 1.5-2.7x its own
// time, so the user's setting moved a verdict (attack pass 44e, row 2).
// The collector is the command's, not the machine's (docs/time-model.md).
// (Not for the host's compile worker, whose runtime environment the host
// fixes when it starts it.)
func TuneGC(staysUp bool) {
	if staysUp {
		debug.SetGCPercent(100)
	} else {
		debug.SetGCPercent(gcPercent)
	}
	debug.SetMemoryLimit(math.MaxInt64)
}

// Interspersed parses flags that may come before, between or after the
// positional arguments, as people type them, and returns the positional
// ones. Everything after "--" is positional.
func Interspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		// flag.Parse consumes a "--" it stops at: what follows it is
		// positional, flag-like or not ("subakogo call m.wasm -- --json").
		if stop := len(args) - len(rest) - 1; stop >= 0 && args[stop] == "--" {
			return append(pos, rest...), nil
		}
		if len(rest) == 0 {
			return pos, nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// WantsHelp reports whether a command's arguments ask for its usage: -h,
// -help or --help before any "--".
func WantsHelp(args []string) bool {
	for _, a := range args {
		switch a {
		case "--":
			return false
		case "-h", "-help", "--help":
			return true
		}
	}
	return false
}

// UsageError reports a usage problem the way flag does, as "prog NAME:
// err" then the usage, and returns Usage; asked for help (flag.ErrHelp),
// it prints the usage and returns OK.
func UsageError(stderr io.Writer, prog string, fs *flag.FlagSet, err error) int {
	fs.SetOutput(stderr)
	if errors.Is(err, flag.ErrHelp) {
		fs.Usage()
		return OK
	}
	if err != nil {
		fmt.Fprintf(stderr, "%s %s: %v\n", prog, fs.Name(), err)
	}
	fs.Usage()
	return Usage
}

// RelPath is p relative to the working directory when it lies beneath
// it, else p: paths in messages read as the user typed them.
func RelPath(p string) string {
	wd, err := os.Getwd()
	if err != nil {
		return p
	}
	if r, err := filepath.Rel(wd, p); err == nil && !strings.HasPrefix(r, "..") {
		return r
	}
	return p
}

// SlowAfter is how long a step runs before Slow says what it is doing.
const SlowAfter = 2 * time.Second

// Slow runs step, and when it has not finished after `after` writes what
// (what it is doing and why it may take long) on w, then, when it ends,
// how long it took: the first build of a package with an empty build
// cache runs for a minute or more, and silence reads as a hang. A step
// that ends with ctx (a signal's interruption) is not said to be done.
func Slow(ctx context.Context, w io.Writer, prog string, after time.Duration, what string, step func()) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		step()
	}()
	timer := time.NewTimer(after)
	defer timer.Stop()
	select {
	case <-done:
		return
	case <-timer.C:
	}
	start := time.Now().Add(-after)
	fmt.Fprintf(w, "%s: %s...\n", prog, what)
	<-done
	if ctx.Err() == nil {
		fmt.Fprintf(w, "%s: done in %.1f s\n", prog, time.Since(start).Seconds())
	}
}
