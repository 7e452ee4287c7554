//go:build unix

package generate

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/subako-ai/subako-go/internal/cli"
)

// TestWritePlantedFIFO: a FIFO at the name Write used to write through
// (which made generate wait forever) or at subako_gen.go itself is left
// alone or replaced; Write returns without opening it.
func TestWritePlantedFIFO(t *testing.T) {
	for _, name := range []string{".subako_gen.go.tmp", "subako_gen.go"} {
		pkg := t.TempDir()
		if err := syscall.Mkfifo(filepath.Join(pkg, name), 0o644); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(pkg, "subako_gen.go")
		if err := Write(path, nil, []byte(generated)); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		fi, err := os.Lstat(path)
		if err != nil || !fi.Mode().IsRegular() {
			t.Errorf("%s: subako_gen.go is %v (%v), want a regular file", name, fi.Mode(), err)
		}
	}
}

// TestCheckNotRegular: generate -check does not open a FIFO or follow a
// symbolic link at subako_gen.go (a FIFO made the old os.ReadFile wait
// forever): either is stale, since generate replaces it with a regular
// file, even a link to a file that holds the code.
func TestCheckNotRegular(t *testing.T) {
	for _, kind := range []string{"FIFO", "symbolic link"} {
		t.Run(kind, func(t *testing.T) {
			dir, code := fakePackage(t)
			path := filepath.Join(dir, "subako_gen.go")
			var err error
			if kind == "FIFO" {
				err = syscall.Mkfifo(path, 0o644)
			} else if err = os.WriteFile(filepath.Join(dir, "code.go.txt"), code, 0o644); err == nil {
				err = os.Symlink("code.go.txt", path)
			}
			if err != nil {
				t.Fatal(err)
			}
			var stdout, stderr strings.Builder
			exit := Command(context.Background(), "test", []string{"-check"}, &stdout, &stderr)
			if want := "subako_gen.go is a " + kind + ", not a regular file: run go generate, which replaces it\n"; exit != cli.Findings || !strings.HasSuffix(stdout.String(), want) {
				t.Errorf("exit %d, want %d; stdout:\n%s\nstderr:\n%s", exit, cli.Findings, stdout.String(), stderr.String())
			}
		})
	}
}
