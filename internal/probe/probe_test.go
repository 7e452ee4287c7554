package probe_test

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/check/protocolcheck"
	"github.com/subako-ai/subako-go/internal/gowasm"
	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/probe"
	"github.com/subako-ai/subako-go/internal/rules"
)

// testHost is a host with a short exit grace, so that a module that does
// not exit costs the tests little, and the user's compilation cache, so
// that a rerun compiles nothing.
func testHost(t testing.TB) *host.Host { return testHostWith(t, host.Options{}) }

// testHostWith is a host with opt's limits, and a 500 ms exit grace
// when opt sets none, closed when the test ends.
func testHostWith(t testing.TB, opt host.Options) *host.Host {
	t.Helper()
	if opt.ExitGrace == 0 {
		opt.ExitGrace = 500 * time.Millisecond
	}
	h, err := host.New(context.Background(), opt)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close(context.Background()) })
	return h
}

// echoCases are the subject's argument cases, written by hand for its one
// schema.
func echoCases(json.RawMessage) ([]probe.Case, []string) {
	return []probe.Case{
		{Name: "valid", Args: json.RawMessage(`{"text":"hi"}`), Valid: true},
		{Name: `invalid: required field "text" missing`, Args: json.RawMessage(`{}`)},
		{Name: `invalid: "text" is a number`, Args: json.RawMessage(`{"text":1}`)},
		{Name: `invalid: unknown field "x"`, Args: json.RawMessage(`{"text":"a","x":1}`)},
	}, nil
}

// discovered compiles wasm on h and discovers its tools; the test fails
// when either fails.
func discovered(tb testing.TB, h *host.Host, wasm []byte) (*host.Module, *host.Discovery) {
	tb.Helper()
	m, err := h.Compile(context.Background(), wasm)
	if err != nil {
		tb.Fatal(err)
	}
	d := h.Discover(context.Background(), m, "")
	if d.Stopped != nil {
		tb.Fatalf("discovery stopped: %s", d.Stopped)
	}
	return m, d
}

// probeModule discovers the module's tools and runs the probes.
func probeModule(t *testing.T, h *host.Host, wasm []byte, opt probe.Options) *probe.Result {
	t.Helper()
	ctx := context.Background()
	m, d := discovered(t, h, wasm)
	if opt.RunLimit == 0 {
		opt.RunLimit = 2 * time.Second
	}
	return probe.Run(ctx, h, m, d.Tools, opt)
}

func subject(t *testing.T, mode string) []byte {
	t.Helper()
	if testing.Short() {
		t.Skip("builds wasip1 modules")
	}
	return gowasm.Build(t, "testdata/subject", "-ldflags=-X main.mode="+mode)
}

func ruleIDs(fs []rules.Finding) []string {
	var ids []string
	for _, f := range fs {
		ids = append(ids, f.Rule.ID)
	}
	return ids
}

func messages(fs []rules.Finding) string {
	var b strings.Builder
	for _, f := range fs {
		b.WriteString("\n  " + f.Rule.ID + " " + f.Message)
	}
	return b.String()
}

// TestSubjects runs the probes on the subject in each mode: the good one
// passes every probe, and each other breaks exactly the rule it is for.
func TestSubjects(t *testing.T) {
	h := testHost(t)
	for _, tc := range []struct {
		mode string
		want string // the one rule that fires ("" for none)
		has  string // in its message
	}{
		{"good", "", ""},
		{"eof", "P035", "while stdin stayed open"},
		{"slow-exit", "P039", "after stdin closed"},
		{"exit-code", "P039", "exited with status 3"},
		{"notify", "P037", "was answered"},
		{"string-id", "P038", `the request's id was 7 and the answer's "7"`},
		{"float-id", "P038", "9007199254740993 and the answer's 9007199254740992"},
		{"extra", "P040", `"handling echo"`},
		{"pause", "P036", "no answer to request \"probe-pause-2\""},
		{"rpc-error", "P031", "JSON-RPC error -32602"},
		{"accept", "P032", "success result"},
		{"trap", "P030", "assignment to entry in nil map"},
		{"bad-output", "P033", "outputSchema"},
		{"bad-text", "P034", "text"},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			res := probeModule(t, h, subject(t, tc.mode), probe.Options{Cases: echoCases})
			var got []string
			for _, id := range ruleIDs(res.Findings) {
				if len(got) == 0 || got[len(got)-1] != id {
					got = append(got, id)
				}
			}
			want := []string{}
			if tc.want != "" {
				want = []string{tc.want}
			}
			if strings.Join(got, ",") != strings.Join(want, ",") || (tc.has != "" && !strings.Contains(messages(res.Findings), tc.has)) {
				t.Errorf("got %v, want %v with %q:%s", got, want, tc.has, messages(res.Findings))
			}
			for _, f := range res.Findings {
				if !strings.HasPrefix(f.Message, "probe ") || !strings.Contains(f.Message, `on tool "echo"`) {
					t.Errorf("a finding that does not name its probe and tool: %s", f.Message)
				}
			}
			if len(res.Runs) == 0 {
				t.Error("no runs recorded")
			}
		})
	}
}

// TestGenerated: with argsgen's cases (Options.Cases nil), the good
// subject passes and the one that accepts anything is told so.
func TestGenerated(t *testing.T) {
	h := testHost(t)
	if res := probeModule(t, h, subject(t, "good"), probe.Options{}); len(res.Findings) > 0 {
		t.Errorf("good:%s", messages(res.Findings))
	}
	res := probeModule(t, h, subject(t, "accept"), probe.Options{})
	if ids := ruleIDs(res.Findings); len(ids) == 0 || ids[0] != "P032" || !strings.Contains(messages(res.Findings), "(invalid: ") {
		t.Errorf("accept:%s", messages(res.Findings))
	}
}

// TestUngenerable: a schema no value satisfies is P041, and the protocol
// probes still run with {}.
func TestUngenerable(t *testing.T) {
	h := testHost(t)
	none := func(json.RawMessage) ([]probe.Case, []string) { return nil, []string{"minimum 10 is above maximum 1"} }
	res := probeModule(t, h, subject(t, "good"), probe.Options{Cases: none})
	if ids := ruleIDs(res.Findings); len(ids) != 1 || ids[0] != "P041" || !strings.Contains(res.Findings[0].Message, "minimum 10 is above maximum 1") {
		t.Errorf("%s", messages(res.Findings))
	}
	if len(res.Runs) < 6 {
		t.Errorf("the protocol probes did not run: %+v", res.Runs)
	}
}

// TestBudget: runs that do not fit the budget are not run, and P042 names
// them; a module that never answers is held within the budget.
func TestBudget(t *testing.T) {
	h := testHost(t)
	res := probeModule(t, h, subject(t, "good"), probe.Options{Cases: echoCases, Budget: time.Nanosecond})
	if len(res.Findings) != 1 || res.Findings[0].Rule != rules.ProbeBudget || !strings.Contains(res.Findings[0].Message, `the first not made: call on "echo" (valid)`) {
		t.Errorf("%s", messages(res.Findings))
	}
	budget := 1500 * time.Millisecond
	res = probeModule(t, h, subject(t, "eof"), probe.Options{Cases: echoCases, Budget: budget, RunLimit: time.Minute})
	// The budget is the module's own time and a fixed charge a run, and a
	// run that starts within it ends by its own limits: a module that waits for input ends at once, so the
	// probes spend about the budget, however busy the machine.
	if res.Spent > budget+time.Second {
		t.Errorf("the probes spent %v, for a budget of %v", res.Spent, budget)
	}
	if ids := ruleIDs(res.Findings); len(ids) != 1 || ids[0] != "P035" {
		t.Errorf("%s", messages(res.Findings))
	}
}

// TestBudgetCutNotJudged (attack pass 42c, rows 1-3): a budget that
// leaves runs out of a module whose runs made found no error leaves the
// module not judged (Result.NotJudged, a *probe.BudgetError: the command
// exits 3), never a clean pass, since which runs fit can move with the
// module's own time; an error found before the cut stands (no NotJudged:
// exit 1). The budgets cut deterministically: 1 ns makes no run, and
// RunCharge exactly one (the first call; the next run's charge no longer
// fits), whatever the machine.
func TestBudgetCutNotJudged(t *testing.T) {
	h := testHost(t)
	const planned = 9 // the first call, four protocol probes, the pause probe, three invalid cases
	for _, tc := range []struct {
		mode   string
		budget time.Duration
		made   int
		error  string // the rule of the error found, "" for none: not judged
	}{
		{"good", time.Nanosecond, 0, ""},
		{"good", probe.RunCharge, 1, ""},
		{"trap", probe.RunCharge, 1, "P030"},
	} {
		res := probeModule(t, h, subject(t, tc.mode), probe.Options{Cases: echoCases, Budget: tc.budget})
		ids := ruleIDs(res.Findings)
		var budget *probe.BudgetError
		switch {
		case len(res.Runs) != tc.made || len(ids) == 0 || ids[len(ids)-1] != "P042":
			t.Errorf("%s, budget %v: %d runs, findings %v, want %d runs and P042 last:%s", tc.mode, tc.budget, len(res.Runs), ids, tc.made, messages(res.Findings))
		case tc.error == "" && (!errors.As(res.NotJudged, &budget) || budget.LeftOut != planned-tc.made || budget.Runs != planned):
			t.Errorf("%s, budget %v: NotJudged %v, want a BudgetError of %d of %d runs", tc.mode, tc.budget, res.NotJudged, planned-tc.made, planned)
		case tc.error == "" && !strings.Contains(res.NotJudged.Error(), "--probe-time"):
			t.Errorf("%s: %v does not name the flag", tc.mode, res.NotJudged)
		case tc.error != "" && (res.NotJudged != nil || ids[0] != tc.error):
			t.Errorf("%s, budget %v: NotJudged %v, findings %v; want %s standing, judged", tc.mode, tc.budget, res.NotJudged, ids, tc.error)
		}
		t.Logf("%s, budget %v: %v%s", tc.mode, tc.budget, res.NotJudged, messages(res.Findings))
	}
}

// TestExamplesPass: the example packages pass every probe, at level all
// (weather's requests fail as connection errors too).
func TestExamplesPass(t *testing.T) {
	if testing.Short() {
		t.Skip("builds wasip1 modules")
	}
	h := testHost(t)
	for _, ex := range []string{"hello", "weather", "chart"} {
		res := probeModule(t, h, gowasm.Build(t, "../../examples/"+ex), probe.Options{Level: probe.All, Budget: time.Minute})
		if len(res.Findings) > 0 {
			t.Errorf("%s:%s", ex, messages(res.Findings))
		}
		t.Logf("%s: %d runs in %v", ex, len(res.Runs), res.Elapsed)
	}
}

// TestDiscoveryWaitsForEOF: a module that reads to end of input before it
// answers anything fails discovery, and lint says why (P008, the host's
// one diagnosis) instead of only that it ran out of time.
func TestDiscoveryWaitsForEOF(t *testing.T) {
	ctx := context.Background()
	h := testHostWith(t, host.Options{DiscoverLimit: 500 * time.Millisecond})
	m, err := h.Compile(ctx, subject(t, "eof-all"))
	if err != nil {
		t.Fatal(err)
	}
	fs := protocolcheck.Check(h.Discover(ctx, m, ""))
	if len(fs) != 1 || fs[0].Rule != rules.ProtocolNoAnswer || !strings.Contains(fs[0].Message, "no answer while stdin stayed open: the module waited for more input") || !strings.Contains(fs[0].Message, "flush stdout") {
		t.Errorf("%s", messages(fs))
	}
}

// TestSlowIsNotEOF: a tool that is busy past the wait is out of time, not
// a module that waits for end of input: the host closes stdin only for a
// module blocked reading it.
func TestSlowIsNotEOF(t *testing.T) {
	h := testHost(t)
	res := probeModule(t, h, subject(t, "slow"), probe.Options{Cases: echoCases, RunLimit: 300 * time.Millisecond, Budget: 5 * time.Second})
	if len(res.Findings) == 0 || res.Findings[0].Rule != rules.ProbeValidCall || !strings.Contains(res.Findings[0].Message, "ran out of time after") {
		t.Errorf("%s", messages(res.Findings))
	}
	for _, f := range res.Findings {
		if f.Rule == rules.ProbeWaitsForEOF {
			t.Errorf("a slow tool taken for one that waits for end of input: %s", f.Message)
		}
	}
}

// TestCrashSaysWhy: a tool that dies of a Go fatal error (out of memory)
// is a P030 that quotes the line saying why, not the trace's last frame.
func TestCrashSaysWhy(t *testing.T) {
	h := testHost(t)
	res := probeModule(t, h, subject(t, "oom"), probe.Options{Cases: echoCases, RunLimit: 2 * time.Second, Budget: 20 * time.Second})
	const want = `stderr says why: "fatal error: out of memory (runtime: out of memory: cannot allocate 3221225472-byte block`
	if len(res.Findings) == 0 || res.Findings[0].Rule != rules.ProbeValidCall || !strings.Contains(res.Findings[0].Message, want) {
		t.Errorf("want a P030 with %s:%s", want, messages(res.Findings))
	}
	t.Log(messages(res.Findings))
}

// TestHostSetupFailure: when the host cannot set up a run (here, the
// assets directory it is to mount is missing), the probes stop and say so
// in Result.Err, and no finding blames the module.
func TestHostSetupFailure(t *testing.T) {
	h := testHost(t)
	missing := filepath.Join(t.TempDir(), "assets")
	res := probeModule(t, h, subject(t, "good"), probe.Options{Cases: echoCases, Assets: missing})
	var setup *host.SetupError
	if !errors.As(res.Err, &setup) {
		t.Errorf("Err = %v, want a *host.SetupError", res.Err)
	}
	if len(res.Findings) > 0 || len(res.Runs) > 0 {
		t.Errorf("findings %s and runs %+v after the host failed", messages(res.Findings), res.Runs)
	}
}

// TestFaults: a tool built on the runtime that panics on valid arguments
// is P053, with the smallest arguments found and the call command, whether
// it panics on every call or on "" only; a tool that answers isError to
// every valid case is P054, naming them; a link to an image the call never
// wrote is P044, though the runtime answered isError; a nil result or a
// NaN in the result is P055, shrunk and with the call command as a panic.
func TestFaults(t *testing.T) {
	if testing.Short() {
		t.Skip("builds wasip1 modules")
	}
	h := testHost(t)
	wasm := gowasm.Build(t, "testdata/faults")
	for _, level := range []probe.Level{probe.Safe, probe.Deep} {
		res := probeModule(t, h, wasm, probe.Options{Level: level, Budget: time.Minute, Module: "faults.wasm"})
		byTool := map[string][]rules.Finding{}
		for _, f := range res.Findings {
			for _, tool := range []string{"index", "always", "refuses", "chart", "nothing", "root"} {
				if strings.Contains(f.Message, `on tool "`+tool+`"`) {
					byTool[tool] = append(byTool[tool], f)
				}
			}
		}
		for tool, want := range map[string][]string{
			"index":   {"P053", `the tool index panicked: runtime error: slice bounds out of range`, `reproduce: subakogo call faults.wasm index '{"text":""}'`},
			"always":  {"P053", `the tool always panicked: assignment to entry in nil map`, `the smallest arguments that fail the same way: {"text":""}; reproduce: subakogo call faults.wasm always '{"text":""}'`},
			"refuses": {"P054", `was answered isError, the first with "the service is not configured"`, `reproduce: subakogo call faults.wasm refuses`},
			"chart":   {"P044", `image file \"/volume/tmp/chart.png\" does not exist`, `reproduce: subakogo call faults.wasm chart`},
			"nothing": {"P055", `the handler returned a nil result and no error (the runtime marked its isError result nil-result): "the tool returned a nil *main.Greeting and no error"`, `reproduce: subakogo call faults.wasm nothing '{"text":""}'`},
			"root":    {"P055", `the handler's result has no JSON form (the runtime marked its isError result result-not-json): "the tool's result cannot be written as JSON: NaN and infinities have no JSON representation"`, `reproduce: subakogo call faults.wasm root '{"text":""}'`},
		} {
			got := byTool[tool]
			if len(got) != 1 || got[0].Rule.ID != want[0] {
				t.Errorf("%v: %s: got%s, want one %s", level, tool, messages(got), want[0])
				continue
			}
			for _, s := range want[1:] {
				if !strings.Contains(got[0].Message, s) {
					t.Errorf("%v: %s: no %q in %s", level, tool, s, got[0].Message)
				}
			}
		}
	}
}

// TestTimeZones: a tool that loads a zone answers in the host when the
// module imports time/tzdata; without it, every call fails ("Bad file
// number", as A021 warns before any build) and the probes say so (P054).
func TestTimeZones(t *testing.T) {
	if testing.Short() {
		t.Skip("builds wasip1 modules")
	}
	h := testHost(t)
	res := probeModule(t, h, gowasm.Build(t, "testdata/zones", "-tags=tzdata"), probe.Options{Budget: time.Minute})
	if len(res.Findings) > 0 {
		t.Errorf("with time/tzdata:%s", messages(res.Findings))
	}
	res = probeModule(t, h, gowasm.Build(t, "testdata/zones"), probe.Options{Budget: time.Minute})
	if ids := ruleIDs(res.Findings); len(ids) != 1 || ids[0] != "P054" || !strings.Contains(res.Findings[0].Message, `the first with "Bad file number"`) {
		t.Errorf("without time/tzdata:%s", messages(res.Findings))
	}
}

// TestBudgetOrDefault: what check and pack say the probes will spend is
// what they spend (a fresh author saw "within 0s of CPU time").
func TestBudgetOrDefault(t *testing.T) {
	for _, c := range []struct {
		opt  probe.Options
		want time.Duration
	}{
		{probe.Options{Level: probe.Safe}, probe.DefaultBudget},
		{probe.Options{Level: probe.Deep}, probe.DeepBudget},
		{probe.Options{Level: probe.Deep, Budget: 5 * time.Second}, 5 * time.Second},
	} {
		if got := c.opt.BudgetOrDefault(); got != c.want {
			t.Errorf("%+v: %v, want %v", c.opt, got, c.want)
		}
	}
}
