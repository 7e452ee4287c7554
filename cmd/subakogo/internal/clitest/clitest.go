// Package clitest runs subakogo as its users run it, a built binary (a
// supervisor and its child), for the end-to-end tests that live beside
// package main in test packages of their own (cmd/subakogo/e2e/...): each
// package is a test process of its own, which go test runs beside the
// others and times on its own, and a test that runs the binary may run in
// parallel with others, which one sharing package main's working
// directory and streams may not.
package clitest

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
)

var built struct {
	once sync.Once
	dir  string
	path string
	err  error
}

// Binary is subakogo, built once for this test process (go build's cache
// makes it a link after the first); Cleanup removes it.
func Binary() (string, error) {
	built.once.Do(func() {
		built.dir, built.err = os.MkdirTemp("", "subakogo-e2e-")
		if built.err != nil {
			return
		}
		built.path = filepath.Join(built.dir, "subakogo")
		// Built from this checkout whatever the test's working directory
		// (a module of its own, in some tests).
		_, here, _, _ := runtime.Caller(0)
		cmd := exec.Command("go", "build", "-o", built.path, "github.com/subako-ai/subako-go/cmd/subakogo")
		cmd.Dir = filepath.Dir(here)
		if out, err := cmd.CombinedOutput(); err != nil {
			built.err = fmt.Errorf("go build subakogo: %w\n%s", err, out)
		}
	})
	return built.path, built.err
}

// Cleanup removes the binary; TestMain calls it after the tests.
func Cleanup() {
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
}

// Run runs subakogo with args in dir ("" for the working directory) with
// stdin (nil for none), and returns its exit code and output. A binary
// that cannot be built or started panics: the test that ran it fails.
func Run(dir string, stdin io.Reader, args ...string) (code int, stdout, stderr string) {
	cmd := Command(dir, args...)
	cmd.Stdin = stdin
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		code = exit.ExitCode()
	case err != nil:
		panic(err)
	}
	return code, o.String(), e.String()
}

// Command is the command that runs subakogo with args in dir ("" for the
// working directory), for a test that drives its streams.
func Command(dir string, args ...string) *exec.Cmd {
	bin, err := Binary()
	if err != nil {
		panic(err)
	}
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	return cmd
}
