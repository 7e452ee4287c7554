package serve

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/subako-ai/subako-go/internal/mcp"
)

// BenchmarkCall is one tools/call of examples/hello through serve (the
// request read, a fresh instance run, the answer shaped): what a client
// waits for per call, less the transport.
func BenchmarkCall(b *testing.B) {
	s, err := New(Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	p, err := s.Load(b.Context(), buildWasm(b, "../../examples/hello", ""))
	if err != nil {
		b.Fatal(err)
	}
	s.Use(p)
	c := s.newConn("bench", nil)
	params := []byte(`{"name":"greet","arguments":{"name":"Ada"},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}`)
	m := &mcp.Message{JSONRPC: "2.0", ID: []byte(`1`), Method: "tools/call", Params: params}
	b.ResetTimer()
	for b.Loop() {
		if a := c.handle(b.Context(), m); a.status != 200 {
			b.Fatalf("%s", a.line)
		}
	}
}

// BenchmarkVolumeMeasure is what measuring serve's volume costs a call
// that starts while none runs, for a volume of the most entries it may
// hold (100,000, ten calls' worth) in 100 directories: files, and
// directories, each of which the walk opens and reads (attack pass 38).
func BenchmarkVolumeMeasure(b *testing.B) {
	for _, shape := range []struct {
		name string
		dirs bool // each entry a directory (an openat and a getdents each), or a file
	}{{"files", false}, {"directories", true}} {
		b.Run(shape.name, func(b *testing.B) {
			dir := b.TempDir()
			for d := range 100 {
				sub := filepath.Join(dir, "tmp", strconv.Itoa(d))
				if err := os.MkdirAll(sub, 0o755); err != nil {
					b.Fatal(err)
				}
				for f := range volumeEntries/100 - 1 {
					var err error
					if p := filepath.Join(sub, strconv.FormatInt(f, 10)); shape.dirs {
						err = os.Mkdir(p, 0o755)
					} else {
						err = os.WriteFile(p, []byte("x"), 0o644)
					}
					if err != nil {
						b.Fatal(err)
					}
				}
			}
			v := newVolumeQuota(dir, false, DefaultVolumeQuota)
			b.ResetTimer()
			for b.Loop() {
				if _, entries := v.measure(); entries != volumeEntries {
					b.Fatalf("measured %d entries", entries)
				}
			}
		})
	}
}
