package generate

import (
	"context"
	"errors"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/check/gocheck"
	"github.com/subako-ai/subako-go/internal/cli"
)

func TestLineDiff(t *testing.T) {
	old := "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\n"
	new := "a\nB\nc\nd\ne\nf\ng\nh\ni\nj\nk\nL\nm\n"
	got := LineDiff("x", []byte(old), []byte(new))
	want := "--- x (on disk)\n+++ x (generated)\n@@ -1 +1 @@\n a\n-b\n+B\n c\n d\n e\n@@ -9 +9 @@\n i\n j\n k\n-l\n+L\n+m\n"
	if got != want {
		t.Errorf("diff:\n%s\nwant:\n%s", got, want)
	}
}

// TestCommittedFresh: every subako_gen.go committed in this repository is
// what the generator writes now, so a change to codegen cannot leave an
// example serving what the old generator wrote. (The benchmarks' packages
// are generated when they run: internal/toolspkg.)
func TestCommittedFresh(t *testing.T) {
	if testing.Short() {
		t.Skip("loads and type-checks packages")
	}
	for _, dir := range []string{"examples/hello", "examples/weather", "examples/chart"} {
		t.Run(dir, func(t *testing.T) {
			a, err := gocheck.Analyze(context.Background(), "../../"+dir)
			if err != nil {
				t.Fatal(err)
			}
			var stderr strings.Builder
			code, path, ok := Render("test", a, &stderr)
			if !ok {
				t.Fatalf("%s", stderr.String())
			}
			old, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if string(old) != string(code) {
				t.Errorf("%s is stale: run go generate ./%s\n%s", path, dir, LineDiff(path, old, code))
			}
		})
	}
}

// TestDoesNotBuild: a package that does not type-check is refused with its
// errors and their positions (exit 3), and nothing is written; the
// analyzers do not run on it, so it once looked like a package without
// handlers, or was generated from what its syntax showed.
func TestDoesNotBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("loads and type-checks a package")
	}
	var stdout, stderr strings.Builder
	if code := Command(context.Background(), "test", []string{"./testdata/broken"}, &stdout, &stderr); code != cli.Unreadable {
		t.Errorf("exit %d, want %d; stderr:\n%s", code, cli.Unreadable, stderr.String())
	}
	if !strings.Contains(stderr.String(), "does not build") || !strings.Contains(stderr.String(), "main.go:15:14") {
		t.Errorf("stderr does not name the error's position:\n%s", stderr.String())
	}
	if _, err := os.Stat("testdata/broken/subako_gen.go"); !os.IsNotExist(err) {
		t.Errorf("a file was written: %v", err)
	}
}

// TestFirstLineBeforeLoad: generate says what it loads before loading
// begins (load is where the seconds of a first run go), so go generate's
// first line never waits for it.
func TestFirstLineBeforeLoad(t *testing.T) {
	var stderr strings.Builder
	loaded := false
	load = func(_ context.Context, pattern string) (*gocheck.Result, error) {
		loaded = true
		if !strings.Contains(stderr.String(), "subakogo-generate: loading ./x and type-checking everything it imports") {
			t.Errorf("when loading began, stderr held %q", stderr.String())
		}
		return nil, errors.New("stop here")
	}
	t.Cleanup(func() { load = gocheck.Analyze })
	code := Command(context.Background(), "subakogo-generate", []string{"./x"}, io.Discard, &stderr)
	if !loaded || code != cli.Unreadable || !strings.HasSuffix(stderr.String(), "subakogo-generate: stop here\n") {
		t.Errorf("exit %d, loaded %v, stderr %q", code, loaded, stderr.String())
	}
}
