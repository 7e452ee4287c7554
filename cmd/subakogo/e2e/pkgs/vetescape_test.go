package pkgs

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// hostileMarkersPackage is a function package whose markers carry terminal
// escapes: an OSC that sets the window title, a screen clear.
const hostileMarkersPackage = "// Says hello.\n//\n//subako:package hello\npackage main\n\n" +
	"// GreetInput is greet's arguments.\ntype GreetInput struct {\n" +
	"\t// Who to greet.\n\t//subako:pattern=^a\x1b]0;pwned\x07$\n\t//subako:default=\"b\"\n\tName string `json:\"name,omitempty\"`\n" +
	"\t// Mode.\n\t//subako:enum=a\x1b[2J,b\n\tMode string `json:\"mode,omitempty\"`\n}\n\n" +
	"// Greeting is greet's answer.\ntype Greeting struct {\n\t// The greeting.\n\tMessage string `json:\"message\"`\n}\n\n" +
	"// Greet someone by name.\n//\n//subako:function\nfunc greet(in GreetInput) (Greeting, error) { return Greeting{Message: \"Hello\"}, nil }\n"

// TestVettoolEscapesMarkers (attack pass 41c, row 1): go vet -vettool=subakogo
// printed A011's messages with the marker's value as written, so an ESC
// or BEL from a cloned package's comments reached the terminal raw (lint.md:
// "every message on stderr escapes it"; go.md: a cloned package's text is
// escaped for a terminal).
func TestVettoolEscapesMarkers(t *testing.T) {
	t.Parallel()
	bin := subakogoBinary(t)
	dir := t.TempDir()
	root, err := filepath.Abs(filepath.Join("..", "..", "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"go.mod":  "module example.com/esc\n\ngo 1.26\n\nrequire github.com/subako-ai/subako-go v0.0.0\n\nreplace github.com/subako-ai/subako-go => " + root + "\n",
		"main.go": hostileMarkersPackage,
	}
	for name, b := range files {
		if err := writeFile(filepath.Join(dir, name), []byte(b)); err != nil {
			t.Fatal(err)
		}
	}
	vet := exec.Command("go", "vet", "-vettool="+bin, ".")
	vet.Dir = dir
	b, _ := vet.CombinedOutput()
	out := string(b)
	if !strings.Contains(out, "A011 marker-value") {
		t.Fatalf("go vet did not report A011:\n%q", out)
	}
	for _, raw := range []string{"\x1b", "\x07"} {
		if i := strings.Index(out, raw); i >= 0 {
			line := out[strings.LastIndex(out[:i], "\n")+1:]
			if j := strings.IndexByte(line, '\n'); j >= 0 {
				line = line[:j]
			}
			t.Errorf("go vet -vettool=subakogo prints %q raw, in the line\n%q", raw, line)
		}
	}
}
