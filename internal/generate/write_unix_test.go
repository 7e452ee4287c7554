//go:build unix

package generate

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
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
