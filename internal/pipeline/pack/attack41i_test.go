package pack

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAttack41i_CommitRechecksNothing (attack pass 41i, row 5): pack checks -o with Target before
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

// TestCommitReplacesOnlyPacks (attack pass 41i, row 5): Commit replaces
// a package directory pack wrote (the old module gone, the new one in)
// and a missing target, and leaves no directory aside.
func TestCommitReplacesOnlyPacks(t *testing.T) {
	root := t.TempDir()
	stage := func(body string) *Staged {
		dir, err := os.MkdirTemp(root, ".subako-pack-")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "module.wasm"), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return &Staged{out: filepath.Join(root, "dist"), dir: dir}
	}
	for _, body := range []string{"first", "second"} {
		s := stage(body)
		if err := s.Commit(); err != nil {
			t.Fatalf("commit %s: %v", body, err)
		}
		s.Close()
		if b, err := os.ReadFile(filepath.Join(root, "dist", "module.wasm")); err != nil || string(b) != body {
			t.Errorf("after commit %s: %q, %v", body, b, err)
		}
	}
	entries, _ := os.ReadDir(root)
	if len(entries) != 1 {
		t.Errorf("left beside the target: %v", entries)
	}
	// A target with a file pack did not write: refused, as it was.
	if err := os.WriteFile(filepath.Join(root, "dist", "notes.txt"), []byte("mine\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := stage("third")
	defer s.Close()
	var changed *TargetChangedError
	if err := s.Commit(); !errors.As(err, &changed) || !strings.Contains(err.Error(), "notes.txt") {
		t.Errorf("commit over a target holding notes.txt: %v", err)
	}
	if b, err := os.ReadFile(filepath.Join(root, "dist", "module.wasm")); err != nil || string(b) != "second" {
		t.Errorf("the refused target's module: %q, %v", b, err)
	}
}
