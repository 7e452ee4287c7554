package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDiffOneOfOverlapFailsGate: a oneOf branch's pattern widened into
// the other branch's strings fails diff's default gate (exit 1, D013 with
// the string now refused, escaped for the terminal), and the same
// widening apart from the other branch does not (exit 0, D023).
//
// attack pass 49b, row 5: both were D023 "not proven", exit 0, though diff
// named the string that breaks.
func TestDiffOneOfOverlapFailsGate(t *testing.T) {
	dir := t.TempDir()
	write := func(name, second string) string {
		p := filepath.Join(dir, name)
		list := `{"tools": [{"name": "t", "description": "Adds.", "inputSchema": {"type": "object", "properties": {"a": {"oneOf": [` +
			`{"type": "string", "pattern": "^\u202e"}, {"type": "string", "pattern": "` + second + `"}]}}}}]}`
		if err := os.WriteFile(p, []byte(list), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	po, pn, pc := write("po.json", "^b"), write("pn.json", "^[\u202eb]"), write("pc.json", "^b|^c")
	code, stdout, stderr := runCLI("diff", po, pn)
	if code != exitFindings || !strings.Contains(stdout, "error D013 argument-value-refused: t /inputSchema/properties/a/oneOf: oneOf changed: ") ||
		!strings.Contains(stdout, `\u202e`) || strings.Contains(stdout, "D023") {
		t.Errorf("widened into the other branch: exit %d\n%s%s", code, stdout, stderr)
	}
	assertTerminalSafe(t, "diff", stdout)
	if code, stdout, stderr := runCLI("diff", po, pc); code != exitOK || !strings.Contains(stdout, "warning D023") || strings.Contains(stdout, "error D") {
		t.Errorf("widened apart from the other branch: exit %d\n%s%s", code, stdout, stderr)
	}
}
