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

// TestAttack43c_ProbeVerdictRunToRun (attack pass 43c, row 1): the probes'
// calls are seeded so that a case runs the same way every time, but each
// run's fresh volume has the real file system's times: a module that
// hashes /volume/tmp's mtime and traps on one value in 16 of the hash
// draws, on a quiet machine, exit 1 with P030, exit 1 with P031 (another
// smallest case) and a clean exit 0 from lint after lint. The verdict of
// one module must be one verdict.
func TestAttack43c_ProbeVerdictRunToRun(t *testing.T) {
	if testing.Short() {
		t.Skip("lints a module eight times")
	}
	p := fsModuleAttack43c(t, "FSTIME43C=16")
	bin := subakogoBinary(t)
	cache := t.TempDir()
	seen := map[string]int{}
	for range 8 {
		code, ids, _ := budgetLint(t, bin, "", cache, nil, p)
		seen[fmtVerdictAttack43c(code, ids)]++
	}
	if len(seen) > 1 {
		t.Errorf("one module, eight lints, %d verdicts: %v", len(seen), seen)
	}
}

func fmtVerdictAttack43c(code int, ids string) string {
	return "exit " + string(rune('0'+code)) + " [" + ids + "]"
}
