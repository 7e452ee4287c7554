package probe_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/subako-ai/subako-go/internal/gowasm"
	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/probe"
)

// TestCaseGenerationStopsAtBackstopAndContext (attack pass 50b, row 1):
// the loop that generates every tool's argument cases checked neither the
// probes' wall backstop nor their context, so 63 tools whose generation
// cost 18.4 s of CPU ran 21.6 s past a 3 s backstop before the probes
// gave up. It now checks both between tools, as the runs do: a context
// cancelled by the first tool's generation makes no other tool's cases
// and no run, and a backstop already passed makes none at all; each
// leaves the module not judged.
func TestCaseGenerationStopsAtBackstopAndContext(t *testing.T) {
	if testing.Short() {
		t.Skip("builds wasip1 modules")
	}
	h := testHost(t)
	wasm := gowasm.Build(t, "testdata/costlyschema", "-ldflags=-X main.n=3 -X main.k=1 -X main.boom=")
	m, d := discovered(t, h, wasm)
	if len(d.Tools) != 3 {
		t.Fatalf("%d tools listed, want 3", len(d.Tools))
	}
	for _, c := range []struct {
		name      string
		cancel    bool // the first generation cancels the probes' context
		backstop  bool // a wall backstop passed before the first tool
		generated int
	}{
		{"context cancelled", true, false, 1},
		{"backstop passed", false, true, 0},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		generated := 0
		opt := probe.Options{Level: probe.Safe, Wasm: wasm, Cases: func(json.RawMessage) ([]probe.Case, []string) {
			generated++
			if c.cancel {
				cancel()
			}
			return []probe.Case{{Name: "valid", Args: json.RawMessage(`{}`), Valid: true}}, nil
		}}
		if c.backstop {
			opt.Backstop = 1 // a nanosecond: passed at the first check
		}
		res := probe.Run(ctx, h, m, d.Tools, opt)
		cancel()
		var stalled *host.StalledError
		switch {
		case generated != c.generated || len(res.Runs) != 0:
			t.Errorf("%s: %d tools' cases generated, %d runs; want %d, none", c.name, generated, len(res.Runs), c.generated)
		case c.cancel && !errors.Is(res.NotJudged, context.Canceled):
			t.Errorf("%s: not judged: %v; want the context's cause", c.name, res.NotJudged)
		case c.backstop && !errors.As(res.NotJudged, &stalled):
			t.Errorf("%s: not judged: %v; want a *host.StalledError", c.name, res.NotJudged)
		}
	}
}
