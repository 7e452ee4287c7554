package pkgcheck

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/check/manifestcheck"
	"github.com/subako-ai/subako-go/internal/gowasm"
	"github.com/subako-ai/subako-go/internal/report"
	"github.com/subako-ai/subako-go/internal/rules"
	"github.com/subako-ai/subako-go/internal/wasmbuild"
)

const goodManifest = `{"abi": 1, "name": "hello", "description": "Says hello."}`

// dirWith makes a package directory; each file is written by its maker.
func dirWith(t *testing.T, makers map[string]func(path string) error) string {
	t.Helper()
	dir := t.TempDir()
	for name, mk := range makers {
		if err := mk(filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func write(b string) func(string) error {
	return func(p string) error { return os.WriteFile(p, []byte(b), 0o644) }
}
func symlink(target string) func(string) error {
	return func(p string) error { return os.Symlink(target, p) }
}
func fifo(p string) error  { return syscall.Mkfifo(p, 0o644) }
func mkdir(p string) error { return os.Mkdir(p, 0o755) }

func allSlugs(files []report.File) []string {
	var out []string
	for _, f := range files {
		out = append(out, slugsOf(f.Findings, rules.Info)...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// TestDirNotRegular: a symbolic link, a directory, a device or a FIFO in
// place of module.wasm or subako-package.json is an M008 finding, found at
// once: nothing is opened for reading, so /dev/zero cannot stream and a
// FIFO cannot hang the linter.
func TestDirNotRegular(t *testing.T) {
	module := string(wasmbuild.Encode(wasmbuild.Command()))
	target := filepath.Join(t.TempDir(), "module.wasm")
	if err := os.WriteFile(target, []byte(module), 0o644); err != nil {
		t.Fatal(err)
	}
	for name, makers := range map[string]map[string]func(string) error{
		"module is the zero device":   {ModuleName: symlink("/dev/zero"), manifestcheck.FileName: write(goodManifest)},
		"module is a FIFO":            {ModuleName: fifo, manifestcheck.FileName: write(goodManifest)},
		"module is a directory":       {ModuleName: mkdir, manifestcheck.FileName: write(goodManifest)},
		"module links to a module":    {ModuleName: symlink(target), manifestcheck.FileName: write(goodManifest)},
		"manifest is a FIFO":          {ModuleName: write(module), manifestcheck.FileName: fifo},
		"manifest is the zero device": {ModuleName: write(module), manifestcheck.FileName: symlink("/dev/zero")},
	} {
		dir := dirWith(t, makers)
		done := make(chan []report.File, 1)
		go func() {
			judged, err := checker(t).Dir(context.Background(), dir, false)
			if err != nil {
				t.Errorf("%s: %v", name, err)
				judged = &Result{}
			}
			done <- judged.Files
		}()
		select {
		case files := <-done:
			if got := allSlugs(files); !slices.Contains(got, "package-file-not-regular") {
				t.Errorf("%s: %v", name, got)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: still reading after 10 s", name)
		}
	}
}

func TestDirTooLarge(t *testing.T) {
	dir := dirWith(t, map[string]func(string) error{
		ModuleName:             write(string(wasmbuild.Encode(wasmbuild.Command()))),
		manifestcheck.FileName: write(goodManifest + strings.Repeat(" ", 1<<20)),
	})
	judged, err := checker(t).Dir(context.Background(), dir, false)
	if err != nil {
		t.Fatal(err)
	}
	files := judged.Files
	if got := slugsOf(files[1].Findings, rules.Error); !slices.Equal(got, []string{"package-file-too-large"}) {
		t.Errorf("a manifest over 1 MiB: %v", files[1].Findings)
	}
}

// TestAssetsSymlinks: a symbolic link anywhere in assets/, or assets/
// being one, is an M010 finding naming the path, and the folder is not
// mounted.
func TestAssetsSymlinks(t *testing.T) {
	secret := t.TempDir()
	if err := os.WriteFile(filepath.Join(secret, "passwd"), []byte("root:TOPSECRET"), 0o644); err != nil {
		t.Fatal(err)
	}
	for name, c := range map[string]struct {
		mk   func(assets string) error
		path string
	}{
		"assets is a link": {func(a string) error { return os.Symlink(secret, a) }, "assets"},
		"a link inside": {func(a string) error {
			if err := os.MkdirAll(filepath.Join(a, "deep", "er"), 0o755); err != nil {
				return err
			}
			return os.Symlink(secret, filepath.Join(a, "deep", "er", "etc"))
		}, "assets/deep/er/etc"},
		"a FIFO inside": {func(a string) error {
			if err := os.Mkdir(a, 0o755); err != nil {
				return err
			}
			return syscall.Mkfifo(filepath.Join(a, "pipe"), 0o644)
		}, "assets/pipe"},
	} {
		dir := t.TempDir()
		if err := c.mk(filepath.Join(dir, AssetsDir)); err != nil {
			t.Fatal(err)
		}
		mount, fs, err := CheckAssets(dir)
		if err != nil {
			t.Fatal(err)
		}
		if mount != "" || len(fs) != 1 || fs[0].Rule != rules.AssetsNotRegular || !strings.HasPrefix(fs[0].Message, c.path+" is ") {
			t.Errorf("%s: mount %q, findings %v", name, mount, fs)
		}
	}
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, AssetsDir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	if mount, fs, err := CheckAssets(dir); err != nil || mount != filepath.Join(dir, AssetsDir) || len(fs) != 0 {
		t.Errorf("plain assets: %q %v %v", mount, fs, err)
	}
}

// TestAssetsAttack replays issue 8's attack end to end: a module that
// reports in its tool list whatever it finds under /package, with assets/
// holding a link to a directory of secrets. The secret must appear in no
// finding; a plain file in assets/ shows the module does read /package.
func TestAssetsAttack(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a wasip1 module")
	}
	wasm := gowasm.Build(t, "testdata/discovery", "-ldflags=-X main.mode=package")
	secret := t.TempDir()
	if err := os.WriteFile(filepath.Join(secret, "passwd"), []byte("root:TOPSECRET"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, linked := range []bool{true, false} {
		dir := dirWith(t, map[string]func(string) error{ModuleName: write(string(wasm)), manifestcheck.FileName: write(goodManifest), AssetsDir: mkdir})
		if err := os.WriteFile(filepath.Join(dir, AssetsDir, "plain.txt"), []byte("VISIBLE"), 0o644); err != nil {
			t.Fatal(err)
		}
		if linked {
			if err := os.Symlink(secret, filepath.Join(dir, AssetsDir, "etc")); err != nil {
				t.Fatal(err)
			}
		}
		judged, err := checker(t).Dir(context.Background(), dir, true)
		if err != nil {
			t.Fatal(err)
		}
		files := judged.Files
		var all strings.Builder
		if err := report.Write(&all, report.JSON, files, report.Options{ToolName: "t", Version: "t", Rules: rules.Catalog}); err != nil {
			t.Fatal(err)
		}
		out := all.String()
		switch {
		case strings.Contains(out, "TOPSECRET"):
			t.Errorf("linked %v: the secret reached the report:\n%s", linked, out)
		case linked && (!slices.Contains(allSlugs(files), "assets-not-regular") || strings.Contains(out, "VISIBLE")):
			t.Errorf("linked: want M010 and assets/ not mounted:\n%s", out)
		case !linked && !strings.Contains(out, "VISIBLE"):
			t.Errorf("the module did not see /package, so the test proves nothing:\n%s", out)
		}
	}
}
