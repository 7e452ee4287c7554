package host

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// fsModuleAttack43c builds attack/testdata/fstime43c.c (the C probe
// subject add.c with a hook at the start of every call) with the -D
// switches given; it skips without clang and wasi-libc.
func fsModuleAttack43c(t *testing.T, defs ...string) []byte {
	t.Helper()
	clang, err := exec.LookPath("clang")
	if err != nil {
		t.Skip("clang with wasi-libc builds the subject")
	}
	p := filepath.Join(t.TempDir(), "fstime43c.wasm")
	args := []string{"--target=wasm32-wasi", "-O2", "-Wl,--strip-debug", "-o", p}
	for _, d := range defs {
		args = append(args, "-D"+d)
	}
	args = append(args, filepath.Join("..", "..", "attack", "testdata", "fstime43c.c"))
	if out, err := exec.Command(clang, args...).CombinedOutput(); err != nil {
		t.Skipf("clang: %v\n%s", err, out)
	}
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
