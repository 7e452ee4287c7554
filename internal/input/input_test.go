package input

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRead(t *testing.T) {
	dir := t.TempDir()
	regular := filepath.Join(dir, "module.wasm")
	if err := os.WriteFile(regular, []byte("\x00asm\x01\x00\x00\x00"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, read := range []func(string, int64) (*File, error){Read, Map} {
		f, err := read(regular, MaxModule)
		if err != nil || string(f.Data) != "\x00asm\x01\x00\x00\x00" {
			t.Fatalf("regular file: %q, %v", f.Data, err)
		}
		f.Release()
		if _, err := read(regular, 7); !errors.As(err, new(*TooLargeError)) {
			t.Errorf("8 bytes with a cap of 7: %v", err)
		}
		if _, err := read(filepath.Join(dir, "missing"), MaxModule); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("missing file: %v", err)
		}
	}
}

func TestReadAllCap(t *testing.T) {
	if _, err := ReadAll(strings.NewReader(strings.Repeat("x", 11)), "<stdin>", 10); !errors.As(err, new(*TooLargeError)) {
		t.Errorf("11 bytes with a cap of 10: %v", err)
	}
	if b, err := ReadAll(strings.NewReader("0123456789"), "<stdin>", 10); err != nil || len(b) != 10 {
		t.Errorf("10 bytes with a cap of 10: %q, %v", b, err)
	}
}

// TestTruncatedWhileMapped: a module file cut short while it is mapped is
// reported as changed, not a crash.
func TestTruncatedWhileMapped(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.wasm")
	if err := os.WriteFile(path, make([]byte, 1<<20), 0o644); err != nil {
		t.Fatal(err)
	}
	in, err := Map(path, MaxModule)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Release()
	if err := os.Truncate(path, 0); err != nil {
		t.Fatal(err)
	}
	var sink byte
	err = Guard(func() { sink = in.Data[len(in.Data)-1] })
	if mapped := in.release != nil; mapped && !errors.Is(err, ErrChanged) {
		t.Fatalf("err = %v (read %d)", err, sink)
	}
}
