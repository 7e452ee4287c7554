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

// TestSequentialScanWithinBound: a module that reads a directory of
// 30,000 entries of 255-byte names whole, in order, in 4 KiB buffers, on
// each of 2 descriptors it keeps open (testdata/listing/scan.c), is
// answered every entry, unseeded: 19 MB of listings, within
// sandboxfs.MaxListing. Attack pass 44d, row 8 had 8 such scans (76 MB)
// answered by charging only the window wazero's cache keeps; attack pass
// 44g, row 1 showed that charge let a large fd_readdir and then a 24-byte
// one hold the whole first listing for one entry charged, so the charge is
// again every entry since the rewind, and a longer scan on descriptors
// kept open meets ENOMEM past the bound (docs/host.md).
func TestSequentialScanWithinBound(t *testing.T) {
	const files, descriptors = 30_000, 2
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
	if total := int64(descriptors * files * (64 + 255)); total > sandboxfs.MaxListing {
		t.Fatalf("the scans list %d bytes in all, past MaxListing", total)
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
