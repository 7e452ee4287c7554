package modules

import (
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/gowasm"
)

// TestModuleTextNotUnicode (attack pass 40o, row 1): a module whose
// tools/list line carries a byte that is not UTF-8 (0xff) or a lone
// surrogate escape (\ud800) in a description was linted clean (exit 0):
// the host read its lines with encoding/json, which makes both U+FFFD, so
// the text checked was not the text sent, and a strict reader (serde_json,
// or this project's jsonwire.RequireValidText on the manifest and on
// subako_http requests) refuses the line. Lint, call and serve now take
// such a line for no message (P001), saying which and where.
func TestModuleTextNotUnicode(t *testing.T) {
	if testing.Short() {
		t.Skip("builds two wasip1 modules")
	}
	t.Parallel()
	raw := gowasm.Path(t, "testdata/notunicode")
	surrogate := gowasm.Path(t, "testdata/notunicode", "-ldflags=-X main.mode=surrogate")
	const p001 = "P001 protocol-not-message: at upload discovery: stdout line is not a JSON-RPC message ("
	for _, c := range []struct {
		args  []string
		stdin string
		want  string
	}{
		{[]string{"lint", raw}, "", p001 + "not UTF-8 at byte 118)"},
		{[]string{"lint", surrogate}, "", p001 + `a lone surrogate \ud800 at byte 118)`},
		{[]string{"call", raw, "add", `{"a":1}`}, "", "not-a-message: stdout line is not a JSON-RPC message (not UTF-8 at byte "},
		{[]string{"call", surrogate, "add", `{"a":1}`}, "", `not-a-message: stdout line is not a JSON-RPC message (a lone surrogate \ud800 at byte `},
		{[]string{"serve", "--probes=none", raw}, initialize + "\n", p001 + "not UTF-8 at byte 118)"},
	} {
		var code int
		var stdout, stderr string
		if c.args[0] == "serve" {
			code, stdout, stderr = serveWith(t, c.stdin, c.args[1:]...)
		} else {
			code, stdout, stderr = runCLI(c.args...)
		}
		if out := stdout + stderr; code != exitFindings || !strings.Contains(out, c.want) {
			t.Errorf("%v: exit %d, want %d with %q\nstdout: %s\nstderr: %s", c.args[:1], code, exitFindings, c.want, stdout, stderr)
		}
	}
}
