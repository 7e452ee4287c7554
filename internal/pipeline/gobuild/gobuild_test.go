package gobuild

import (
	"bytes"
	"context"
	"os"
	"os/exec"
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
	if err := Wasm(context.Background(), "../../../examples/hello", ".", out, &msg); err != nil {
		t.Fatalf("%v\n%s", err, msg.Bytes())
	}
	b, err := os.ReadFile(out)
	if err != nil || !bytes.HasPrefix(b, []byte("\x00asm\x01\x00\x00\x00")) {
		t.Fatalf("not a module: %v %.8q", err, b)
	}
	if bytes.Contains(b, []byte(mustAbs(t, "../../.."))) {
		t.Error("the module holds this checkout's path: built without -trimpath")
	}
	// The author's own build with GOFLAGS=-trimpath (docs/go.md, "The
	// build cache") is the same build: the same bytes, from the same
	// cache entries.
	own := exec.Command("go", "build", "-o", filepath.Join(t.TempDir(), "own.wasm"), ".")
	own.Dir = "../../../examples/hello"
	// The author's GOFLAGS (go env) with -trimpath and -buildvcs=false
	// added, as docs/go.md says to set them.
	goflags, err := exec.Command("go", "env", "GOFLAGS").Output()
	if err != nil {
		t.Fatal(err)
	}
	own.Env = append(os.Environ(), "GOOS=wasip1", "GOARCH=wasm", "CGO_ENABLED=0", "GOFLAGS="+strings.TrimSpace(string(goflags)+" -trimpath -buildvcs=false"))
	if out, err := own.CombinedOutput(); err != nil {
		t.Fatalf("GOFLAGS=-trimpath go build: %v\n%s", err, out)
	}
	if ownB, _ := os.ReadFile(own.Args[3]); !bytes.Equal(ownB, b) {
		t.Error("GOFLAGS='-trimpath -buildvcs=false' GOOS=wasip1 go build builds other bytes than the commands' build")
	}
	if msg := Slow("./hello"); !strings.Contains(msg, "go build -trimpath") || !strings.Contains(msg, "GOFLAGS=-trimpath") {
		t.Errorf("the build's note does not say what it runs: %s", msg)
	}

	bad := t.TempDir()
	for name, src := range map[string]string{"go.mod": "module example.com/bad\n\ngo 1.26\n", "main.go": "package main\n\nfunc main() { undefinedThing() }\n"} {
		if err := os.WriteFile(filepath.Join(bad, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	msg.Reset()
	if err := Wasm(context.Background(), bad, ".", filepath.Join(t.TempDir(), "m.wasm"), &msg); err == nil || !strings.Contains(msg.String(), "undefined: undefinedThing") {
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
