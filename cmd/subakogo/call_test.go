package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestShowResultConfined: a resource_link is resolved inside the volume
// only, whether it climbs with ".." or goes through a symbolic link out of
// the volume; a host file beside the volume is never named or measured.
func TestShowResultConfined(t *testing.T) {
	dir := t.TempDir()
	vol := filepath.Join(dir, "volume")
	if err := os.MkdirAll(filepath.Join(vol, "tmp"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "secret"), []byte("123456789"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(vol, "tmp", "chart.png"), []byte("png"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../../secret", filepath.Join(vol, "tmp", "out.png")); err != nil {
		t.Fatal(err)
	}
	result := `{"content":[
		{"type":"resource_link","uri":"volume:///../secret","name":"a"},
		{"type":"resource_link","uri":"volume:///tmp/../../secret","name":"b"},
		{"type":"resource_link","uri":"volume:///tmp/out.png","name":"c"},
		{"type":"resource_link","uri":"volume:///tmp/chart.png","name":"d"}]}`
	var out bytes.Buffer
	if code := showResult(&out, []byte(result), vol, true); code != exitOK {
		t.Fatalf("exit %d", code)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 4 {
		t.Fatalf("output:\n%s", out.String())
	}
	for _, l := range lines[:3] {
		if !strings.Contains(l, "leads outside the volume") || strings.Contains(l, "9 bytes") || strings.Contains(l, filepath.Join(dir, "secret")) {
			t.Errorf("escaping link shown as %q", l)
		}
	}
	if want := "at " + filepath.Join(vol, "tmp", "chart.png") + " (3 bytes)"; !strings.Contains(lines[3], want) {
		t.Errorf("link inside: %q", lines[3])
	}
}

// TestInitModulePath: a module path that would break go.mod is refused
// before anything is written.
func TestInitModulePath(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "pkg")
	code, _, stderr := runCLI("init", "--module", `a"; b`, "--replace", ".", dir)
	if code != exitUsage || !strings.Contains(stderr, "--module") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("init wrote %s: %v", dir, err)
	}
}
