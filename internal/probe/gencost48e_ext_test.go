package probe_test

import (
	"strings"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/gowasm"
	"github.com/subako-ai/subako-go/internal/probe"
)

// (attack pass 48e, row 2) (attack pass 48e,
// row 2, through the probes): testdata/costlyschema with one tool (after
// boom, whose every call panics: P030) of one optional string member whose
// pattern is "[" + 15,000 × `\pL` + "]" (PatternSize 3, a 60 KB
// inputSchema) and no minLength. Budget 2 s, wall backstop 3 s as a slow
// machine's: the probes' thread's CPU should stay within what the budget
// counted.
func TestUnicodeClassPatternProbesJudged(t *testing.T) {
	h := testHost(t)
	pattern := "[" + strings.Repeat(`\pL`, 15000) + "]"
	wasm := gowasm.Build(t, "testdata/costlyschema", "-ldflags=-X main.n=1 -X main.k=1 -X main.minLength=0 -X main.pattern="+pattern)
	res := probeModule(t, h, wasm, probe.Options{Level: probe.Safe, Wasm: wasm, Budget: 2 * time.Second, Backstop: 3 * time.Second})
	t.Logf("%d runs, %d not run; %v counted, %v of the probes' thread's CPU; not judged: %v%s", len(res.Runs), len(res.NotRun), res.Spent, res.HostCPU, res.NotJudged, messages(res.Findings))
	if res.NotJudged != nil || res.HostCPU > res.Spent {
		t.Errorf("the probes' thread spent %v of CPU, %v counted; not judged: %v", res.HostCPU, res.Spent, res.NotJudged)
	}
}

// (attack pass 48e, row 4) (attack pass 48e, row
// 4): the probes compile each tool's outputSchema (resultcheck.compiled,
// at the first judged result) with no charge and no cap on its patterns'
// size: testdata/outputschemacost, two tools whose outputSchemas each hold ten
// unused $defs of "x{0,1000}" 300 times (attack pass 48d row 1's shape,
// fixed for the inputSchema only), every call answered {"s":"a"}. Budget
// 2 s, wall backstop 3 s as a slow machine's.
func TestOutputSchemaCompileCharged(t *testing.T) {
	h := testHost(t)
	wasm := gowasm.Build(t, "testdata/outputschemacost")
	res := probeModule(t, h, wasm, probe.Options{Level: probe.Safe, Wasm: wasm, Budget: 2 * time.Second, Backstop: 3 * time.Second})
	t.Logf("%d runs, %d not run; %v counted, %v of the probes' thread's CPU; not judged: %v%s", len(res.Runs), len(res.NotRun), res.Spent, res.HostCPU, res.NotJudged, messages(res.Findings))
	if res.NotJudged != nil || res.HostCPU > res.Spent {
		t.Errorf("the probes' thread spent %v of CPU, %v counted; not judged: %v", res.HostCPU, res.Spent, res.NotJudged)
	}
}
