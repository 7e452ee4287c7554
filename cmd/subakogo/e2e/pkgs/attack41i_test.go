package pkgs

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestAttack41i_VettoolFileName (attack pass 41i, row 9): go vet -vettool=subakogo prints each
// diagnostic's position as unitchecker writes it, the file name raw: a
// source file named with an OSC (m\x1b]0;pwned\x07.go, from a cloned
// package) retitles the terminal on every A0xx line, where check and
// generate (stderr through termsafe) escape the same name. (The go
// command's own errors print the name raw too: low.)
func TestAttack41i_VettoolFileName(t *testing.T) {
	t.Parallel()
	bin := subakogoBinary(t)
	dir := t.TempDir()
	root, err := filepath.Abs(filepath.Join("..", "..", "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	src := strings.Replace(hostileMarkersPackage, "^a\x1b]0;pwned\x07$", "^a[$", 1)
	src = strings.Replace(src, "a\x1b[2J,b", "a,b", 1)
	files := map[string]string{
		"go.mod":               "module example.com/esc\n\ngo 1.26\n\nrequire github.com/subako-ai/subako-go v0.0.0\n\nreplace github.com/subako-ai/subako-go => " + root + "\n",
		"m\x1b]0;pwned\x07.go": src,
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
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, "A011") && strings.ContainsAny(line, "\x1b\x07") {
			t.Errorf("go vet -vettool=subakogo prints the file name raw: %q", line)
		}
	}
}
