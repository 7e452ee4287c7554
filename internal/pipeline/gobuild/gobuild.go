// Package gobuild builds Go main packages for WASI preview 1, the one way
// every command does it: check, pack, serve (and serve --watch, on every
// change, through internal/pipeline/pkgdir) and size run the same go
// command with the same environment and flags. internal/gowasm, the tests'
// cached builder, takes its environment from here; it keeps full source
// paths (no -trimpath), so a test module's panic names the file on disk.
// Every go command it runs is checked first for files the go command would
// block on (input.GoSources: a FIFO named zz.go) and runs in a process
// group of its own, killed whole when the command's context ends or at a
// generous wall-clock backstop (Go).
// The package imports only the standard library and internal/input (itself
// the ABI's constants and the standard library), so that every test binary
// may link it.
package gobuild

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"

	"github.com/subako-ai/subako-go/internal/input"
)

// Env is the environment of every build for wasip1: WASI preview 1, no
// cgo (which wasip1 does not have; said so that a CC in the environment
// cannot turn it on).
var Env = []string{"GOOS=wasip1", "GOARCH=wasm", "CGO_ENABLED=0"}

// Flags are the go build flags of every command's build. -trimpath, so a
// module carries no path of the machine that built it (a panic's stack
// names module-relative files, not /home/you/...) and two machines build
// the same bytes. The go command keys its build cache on the flags, so an
// author's own GOOS=wasip1 go build without -trimpath shares nothing with
// these builds; GOFLAGS=-trimpath makes it share (docs/go.md, "The build
// cache"). -buildvcs=false, so the module's bytes do not depend on the
// repository's state, and the build runs no git: git status reads the
// package's .git, which a hostile package makes a FIFO that hangs the
// build (attack pass 40r) or configures to run a command (core.fsmonitor).
var Flags = []string{"-trimpath", "-buildvcs=false"}

// Slow is what a command says when its wasip1 build of pkg takes a
// while: what it runs, and why a first run is slow.
func Slow(pkg string) string {
	return "building " + pkg + " for wasip1 (GOOS=wasip1 GOARCH=wasm go build " + strings.Join(Flags, " ") + "; the first such build compiles the Go " +
		"standard library for wasip1 with -trimpath, a minute or two, even after a GOOS=wasip1 go build of your own without " +
		"-trimpath, whose cache entries differ: GOFLAGS=-trimpath makes yours share them)"
}

// Wasm builds the Go main package pkg (as go build takes it: a path or an
// import path) into the module file out, running go in dir ("" for the
// working directory). The go command's output goes to output.
func Wasm(ctx context.Context, dir, pkg, out string, output io.Writer) error {
	return goBuild(ctx, dir, pkg, out, Env, output)
}

// Native builds pkg for this machine, with the same flags (pack asks that
// build for the package's manifest).
func Native(ctx context.Context, dir, pkg, out string, output io.Writer) error {
	return goBuild(ctx, dir, pkg, out, nil, output)
}

func goBuild(ctx context.Context, dir, pkg, out string, env []string, output io.Writer) error {
	args := append(append([]string{"build"}, Flags...), "-o", out, pkg)
	cmd, err := Go(ctx, dir, pkg, env, args...)
	if err != nil {
		return err
	}
	cmd.Stdout, cmd.Stderr = output, output
	return cmd.Run()
}

// Go is the go command with args, on the package pkg (as the go command
// takes it), run in dir ("" for the working directory) with env added to
// this process's environment. It refuses first a package with a file the
// go command would block on or read without end (input.GoSources: a FIFO
// named zz.go or go.mod), with a *input.SpecialSourceError. The command
// runs in a process group of its own, killed whole (the go command and
// the compilers it started) when ctx ends: a signal that interrupts
// subakogo ends it, where the go command would otherwise wait on a FIFO
// made since the check for ever. It is killed too at its wall-clock
// backstop (input.GoBackstop), and then fails with a
// *input.GoStalledError (not judged): what the check cannot see (another
// module's directory, vendor/) cannot hang a command that nobody
// interrupts (CI, serve --watch).
func Go(ctx context.Context, dir, pkg string, env []string, args ...string) (*Cmd, error) {
	if err := input.GoSources(dir, pkg); err != nil {
		return nil, err
	}
	// The go command's work directories go in one of ours, removed once
	// it ends: killed with its group (a signal, the backstop), the go
	// command cannot remove its own $WORK (attack pass 42n, row 2: each
	// interruption left a go-buildNNN, up to the linked module).
	work, err := os.MkdirTemp(os.Getenv("GOTMPDIR"), "subako-gotmp-")
	if err != nil {
		return nil, err
	}
	ctx, stop := input.GoBackstopContext(ctx, "go "+strings.Join(args, " "))
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), env...), "GOTMPDIR="+work)
	OwnGroup(cmd)
	return &Cmd{Cmd: cmd, ctx: ctx, stop: func() {
		stop()
		_ = os.RemoveAll(work)
	}}, nil
}

// Cmd is a go command Go made: run it with Run or Output, which end its
// backstop, remove its temporary directory (GOTMPDIR) and say why its
// context ended it. A Cmd made and not run leaves that directory: run it.
type Cmd struct {
	*exec.Cmd
	ctx  context.Context
	stop context.CancelFunc
}

// Run runs the command; an error is the cause of its context's end when
// that ended it (a signal's interruption, a *input.GoStalledError).
func (c *Cmd) Run() error {
	defer c.stop()
	return ended(c.ctx, c.Cmd.Run())
}

// Output is Run, returning the command's stdout.
func (c *Cmd) Output() ([]byte, error) {
	defer c.stop()
	out, err := c.Cmd.Output()
	return out, ended(c.ctx, err)
}

// ended is err, or the cause of ctx's end when that is what ended the
// command (a signal's interruption, the backstop).
func ended(ctx context.Context, err error) error {
	if err != nil && ctx.Err() != nil {
		return context.Cause(ctx)
	}
	return err
}

// Dir is the directory of a package given as a path (./pkg) or an import
// path that go list resolves; pkg itself when go list cannot say.
func Dir(ctx context.Context, pkg string) string {
	if fi, err := os.Stat(pkg); err == nil && fi.IsDir() {
		return pkg
	}
	if p, err := List(ctx, pkg); err == nil {
		return p.Dir
	}
	return pkg
}

// Package is what go list says of a Go package, as the build for wasip1
// sees it.
type Package struct {
	Dir  string
	Name string   // "main" for a command
	Deps []string // the import paths it depends on, directly or not
}

// List asks go list for the one package pkg (a path or an import path).
// When there is no such package (a missing directory, one outside the
// current module, one without Go files), the error is the go command's
// reason.
func List(ctx context.Context, pkg string) (*Package, error) {
	cmd, err := Go(ctx, "", pkg, Env, "list", "-json=Dir,Name,Deps", pkg)
	if err != nil {
		return nil, err
	}
	out, err := cmd.Output()
	if err != nil && (errors.As(err, new(*input.GoStalledError)) || ctx.Err() != nil) {
		return nil, err
	}
	var exit *exec.ExitError
	if errors.As(err, &exit) && len(bytes.TrimSpace(exit.Stderr)) > 0 {
		return nil, errors.New(string(bytes.TrimSpace(exit.Stderr)))
	}
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(out))
	var p Package
	if err := dec.Decode(&p); err != nil {
		return nil, fmt.Errorf("go list %s: %w", pkg, err)
	}
	if dec.More() {
		return nil, fmt.Errorf("%s names more than one package", pkg)
	}
	return &p, nil
}
