package host

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/host/sandboxfs"
)

// TestEscape runs a module that tries every way out of its mounts (see
// testdata/escape) against a layout with a sentinel directory beside the
// volume and links into it planted where the module will find them. Nothing
// outside may be read, listed, created or changed, and the budget's limits
// on depth, entries and bytes answer EDQUOT.
func TestEscape(t *testing.T) {
	dir := t.TempDir()
	outside := filepath.Join(dir, "outside")
	vol := filepath.Join(dir, "volume")
	pkg := filepath.Join(dir, "pkg")
	for _, d := range []string{outside, filepath.Join(vol, "tmp"), pkg} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(p, s string) {
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(outside, "secret"), "SECRET")
	write(filepath.Join(outside, "secret2"), "SECRET2")
	write(filepath.Join(pkg, "asset.txt"), "asset")
	mkfifo(t, filepath.Join(pkg, "fifo"))
	for _, l := range [][2]string{
		{"../../outside", filepath.Join(vol, "tmp", "found")},
		{"../outside", filepath.Join(pkg, "up")},
		{"/proc/self/environ", filepath.Join(pkg, "env")}, // where CI keeps secrets
	} {
		if err := os.Symlink(l[0], l[1]); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Link(filepath.Join(outside, "secret2"), filepath.Join(vol, "tmp", "hard")); err != nil {
		t.Fatal(err)
	}

	h := newHost(t)
	m := compile(t, h, buildWasm(t, "./testdata/escape"))
	s, err := h.start(context.Background(), m, RunConfig{
		Mounts:  Mounts{Volume: vol, Package: pkg},
		Timeout: 20 * time.Second,
		Limits:  sandboxfs.Limits{Bytes: 1 << 20, Entries: 40, Depth: 5},
	})
	if err != nil {
		t.Fatal(err)
	}
	r := s.wait()
	got := map[string]string{}
	var order []string
	for _, l := range r.Lines {
		name, result, _ := strings.Cut(string(l.Text), ": ")
		got[name] = result
		order = append(order, string(l.Text))
		if strings.Contains(result, "SECRET") {
			t.Errorf("the module read outside its mounts: %s", l.Text)
		}
	}
	const (
		eperm  = "errno 63"
		enoent = "errno 44"
		edquot = "errno 19"
	)
	want := map[string]string{
		"symlink-up":               eperm,
		"read-via-made-link":       enoent,
		"symlink-dotdot-inside":    eperm,
		"symlink-absolute":         eperm,
		"symlink-down":             "ok",
		"read-via-down-link":       `read "inside"`,
		"list-package":             "read asset.txt,env,fifo,up",
		"read-via-found-link":      eperm,
		"list-via-found-link":      eperm,
		"create-via-found-link":    eperm,
		"mkdir-via-found-link":     eperm,
		"hardlink-via-found-link":  eperm,
		"read-package-found-link":  eperm,
		"remove-via-found-link":    eperm,
		"rename-via-found-link":    eperm,
		"remove-own-file":          "ok",
		"remove-own-dir":           "ok",
		"remove-package":           "ok", // in the run's copy
		"write-found-hardlink":     eperm,
		"truncate-found-hardlink":  eperm,
		"write-package":            "ok", // the run's copy of the package
		"create-readonly-package":  "ok",
		"mkdir-package":            "ok",
		"read-package":             `read "asset"`,
		"read-new-package":         `read "x"`,
		"read-package-up-copied":   eperm,     // the link to ../outside, copied, still leads nowhere
		"open-fifo":                "errno 2", // EACCES
		"read-absolute-found-link": eperm,
		"deep-at-6":                edquot,
		"mkdir-shallow":            "ok",
		"rename-deeper":            edquot,
		"truncate-huge":            edquot,
		"write-far":                edquot,
		// 40 entries less the 15 made above: the link, sub and its file,
		// what the module made in the package's copy (new, new2, dir),
		// 5 levels, a/b/c, big. The copy itself (asset.txt, env, up) is
		// the person's, not charged (attack pass 45e, row 3).
		"files-after-25": edquot,
	}
	for name, w := range want {
		if got[name] != w {
			t.Errorf("%s: %q, want %q", name, got[name], w)
		}
	}
	if t.Failed() {
		t.Logf("module output:\n%s\nstderr: %s trap %q", strings.Join(order, "\n"), r.Stderr, r.Trap)
	}
	// Outside: the same two files, unchanged.
	entries, _ := os.ReadDir(outside)
	if len(entries) != 2 {
		t.Errorf("outside holds %d entries", len(entries))
	}
	for name, content := range map[string]string{"secret": "SECRET", "secret2": "SECRET2"} {
		if b, _ := os.ReadFile(filepath.Join(outside, name)); string(b) != content {
			t.Errorf("%s is now %q", name, b)
		}
	}
	// The person's package directory: as it was, whatever the module
	// changed in its copy.
	if entries, _ := os.ReadDir(pkg); len(entries) != 4 {
		t.Errorf("the package directory holds %d entries, want its 4", len(entries))
	}
	if b, _ := os.ReadFile(filepath.Join(pkg, "asset.txt")); string(b) != "asset" {
		t.Errorf("the package's asset.txt is now %q", b)
	}
	// No link the module left leads up.
	_ = filepath.WalkDir(vol, func(p string, d os.DirEntry, err error) error {
		if err == nil && d.Type()&os.ModeSymlink != 0 && p != filepath.Join(vol, "tmp", "found") {
			if target, _ := os.Readlink(p); strings.Contains(target, "..") || filepath.IsAbs(target) {
				t.Errorf("the module left %s -> %s", p, target)
			}
		}
		return nil
	})
}
