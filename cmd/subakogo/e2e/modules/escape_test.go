package modules

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/subako-ai/subako-go/internal/gowasm"
	"github.com/subako-ai/subako-go/internal/wasmbuild"
)

// hostileText is what every string of testdata/hostiletext carries: ESC
// sequences that retitle the window and clear the screen, BEL, U+202E,
// U+2066 and tag characters spelling "hide".
const hostileText = "\x1b]0;pwned\x07\x1b[2J \u202eevil\u2066 \U000e0068\U000e0069\U000e0064\U000e0065"

// TestEveryCommandEscapes runs every command that prints what a module
// wrote on testdata/hostiletext (with a custom section named with the
// hostile text, and as a package directory whose manifest's description
// carries it) and checks what reaches the terminal, stdout and stderr:
// no raw control, bidi, tag or other invisible character, and the escapes
// there instead. JSON stays valid, with the text intact. (explain prints
// the catalog only, never a module's text.)
func TestEveryCommandEscapes(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a wasip1 module")
	}
	t.Parallel()
	dir := t.TempDir()
	wasm := wasmbuild.Append(gowasm.Build(t, "testdata/hostiletext"), wasmbuild.Custom("section "+hostileText, []byte("x")))
	module := filepath.Join(dir, "hostile.wasm")
	pkg := filepath.Join(dir, "pkg")
	manifest := `{"abi": 1, "name": "hostile", "description": "Says ` + strings.ReplaceAll(hostileText, "\x1b", `\u001b`) + `"}`
	manifest = strings.ReplaceAll(manifest, "\x07", `\u0007`)
	for path, b := range map[string][]byte{module: wasm, filepath.Join(pkg, "module.wasm"): wasm, filepath.Join(pkg, "subako-package.json"): []byte(manifest),
		filepath.Join(dir, "clean.json"): []byte(`[{"name": "echo", "description": "Echoes.", "inputSchema": {"type": "object"}}]`)} {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		name  string
		args  []string
		stdin string
		// what the command must show, escaped (on stdout or stderr)
		want []string
	}{
		{"lint", []string{"lint", "--probes", "none", module}, "", []string{`\x1b]0;pwned`, `\u202eevil\u2066`, `\U000e0068`}},
		{"lint a package directory", []string{"lint", "--probes", "none", pkg}, "", []string{`\x1b]0;pwned`, `\u202eevil\u2066`}},
		{"call", []string{"call", module, "echo", `{"text": "a"}`}, "", []string{`echo \x1b]0;pwned\x07\x1b[2J \u202eevil\u2066 \U000e0068\U000e0069\U000e0064\U000e0065`, `stderr \x1b]0;pwned\x07`}},
		{"call a failing tool", []string{"call", module, "x" + hostileText, `{}`}, "", []string{`echo \x1b]0;pwned\x07`, `stderr \x1b]0;pwned\x07`}},
		{"size", []string{"size", "--static", module}, "", []string{`section \x1b]0;pwned\x07\x1b[2J \u202eevil\u2066 \U000e0068\U000e0069\U000e0064\U000e0065`}},
		{"diff", []string{"diff", filepath.Join(dir, "clean.json"), module}, "", []string{`x\x1b]0;pwned\x07\x1b[2J \u202eevil\u2066 \U000e0068\U000e0069\U000e0064\U000e0065: tool added`, `description changed from "Echoes." to "Echoes its text. \x1b]0;pwned\x07`}},
		{"serve's log", []string{"serve", "--force", module}, initialize + "\n" + `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{"text":"a"}}}` + "\n",
			[]string{`serving hostile: echo, x\x1b]0;pwned\x07\x1b[2J \u202eevil\u2066 \U000e0068`}},
		{"serve refusing", []string{"serve", module}, "", []string{`\x1b]0;pwned`, `\u202eevil\u2066`}},
	} {
		var code int
		var stdout, stderr string
		if c.stdin != "" || c.args[0] == "serve" {
			code, stdout, stderr = serveWith(t, c.stdin, c.args[1:]...)
		} else {
			code, stdout, stderr = runCLI(c.args...)
		}
		if code > exitFindings {
			t.Errorf("%s: exit %d\n%s%s", c.name, code, stdout, stderr)
		}
		if c.args[0] != "serve" { // serve's stdout is the client's JSON-RPC channel
			terminalSafe(t, c.name+" stdout", stdout)
		}
		terminalSafe(t, c.name+" stderr", stderr)
		for _, w := range c.want {
			if !strings.Contains(stdout+stderr, w) {
				t.Errorf("%s: %q not shown:\nstdout:\n%s\nstderr:\n%s", c.name, w, stdout, stderr)
			}
		}
	}
	// JSON and SARIF stay valid and carry the text intact; call --json is
	// JSON whose unsafe characters are JSON's \u escapes.
	for _, args := range [][]string{{"lint", "--probes", "none", "--format", "json", module}, {"lint", "--probes", "none", "--format", "sarif", module},
		{"diff", "--format", "json", filepath.Join(dir, "clean.json"), module}, {"call", "--json", module, "echo", `{"text": "a"}`}} {
		_, stdout, _ := runCLI(args...)
		var doc any
		if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
			t.Errorf("%v: not JSON: %v\n%s", args, err, stdout)
		}
		if args[0] == "call" {
			terminalSafe(t, "call --json", stdout)
			if !strings.Contains(stdout, hostileTextJSON) {
				t.Errorf("call --json: the text is not there as JSON escapes:\n%s", stdout)
			}
		}
	}
}

// hostileTextJSON is hostileText as call --json writes it.
const hostileTextJSON = `\u001b]0;pwned\u0007\u001b[2J \u202eevil\u2066 \udb40\udc68\udb40\udc69\udb40\udc64\udb40\udc65`

// terminalSafe fails when out holds a rune a terminal acts on or hides:
// a control but newline and tab, a format (bidi, zero-width, tag),
// private-use or unassigned character, or a byte that is not UTF-8.
func terminalSafe(t *testing.T, what, out string) {
	t.Helper()
	for i, r := range out {
		if r == utf8.RuneError || !unicode.IsGraphic(r) && r != '\n' && r != '\t' {
			t.Errorf("%s: %U reached the terminal raw at byte %d:\n%q", what, r, i, out)
			return
		}
	}
}
