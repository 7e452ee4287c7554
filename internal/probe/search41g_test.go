package probe_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/probe"
)

// TestSearchCompileFailureNotJudged (attack pass 41g, row 3): a covered
// compilation that fails, where the plain one passed, left the search out
// without a word, so a module whose fault only the search finds passed
// --probes=deep. Now it leaves the probes not judged (exit 3), naming
// why. The covered copy is made to fail here by probing, on a host whose
// compile limit no compilation meets, a module another host compiled.
func TestSearchCompileFailureNotJudged(t *testing.T) {
	wasm := subject(t, "good")
	ctx := context.Background()
	h := testHost(t)
	m, d := discovered(t, h, wasm)
	tight, err := host.New(ctx, host.Options{CacheDir: "-", Engine: host.EngineCompiler, CompileLimit: time.Nanosecond, ExitGrace: 500 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer tight.Close(ctx)
	res := probe.Run(ctx, tight, m, d.Tools, probe.Options{Level: probe.Deep, Wasm: wasm, RunLimit: 2 * time.Second, SearchRuns: 10})
	var late *host.CompileTimeoutError
	if !errors.As(res.NotJudged, &late) || res.Coverage != nil {
		t.Errorf("NotJudged %v, coverage %+v: want the covered compilation's failure, no search", res.NotJudged, res.Coverage)
	}
	t.Logf("not judged: %v; stalled %v; findings%s", res.NotJudged, res.Stalled, messages(res.Findings))
}
