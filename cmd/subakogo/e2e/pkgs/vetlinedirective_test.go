package pkgs

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestVettoolEscapesLineDirectives (attack pass 41n, row 2): a position's
// file name comes from a //line directive as well as from the file's own
// name, and 41i row 9's fix rewrote only the latter, before the file's
// first directive: a plainly named main.go holding `//line
// m<ESC>]0;pwned<BEL>.go:1`, or a file so named holding any //line
// directive, put the OSC raw on go vet's lines. Everything unitchecker
// prints is now escaped in subakogo's parent process; -json's output
// (which go vet decodes and prints) stays JSON, its strings escaped.
func TestVettoolEscapesLineDirectives(t *testing.T) {
	t.Parallel()
	bin := subakogoBinary(t)
	root, err := filepath.Abs(filepath.Join("..", "..", "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	gomod := "module example.com/esc\n\ngo 1.26\n\nrequire github.com/subako-ai/subako-go v0.0.0\n\nreplace github.com/subako-ai/subako-go => " + root + "\n"
	src := strings.Replace(hostileMarkersPackage, "^a\x1b]0;pwned\x07$", "^a[$", 1)
	src = strings.Replace(src, "a\x1b[2J,b", "a,b", 1)
	directive := strings.Replace(src, "package main\n", "package main\n//line m\x1b]0;pwned\x07.go:1\n", 1)
	for name, files := range map[string]map[string]string{
		"directive": {"main.go": directive},
		"name":      {"m\x1b]0;pwned\x07.go": src + "\n//line plain.go:10\nvar _ = 2\n"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			files["go.mod"] = gomod
			for name, b := range files {
				if err := writeFile(filepath.Join(dir, name), []byte(b)); err != nil {
					t.Fatal(err)
				}
			}
			for _, json := range []bool{false, true} {
				args := []string{"vet", "-vettool=" + bin}
				if json {
					args = append(args, "-json")
				}
				vet := exec.Command("go", append(args, ".")...)
				vet.Dir = dir
				b, _ := vet.CombinedOutput()
				out := string(b)
				if !strings.Contains(out, "A011") || !json && !strings.Contains(out, `\x1b]0;pwned\x07`) {
					t.Fatalf("go vet (json %v) did not report A011 at the escaped name:\n%q", json, out)
				}
				for _, line := range strings.Split(out, "\n") {
					if strings.ContainsAny(line, "\x1b\x07") {
						t.Errorf("go vet -vettool=subakogo (json %v) prints a line raw: %q", json, line)
					}
				}
				if json {
					checkVetJSON(t, out)
				}
			}
		})
	}
}

// checkVetJSON checks that go vet -json's output, escaped, is still JSON
// holding the file name escaped (the go command decodes and prints the
// JSON of its own -json run as text).
func checkVetJSON(t *testing.T, out string) {
	t.Helper()
	start := strings.IndexByte(out, '{')
	if start < 0 {
		t.Fatalf("no JSON in %q", out)
	}
	var v map[string]map[string][]struct{ Posn, Message string }
	if err := json.Unmarshal([]byte(out[start:]), &v); err != nil {
		t.Fatalf("-json output is no longer JSON: %v\n%q", err, out)
	}
	for _, byAnalyzer := range v {
		for _, ds := range byAnalyzer {
			for _, d := range ds {
				if strings.ContainsAny(d.Posn+d.Message, "\x1b\x07") || !strings.Contains(d.Posn, `\x1b]0;pwned\x07`) {
					t.Errorf("-json's position %q, message %q: not escaped", d.Posn, d.Message)
				}
			}
		}
	}
}
