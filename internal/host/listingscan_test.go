package host

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/host/sandboxfs"
)

// TestSequentialScanNotRefused: a module that reads a directory of 30,000
// entries of 255-byte names whole, in order, in 4 KiB buffers, on each of
// 8 descriptors it keeps open (testdata/listing/scan.c), is answered every
// entry, unseeded: wazero's cache keeps a window of some 170 entries per
// descriptor, and wasmtime, Subako's runtime, lists the directory again at
// each call. Attack pass 44d, row 8: the listing charge counted every
// entry a descriptor listed since its rewind, 9.6 MB per scan, and the
// seventh descriptor's scan was refused ENOMEM at sandboxfs.MaxListing.
func TestSequentialScanNotRefused(t *testing.T) {
	const files, descriptors = 30_000, 8
	vol := t.TempDir()
	dir := filepath.Join(vol, "tmp")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("s", 250)
	for i := range files {
		f, err := os.Create(filepath.Join(dir, fmt.Sprintf("%s%05d", long, i)))
		if err != nil {
			t.Fatal(err)
		}
		_ = f.Close()
	}
	if total := int64(descriptors * files * (64 + 255)); total <= sandboxfs.MaxListing {
		t.Fatalf("the scans list %d bytes in all, not past MaxListing: the test shows nothing", total)
	}
	wasm, err := os.ReadFile("testdata/listing/scan.wasm")
	if err != nil {
		t.Fatal(err)
	}
	h, err := New(context.Background(), Options{CacheDir: t.TempDir(), Engine: EngineCompiler, Backstop: 60 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close(context.Background())
	m := compile(t, h, wasm)
	m.WaitCompiled(context.Background())
	s, err := h.Start(context.Background(), m, RunConfig{Timeout: 50 * time.Second, Mounts: Mounts{Volume: vol}})
	if err != nil {
		t.Fatal(err)
	}
	id := fmt.Sprint(descriptors)
	s.Send([]byte(`{"jsonrpc":"2.0","id":` + id + `,"method":"ping"}`))
	l, ok := s.Answer(json.RawMessage(id), 55*time.Second)
	r := s.Wait()
	want := fmt.Sprintf(`{"n":%d,"e":0}`, descriptors*(files+2))
	if !ok || string(l.Result) != want {
		first, _, _ := strings.Cut(r.Trap, "\n")
		t.Errorf("%d sequential scans of %d entries on descriptors kept open: answered %v %s (trap %q); want %s (every entry, no ENOMEM)", descriptors, files, ok, l.Result, first, want)
	}
}
