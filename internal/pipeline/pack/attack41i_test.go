package pack

import (
	"os"
	"path/filepath"
	"testing"
)

// TestAttack41i_CommitRechecksNothing: pack checks -o with Target before
// it builds, and Commit, after the build, the lint and the probes (a
// minute or more), removes whatever is at -o then (os.RemoveAll) without
// looking again: a directory made at that path meanwhile (another
// tool's output, a person's notes), with files pack never wrote, is
// deleted. pack.go promises Target makes pack "never delete anything it
// did not write".
func TestAttack41i_CommitRechecksNothing(t *testing.T) {
	root := t.TempDir()
	out := filepath.Join(root, "dist")
	if err := Target(out, filepath.Join(root, "src"), func(s string) string { return s }); err != nil {
		t.Fatal(err)
	}
	staged, err := os.MkdirTemp(root, ".subako-pack-")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(staged, "module.wasm"), []byte("\x00asm\x01\x00\x00\x00"), 0o644); err != nil {
		t.Fatal(err)
	}
	// While pack builds: someone else's directory at -o.
	if err := os.Mkdir(out, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(out, "notes.txt"), []byte("precious\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := &Staged{out: out, dir: staged}
	defer s.Close()
	err = s.Commit()
	if _, serr := os.Stat(filepath.Join(out, "notes.txt")); serr != nil {
		t.Errorf("Commit (err %v) deleted %s, which pack never wrote and Target would refuse now: %v", err, filepath.Join(out, "notes.txt"), serr)
	}
}
