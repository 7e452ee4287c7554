package throttled

import (
	"os/exec"
	"path/filepath"
	"testing"
)

// fsModuleAttack43c builds attack/testdata/fstime43c.c (the C probe
// subject add.c with a hook at the start of every call) with the -D
// switches given.
func fsModuleAttack43c(t *testing.T, defs ...string) string {
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
	return p
}

func fmtVerdictAttack43c(code int, ids string) string {
	return "exit " + string(rune('0'+code)) + " [" + ids + "]"
}
