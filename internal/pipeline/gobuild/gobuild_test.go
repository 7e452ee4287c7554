package gobuild

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWasm builds examples/hello for wasip1 into a module, and reports a
// package that does not compile with the compiler's message.
func TestWasm(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a wasip1 module")
	}
	t.Parallel()
	out := filepath.Join(t.TempDir(), "module.wasm")
	var msg bytes.Buffer
	if err := Wasm("../../../examples/hello", ".", out, &msg); err != nil {
		t.Fatalf("%v\n%s", err, msg.Bytes())
	}
	b, err := os.ReadFile(out)
	if err != nil || !bytes.HasPrefix(b, []byte("\x00asm\x01\x00\x00\x00")) {
		t.Fatalf("not a module: %v %.8q", err, b)
	}
	if bytes.Contains(b, []byte(mustAbs(t, "../../.."))) {
		t.Error("the module holds this checkout's path: built without -trimpath")
	}

	bad := t.TempDir()
	for name, src := range map[string]string{"go.mod": "module example.com/bad\n\ngo 1.26\n", "main.go": "package main\n\nfunc main() { undefinedThing() }\n"} {
		if err := os.WriteFile(filepath.Join(bad, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	msg.Reset()
	if err := Wasm(bad, ".", filepath.Join(t.TempDir(), "m.wasm"), &msg); err == nil || !strings.Contains(msg.String(), "undefined: undefinedThing") {
		t.Errorf("a broken package: %v\n%s", err, msg.Bytes())
	}
}

func mustAbs(t *testing.T, p string) string {
	t.Helper()
	abs, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	return abs
}
