package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/gowasm"
)

// TestReportReaderGoneKeepsCode (attack pass 43g, row 2): lint.md
// says a reader of stdout that goes away "ends nothing ... its exit code
// is what it would have been: nobody is left to read", and cli.Output
// keeps EPIPE apart from a full disk for that. call, size and explain do
// so; lint and diff write their report themselves and answer its error
// with "write /dev/stdout: broken pipe" and 3, "not judged":
// `subakogo lint --format json m.wasm | head -c 100` under pipefail, or
// a jq that exits at its first match, turns the verdict into 3.
func TestReportReaderGoneKeepsCode(t *testing.T) {
	if testing.Short() {
		t.Skip("builds subakogo and a wasip1 module")
	}
	wasm := gowasm.Path(t, "../../examples/hello")
	for _, args := range [][]string{
		{"explain", "--list"}, // the control: 0
		{"lint", "--static", "--format", "json", wasm},
		{"diff", "--format", "json", wasm, wasm},
	} {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		r.Close() // the reader has gone
		cmd := exec.Command(subakogoBinary(t), args...)
		cmd.Stdout = w
		var stderr strings.Builder
		cmd.Stderr = &stderr
		_ = cmd.Run()
		w.Close()
		if code := cmd.ProcessState.ExitCode(); code != 0 {
			t.Errorf("%s with stdout's reader gone: exit %d (%s); want 0, what it would have been (lint.md)", args[0], code, strings.TrimSpace(stderr.String()))
		}
	}
}
