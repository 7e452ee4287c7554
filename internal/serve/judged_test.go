package serve

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/check/manifestcheck"
	"github.com/subako-ai/subako-go/internal/check/pkgcheck"
)

// TestServesWhatItLinted: under --watch, a build that replaces
// module.wasm and the manifest after lint read them (at Load's hook,
// between the judgement and its use) is not what serve runs: the served
// module's bytes are the ones lint judged, by their hash, and the tool
// list is the one those bytes listed. Served what is on disk at the end,
// the client would see hostile's tools answered by hello's code.
func TestServesWhatItLinted(t *testing.T) {
	helloWasm, hostileWasm := readBytes(t, hello(t)), readBytes(t, hostile(t))
	pkg := t.TempDir()
	put := func(wasm []byte, manifest string) {
		if err := os.WriteFile(filepath.Join(pkg, pkgcheck.ModuleName), wasm, 0o644); err != nil {
			t.Error(err)
		}
		if err := os.WriteFile(filepath.Join(pkg, manifestcheck.FileName), []byte(manifest), 0o644); err != nil {
			t.Error(err)
		}
	}
	const helloManifest = `{"abi": 1, "name": "hello", "description": "Says hello."}`
	put(helloWasm, helloManifest)
	s, log := newServer(t, pkg, Options{})
	judged := make(chan *pkgcheck.Result, 1)
	s.judged = func(r *pkgcheck.Result) {
		put(helloWasm, helloManifest) // another build, done the moment lint has judged
		select {
		case judged <- r:
		default: // a second rebuild: the first is the one looked at
		}
	}
	src := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s.Watch(ctx, Watch{Dirs: []string{src}, Interval: 20 * time.Millisecond, Rebuild: func(context.Context) (string, error) {
		put(hostileWasm, `{"abi": 1, "name": "hostile", "description": "Misbehaves as each tool's name says."}`)
		return pkg, nil
	}})
	c := startClient(t, s, false)
	c.initialize("2025-11-25")
	if err := os.WriteFile(filepath.Join(src, "main.go"), []byte("package main // edited\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c.notified("notifications/tools/list_changed")
	var r *pkgcheck.Result
	select {
	case r = <-judged:
	default:
		t.Fatalf("the tool list changed without a judgement:\n%s", log)
	}

	p := s.pkg.Load()
	if got, want := hexSum(r.Wasm), hexSum(hostileWasm); got != want {
		t.Fatalf("lint judged module bytes %.12s, want the build's %.12s", got, want)
	}
	if p.sha256 != hexSum(r.Wasm) || p.module != r.Module {
		t.Errorf("served module bytes %.12s (module %p), lint judged %.12s (module %p)", p.sha256, p.module, hexSum(r.Wasm), r.Module)
	}
	if onDisk := hexSum(readBytes(t, filepath.Join(pkg, pkgcheck.ModuleName))); onDisk == hexSum(r.Wasm) {
		t.Fatalf("module.wasm was not replaced after lint read it (%.12s): the test proves nothing", onDisk)
	}
	if got := strings.Join(p.Tools(), " "); strings.Contains(got, "greet") || !strings.Contains(got, "ok") {
		t.Errorf("served tools %q: not the list the judged module gave", got)
	}
	if res, _ := c.call("ok", nil); res.text() != "fine" {
		t.Errorf("the judged module's tool ok, as served: %+v", res)
	}
	if p.serverInfo.Name != "hostile" {
		t.Errorf("serving as %q", p.serverInfo.Name)
	}
	if !strings.Contains(log.String(), "module sha256 "+p.sha256[:12]) {
		t.Errorf("the log does not say which module is served:\n%s", log)
	}
}

func readBytes(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func hexSum(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}
