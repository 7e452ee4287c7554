package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/gowasm"
)

// TestCallCrashCause: a call that panics under a trace longer than the
// tail of stderr kept says, after the tail, the line that says why.
func TestCallCrashCause(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a wasip1 module")
	}
	wasm := gowasm.Path(t, "testdata/deeppanic")
	var out, errOut bytes.Buffer
	code := runCall([]string{wasm, "x", `{}`}, &out, &errOut)
	const want = `(before it, stderr says why: "panic: the bottom of down")`
	if code != exitFindings || !strings.Contains(out.String(), "(stderr above is the last 4096 of ") || !strings.Contains(out.String(), want) {
		t.Errorf("exit %d, want %d and %s:\n%s\nstderr:\n%.300s", code, exitFindings, want, out.String(), errOut.String())
	}
}
