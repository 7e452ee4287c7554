package codegen_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/probe"
	"github.com/subako-ai/subako-go/internal/rules"
)

// The generated packages pass every call probe: valid and invalid
// arguments from their own schemas, held-open stdin, ids, a notification,
// a pause on a real pipe, the exit.
func TestGeneratedPassProbes(t *testing.T) {
	ctx := context.Background()
	h, err := host.New(ctx, host.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close(ctx)
	for _, pk := range goldenPackages {
		pk.load(t)
		wasm, err := os.ReadFile(build(t, pk.name, "wasip1"))
		if err != nil {
			t.Fatal(err)
		}
		m, err := h.Compile(ctx, wasm)
		if err != nil {
			t.Fatal(err)
		}
		d := h.Discover(ctx, m, "")
		if d.Stopped != nil {
			t.Fatalf("%s: discovery: %s", pk.name, d.Stopped)
		}
		res := probe.Run(ctx, h, m, d.Tools, probe.Options{Budget: 60e9})
		for _, f := range res.Findings {
			// extra's read opens the file the model names, and the
			// probes' volume is empty: every valid case is an isError
			// result, which P054 says, as it should.
			if f.Rule == rules.ProbeAllErrors && strings.Contains(f.Message, `on tool "read"`) {
				continue
			}
			t.Errorf("%s: %s %s: %s", pk.name, f.Rule.ID, f.Rule.Slug, f.Message)
		}
		t.Logf("%s: %d tools, %d runs in %v", pk.name, len(d.Tools), len(res.Runs), res.Elapsed)
	}
}
