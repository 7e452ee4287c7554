package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// TestInitFailureKeepsOthersFiles: init, failing or interrupted, removes
// only the entries it wrote, never one that appeared in DIR meanwhile.
// Attack pass 44b, row 1: the failure path removed every entry of DIR as
// it was at the failure (os.ReadDir + RemoveAll), so a file the person,
// an editor or git init put there during init's go commands was deleted
// with the scaffold by a Ctrl-C or a failed go mod tidy. Here the file
// appears between initTarget's emptiness check and writePackage, and the
// context is cancelled, as Ctrl-C during go mod tidy cancels it.
func TestInitFailureKeepsOthersFiles(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "pkg")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	target, err := initTarget(dir)
	if err != nil {
		t.Fatal(err)
	}
	mine := filepath.Join(target, "notes.md")
	if err := os.WriteFile(mine, []byte("the person's own notes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // Ctrl-C during go mod tidy
	code := writePackage(ctx, dir, target, "hello", "", "", io.Discard, io.Discard)
	if code == exitOK {
		t.Fatalf("init with a cancelled context exited 0")
	}
	if _, err := os.Stat(mine); err != nil {
		t.Errorf("init failed (exit %d) and removed notes.md, which it did not write: %v", code, err)
	}
	entries, err := os.ReadDir(target)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("init left %v beside notes.md, want nothing of its own", names)
	}
}

// TestInitUndoKeepsOthersDirectories: what init made is undone file by
// file, and a directory it created is removed only when it holds nothing
// else (attack pass 44b, row 1: a DIR init created was removed whole,
// RemoveAll, with whatever had been put in it or in a created parent).
func TestInitUndoKeepsOthersDirectories(t *testing.T) {
	root := t.TempDir()
	target := filepath.Join(root, "new", "pkg")
	var m made
	if err := m.mkdirAll(target); err != nil {
		t.Fatal(err)
	}
	if err := m.writeFile(filepath.Join(target, "testdata", "calls.json"), []byte("[]\n")); err != nil {
		t.Fatal(err)
	}
	if err := m.writeFile(filepath.Join(target, "main.go"), []byte("package main\n")); err != nil {
		t.Fatal(err)
	}
	// The person's, in a parent init created and in a directory of the scaffold.
	theirs := []string{filepath.Join(root, "new", "plan.txt"), filepath.Join(target, "testdata", "mine.json")}
	for _, p := range theirs {
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	m.undo()
	for _, p := range theirs {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("undo removed %s, which init did not write: %v", p, err)
		}
	}
	for _, p := range []string{filepath.Join(target, "main.go"), filepath.Join(target, "testdata", "calls.json")} {
		if _, err := os.Lstat(p); err == nil {
			t.Errorf("undo left %s, which init wrote", p)
		}
	}
	if _, err := os.Lstat(filepath.Join(target, ".")); err != nil {
		t.Errorf("undo removed %s, which holds the person's testdata/mine.json: %v", target, err)
	}
	// Nothing of theirs: everything init made goes.
	var m2 made
	other := filepath.Join(root, "other", "pkg")
	if err := m2.writeFile(filepath.Join(other, ".github", "workflows", "subako.yml"), []byte("x")); err != nil {
		t.Fatal(err)
	}
	m2.undo()
	if _, err := os.Lstat(filepath.Join(root, "other")); err == nil {
		t.Errorf("undo left %s, which init created and which holds nothing else", filepath.Join(root, "other"))
	}
}
