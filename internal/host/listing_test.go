package host

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"testing"

	"github.com/subako-ai/subako-go/internal/host/sandboxfs"
	"github.com/subako-ai/subako-go/internal/subjects"
)

// TestListingsHeldBounded (attack pass 43j, row 3): a module that made
// 1,000 entries of 240-byte names and read /volume/tmp whole on each of
// 300 open descriptors had the host hold every listing, ~300 KB each, 92
// MB here and some 3 GB with 10,000 entries: wazero's cache of each
// descriptor's fd_readdir (a call) and the sorted listing (a seeded
// run). Past sandboxfs.MaxListing a listing now answers ENOMEM, seeded or
// not. A 4 GiB buffer at address 16 is cut to the memory it starts in
// (readdirListener), so it lists no more than memory holds, and the
// listings' budget being full, answers ENOMEM too. It answered EFAULT,
// having listed one entry, until attack pass 44d, row 4: wasmtime writes
// the entries that fit inside memory and succeeds.
func TestListingsHeldBounded(t *testing.T) {
	h := newHost(t)
	wasm, err := os.ReadFile(subjects.CHooked(t, "LISTINGS=300"))
	if err != nil {
		t.Fatal(err)
	}
	m := compile(t, h, wasm)
	perListing := 1000 * (64 + 244)
	for _, seed := range [][]byte{nil, []byte("case 1")} {
		c := h.Call(context.Background(), m, "add", json.RawMessage(`{"a":1,"b":2}`),
			CallConfig{Seed: seed, Mounts: Mounts{Volume: t.TempDir()}})
		var res struct {
			Content []struct{ Text string }
		}
		if err := json.Unmarshal(c.Result, &res); err != nil || len(res.Content) != 1 {
			t.Fatalf("seed %q: %s, %v", seed, c.Result, err)
		}
		var ok, nomem, other, big int
		if _, err := fmt.Sscanf(res.Content[0].Text, "ok=%d nomem=%d other=%d big=%d", &ok, &nomem, &other, &big); err != nil {
			t.Fatalf("seed %q: %q: %v", seed, res.Content[0].Text, err)
		}
		t.Logf("seed %q: %s", seed, res.Content[0].Text)
		if ok > sandboxfs.MaxListing/perListing+1 || nomem == 0 || other != 0 {
			t.Errorf("seed %q: %s; want at most %d listings held (sandboxfs.MaxListing), the rest ENOMEM", seed, res.Content[0].Text, sandboxfs.MaxListing/perListing+1)
		}
		if big != errnoNomem {
			t.Errorf("seed %q: a 4 GiB buffer from address 16 answered %d; want ENOMEM (%d), the listings' budget full", seed, big, errnoNomem)
		}
	}
}
