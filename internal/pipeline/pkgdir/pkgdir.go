// Package pkgdir writes the package directory Subako takes (module.wasm,
// subako-package.json, assets/) for a Go package: what pack writes and
// what serve, and serve --watch on every change, serve.
//
// The manifest is what the package's native build prints for
// --subako-manifest: pack and serve run the package's own code on this
// machine, as go run would, so an untrusted package must not be packed or
// served from source. That run is bounded all the same (runManifest), so
// that a chatty or looping init is refused with a clear error rather than
// taking subakogo down.
package pkgdir

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/subako-ai/subako-go/internal/check/manifestcheck"
	"github.com/subako-ai/subako-go/internal/check/pkgcheck"
	"github.com/subako-ai/subako-go/internal/cputime"
	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/input"
	"github.com/subako-ai/subako-go/internal/pipeline/gobuild"
	"github.com/subako-ai/subako-go/internal/pipeline/progress"
)

// The bounds of the native run that prints the manifest.
const (
	// ManifestCPU is the CPU time (user and system, all its threads) the
	// native build may take to print its manifest, where it takes
	// milliseconds: past it the kernel kills it (RLIMIT_CPU, on Linux) and
	// the package is refused, its fault whatever the machine's load.
	ManifestCPU = 10 * time.Second
	// ManifestBackstop is the wall time it is given before it is given up
	// as not judged (exit 3): host.BackstopFactor times ManifestCPU, as
	// every run's backstop (docs/time-model.md). A native init that sleeps
	// or waits uses no CPU time and meets only this.
	ManifestBackstop = host.BackstopFactor * ManifestCPU
	// ManifestStderr is how much of its stderr is shown; the rest is
	// counted, not kept.
	ManifestStderr = 64 << 10
)

// ManifestError is a native run whose manifest is not taken for a reason
// that is not a build failing: its output past input.MaxManifest, or the
// run given up on the wall clock (not judged). The command exits 3, where
// a build that fails or a native run that exits non-zero or spends
// ManifestCPU is the package's (exit 1).
type ManifestError struct{ Err error }

func (e *ManifestError) Error() string { return e.Err.Error() }
func (e *ManifestError) Unwrap() error { return e.Err }

// Build writes module.wasm, subako-package.json (what the package's
// native build prints for --subako-manifest, runManifest) and assets/ (a
// copy of the folder assets, checked by pkgcheck.CheckAssets; "" for none)
// for the Go package pkg into dir: the package directory Subako takes. The
// go command's output goes to stderr; each build runs under progress,
// which may say what it does when it takes a while. ctx ends the builds
// and the native run, their process groups killed.
func Build(ctx context.Context, pkg, assets, dir string, stderr io.Writer, progress progress.Reporter) error {
	build := func(what string, b func(ctx context.Context, dir, pkg, out string, output io.Writer) error, out string) (err error) {
		progress.Run(what, func() { err = b(ctx, "", pkg, out, stderr) })
		return err
	}
	if err := build(gobuild.Slow(pkg),
		gobuild.Wasm, filepath.Join(dir, pkgcheck.ModuleName)); err != nil {
		return fmt.Errorf("go build for wasip1: %w", err)
	}
	bin := filepath.Join(dir, "native.bin")
	if err := build("building "+pkg+" for this machine, to ask it for its manifest", gobuild.Native, bin); err != nil {
		return fmt.Errorf("go build for this machine: %w", err)
	}
	defer os.Remove(bin)
	manifest, err := runManifest(ctx, pkg, bin, stderr, ManifestCPU, ManifestBackstop)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, manifestcheck.FileName), manifest, 0o644); err != nil {
		return err
	}
	if assets != "" {
		// A link added since the check is copied as a link, and the lint of
		// the staging directory refuses it.
		return os.CopyFS(filepath.Join(dir, pkgcheck.AssetsDir), os.DirFS(assets))
	}
	return nil
}

// errBackstop ends a native run that met its wall-clock backstop.
var errBackstop = errors.New("backstop")

// runManifest runs the native build bin with --subako-manifest and
// returns what it printed: at most input.MaxManifest bytes (past that the
// run is killed and refused, a *ManifestError), within cpu of CPU time
// (ManifestCPU) and backstop of wall time (a *ManifestError, not judged), its
// stderr shown up to ManifestStderr. It runs in a process group of its
// own, killed whole when it ends early or ctx ends.
func runManifest(ctx context.Context, pkg, bin string, stderr io.Writer, cpu, backstop time.Duration) ([]byte, error) {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	ctx, stop := context.WithTimeoutCause(ctx, backstop, errBackstop)
	defer stop()
	cmd := exec.CommandContext(ctx, bin, "--subako-manifest")
	gobuild.OwnGroup(cmd)
	what := pkg + " --subako-manifest"
	tooLarge := &input.TooLargeError{Path: "what " + what + " printed", Max: input.MaxManifest}
	out := &capped{max: input.MaxManifest, full: func() { cancel(tooLarge) }}
	errs := &capped{w: stderr, max: ManifestStderr}
	cmd.Stdout, cmd.Stderr = out, errs
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	limited := cputime.LimitProcess(cmd.Process.Pid, cpu)
	err := cmd.Wait()
	if errs.dropped > 0 {
		fmt.Fprintf(stderr, "(%d more bytes of %s's stderr not shown)\n", errs.dropped, what)
	}
	cause := context.Cause(ctx)
	switch {
	case errors.Is(cause, tooLarge):
		return nil, &ManifestError{fmt.Errorf("%w: a manifest is at most that; the native build was stopped (does its init print to stdout?)", tooLarge)}
	case errors.Is(cause, errBackstop):
		return nil, &ManifestError{fmt.Errorf("%s was given up after %v on the wall clock, having used less than its %v of CPU time: this machine is too busy (or the native build waits: on a sleep, a lock, its input), so it is not judged; try again when it is less loaded", what, backstop, cpu)}
	case cause != nil:
		return nil, cause // the command interrupted
	case err != nil && limited && cmd.ProcessState != nil && cputime.KilledAtLimit(cmd.ProcessState):
		// Killed by the kernel at its RLIMIT_CPU: nothing else here kills
		// it with no cause set (the group is killed only once ctx has one).
		return nil, fmt.Errorf("%s used its %v of CPU time without ending: printing a manifest takes milliseconds (does its init loop?)", what, cpu)
	case errors.Is(err, exec.ErrWaitDelay):
		// It exited, but its stdout stayed open: a process it started
		// (out of its process group, so not killed with it) holds it.
		return nil, fmt.Errorf("%s exited, but its stdout stayed open: a process it started still holds it (its own session, out of reach of the group subakogo kills), so the manifest is not taken; does its init start processes?", what)
	case err != nil:
		return nil, fmt.Errorf("%s: %w (does the package serve with the subako runtime?)", what, err)
	}
	return out.buf, nil
}

// capped keeps or passes on at most max bytes written to it. Past that,
// the writer of stdout (w nil) calls full and fails the write; the writer
// of stderr counts what it drops.
type capped struct {
	w       io.Writer // nil: keep in buf
	max     int
	buf     []byte
	n       int
	dropped int64
	full    func()
}

func (c *capped) Write(p []byte) (int, error) {
	room := c.max - c.n
	if c.w == nil {
		if len(p) > room {
			c.full()
			return 0, errors.New("past the manifest's size")
		}
		c.buf = append(c.buf, p...)
		c.n += len(p)
		return len(p), nil
	}
	shown := min(len(p), room)
	if shown > 0 {
		if _, err := c.w.Write(p[:shown]); err != nil {
			return 0, err
		}
		c.n += shown
	}
	c.dropped += int64(len(p) - shown)
	return len(p), nil
}
