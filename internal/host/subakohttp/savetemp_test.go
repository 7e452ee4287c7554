package subakohttp

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/internal/host/sandboxfs"
)

// midReader is a body of n bytes that calls mid once, after its first
// piece, then fails with fail at the end instead of io.EOF when set.
type midReader struct {
	n    int
	mid  func()
	fail error
}

func (r *midReader) Read(p []byte) (int, error) {
	if r.mid != nil && r.n > 0 && len(p) < r.n {
		defer func() { r.mid(); r.mid = nil }()
	}
	if r.n == 0 {
		if r.fail != nil {
			return 0, r.fail
		}
		return 0, io.EOF
	}
	m := min(len(p), r.n)
	for i := range p[:m] {
		p[i] = 'a'
	}
	r.n -= m
	return m, nil
}

// saveEnv is a volume with /volume/tmp and a call's budget.
func saveEnv(t *testing.T, lim sandboxfs.Limits) (*Config, string) {
	t.Helper()
	vol := t.TempDir()
	tmp := filepath.Join(vol, "tmp")
	if err := os.Mkdir(tmp, 0o755); err != nil {
		t.Fatal(err)
	}
	return &Config{Volume: vol, WriteBudget: sandboxfs.NewBudget(lim)}, tmp
}

func saveBody(t *testing.T, c *Config, p string, body io.Reader) (int64, error) {
	t.Helper()
	v, err := c.openVolume()
	if err != nil {
		t.Fatal(err)
	}
	defer v.close()
	out, err := v.checkOutput(p)
	if err != nil {
		t.Fatal(err)
	}
	return out.save(body, c.WriteBudget)
}

func names(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		out = append(out, e.Name())
	}
	return out
}

// TestFailedSaveKeepsFileRenamedOntoOutput: while a save that will fail
// (past the write budget) is under way, another call (serve's calls share
// the volume) renames its own file onto the output's name; the failed
// save removes only what it wrote, and the other call's file stays. The
// save wrote the name itself and removed it by name, the other call's
// file with it (attack pass 51c, row 1). The partial bytes stay charged,
// and nothing of the save is left behind.
func TestFailedSaveKeepsFileRenamedOntoOutput(t *testing.T) {
	c, tmp := saveEnv(t, sandboxfs.Limits{Bytes: 100_000, Entries: 10, Depth: 64})
	if err := os.WriteFile(filepath.Join(tmp, "b"), []byte("B's file"), 0o644); err != nil {
		t.Fatal(err)
	}
	body := &midReader{n: 200_000, mid: func() {
		if err := os.Rename(filepath.Join(tmp, "b"), filepath.Join(tmp, "out")); err != nil {
			t.Error(err)
		}
	}}
	_, err := saveBody(t, c, "/volume/tmp/out", body)
	var f *failure
	if !errors.As(err, &f) || f.kind != abi.HTTPWriteBudget {
		t.Fatalf("save: %v, want write_budget", err)
	}
	if data, err := os.ReadFile(filepath.Join(tmp, "out")); string(data) != "B's file" {
		t.Errorf("the other call's file: %q, %v", data, err)
	}
	if got := names(t, tmp); !slices.Equal(got, []string{"out"}) {
		t.Errorf("/volume/tmp holds %v, want only the other call's out", got)
	}
	if used := c.WriteBudget.Used(); used != 3*32<<10 { // the pieces that fitted
		t.Errorf("%d bytes charged, want the partial body's 98304", used)
	}
}

// TestSaveWritesAsideUntilWhole: the output's name keeps what it held
// until the body is whole, then names the body; a body cut short (the
// call stopped, its connection failed) leaves the name as it was and no
// file of the save behind. A new name is one entry of the call's limit,
// a name replaced none.
func TestSaveWritesAsideUntilWhole(t *testing.T) {
	c, tmp := saveEnv(t, sandboxfs.Limits{Bytes: 1 << 30, Entries: 1, Depth: 64})
	var during []string
	n, err := saveBody(t, c, "/volume/tmp/out", &midReader{n: 100_000, mid: func() { during = names(t, tmp) }})
	if err != nil || n != 100_000 {
		t.Fatalf("save: %d, %v", n, err)
	}
	if len(during) != 1 || !strings.HasPrefix(during[0], ".subako-save-") || len(during[0]) != len(".subako-save-")+32 {
		t.Errorf("during the save /volume/tmp held %v, want one file of the save", during)
	}
	if got := names(t, tmp); !slices.Equal(got, []string{"out"}) {
		t.Errorf("after: %v", got)
	}
	if e := c.WriteBudget.Entries(); e != 1 {
		t.Errorf("%d entries charged for a new name, want 1", e)
	}
	// Replacing it costs no entry (the limit of 1 is reached).
	if _, err := saveBody(t, c, "/volume/tmp/out", strings.NewReader("whole")); err != nil {
		t.Fatalf("replace: %v", err)
	}
	if data, _ := os.ReadFile(filepath.Join(tmp, "out")); string(data) != "whole" {
		t.Errorf("replaced: %q", data)
	}
	// A new name past the limit is refused, nothing made.
	if _, err := saveBody(t, c, "/volume/tmp/other", strings.NewReader("x")); err == nil || !strings.Contains(err.Error(), "limit on files created") {
		t.Errorf("past the entries limit: %v", err)
	}
	// Cut short: the name keeps its body.
	cut := errors.New("the call is ending")
	if _, err := saveBody(t, c, "/volume/tmp/out", &midReader{n: 100_000, fail: cut}); !errors.Is(err, cut) {
		t.Fatalf("cut: %v", err)
	}
	if data, _ := os.ReadFile(filepath.Join(tmp, "out")); string(data) != "whole" {
		t.Errorf("after a cut body: %q", data)
	}
	if got := names(t, tmp); !slices.Equal(got, []string{"out"}) {
		t.Errorf("after a cut body: %v", got)
	}
}

// TestSavedPathNamingADirectory: an output path ending in "/" or "/." is
// bad_path, as the module's own open of it would fail: it was saved as
// the file before the slash (attack pass 51c, row 2).
func TestSavedPathNamingADirectory(t *testing.T) {
	c, tmp := saveEnv(t, sandboxfs.Limits{Bytes: 1 << 20, Entries: 10, Depth: 64})
	if err := os.WriteFile(filepath.Join(tmp, "f"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	v, err := c.openVolume()
	if err != nil {
		t.Fatal(err)
	}
	defer v.close()
	for _, p := range []string{"/volume/tmp/f/.", "/volume/tmp/new/", "/volume/tmp/f/", "/volume/tmp/sub/.", "/volume/tmp/f//"} {
		_, err := v.checkOutput(p)
		var f *failure
		if !errors.As(err, &f) || f.kind != abi.HTTPBadPath || !strings.Contains(f.message, `ends in "/" or "/."`) {
			t.Errorf("%s: %v, want bad_path", p, err)
		}
	}
	if got := names(t, tmp); !slices.Equal(got, []string{"f"}) {
		t.Errorf("/volume/tmp holds %v", got)
	}
}
