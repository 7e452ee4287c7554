package pkgs

import (
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// A Go package that embeds 20 MiB: size names the file and suggests
// assets/, says the module is over 16 MiB, and lint warns (W041) without
// failing; size of the module file itself measures a cold call.
func TestSize(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 20 MiB wasip1 module")
	}
	dir := t.TempDir()
	big := make([]byte, 20<<20)
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range big {
		big[i] = byte(rng.Uint32())
	}
	for name, text := range map[string]string{
		"go.mod":         "module example.com/heavy\n\ngo 1.26\n",
		"main.go":        "package main\n\nimport _ \"embed\"\n\n//go:embed words.bin\nvar words []byte\n\nfunc main() { println(len(words)) }\n",
		"words.bin":      string(big),
		"small/small.go": "package small\n",
	} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	wd, _ := os.Getwd()
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.Chdir(wd) })
	code, out, errs := runCLI("size", "--static", "--top", "3", ".")
	for _, want := range []string{
		". (built for wasip1): 2", "over the 16 MiB a module should stay under (W041",
		"\n  data ", "\ncode by package", "\n  runtime ", "... ", "more packages",
		"embedded files (//go:embed), 1 file, 20.0 MiB", "example.com/heavy/words.bin  20971520",
		"assets/ folder, which Subako mounts at /package",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("size lacks %q:\n%s", want, out)
		}
	}
	if code != exitOK || !strings.Contains(errs, "building . for wasip1") {
		t.Errorf("exit %d, stderr %s", code, errs)
	}
	mod := filepath.Join(t.TempDir(), "heavy.wasm")
	build := exec.Command("go", "build", "-o", mod, ".")
	build.Env = append(os.Environ(), "GOOS=wasip1", "GOARCH=wasm")
	if b, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, b)
	}
	code, out, _ = runCLI("lint", "--static", mod)
	if code != exitOK || !strings.Contains(out, "warning W041 module-size: the module is 2") || !strings.Contains(out, "of it is data, such as files a Go package embeds (//go:embed): ship them in assets/") {
		t.Errorf("lint: exit %d\n%s", code, out)
	}
	code, out, _ = runCLI("size", mod)
	if code != exitOK || !strings.Contains(out, "cold call here: compiling ") || !strings.Contains(out, "a fresh instance answering discovery ") {
		t.Errorf("size of the module: exit %d\n%s", code, out)
	}
}
