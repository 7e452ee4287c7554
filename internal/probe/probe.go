// Package probe runs the call probes (rules P030-P045): after discovery
// passes, a short series of fresh-instance runs of a module, each as
// Subako runs a call (no network: every subako_http request answers
// host_not_allowed; an empty temporary volume, removed after), that catch
// what only a call shows: a JSON-RPC error or a crash where an isError
// result belongs, a module that waits for end of input before answering,
// a slow exit, an answered notification, a mangled id, a structuredContent
// that breaks its own outputSchema, extra lines on stdout.
//
// The probes run one at a time within a budget of their own time
// (Options.Budget): the module's own time in their runs and a fixed
// charge a run for the host's work (RunCharge), so that a hostile module
// cannot hold the caller for long, and neither a busy machine, nor other
// work of the process (serve's calls), nor the run to run jitter of the
// host's own work changes which probes run. Every run's limits are
// the module's own time (see host's time model); a run the budget leaves
// out is listed (P042), never blamed on the module; when the runs made
// found no error, the module is not judged (Result.NotJudged, a
// *BudgetError: the command exits 3, see budget.go). Runs the wall-clock
// backstop gives up on are not judged, and neither is the module: the
// command exits 3 (Result.NotJudged). Each finding names the probe and the
// tool, and for argument probes the case.
package probe

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/subako-ai/subako-go/internal/callrun"
	"github.com/subako-ai/subako-go/internal/cputime"
	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/host/subakohttp"
	"github.com/subako-ai/subako-go/internal/mcp"
	"github.com/subako-ai/subako-go/internal/probe/argsgen"
	"github.com/subako-ai/subako-go/internal/probe/dict"
	"github.com/subako-ai/subako-go/internal/probe/resultcheck"
	"github.com/subako-ai/subako-go/internal/rules"
	"github.com/subako-ai/subako-go/internal/wasmparse"
)

// Level chooses which probes run.
type Level int

// The levels, from none to all.
const (
	// Safe probes cannot write outside their temporary volume nor spend
	// more than a call's limits: every subako_http request is refused
	// (host_not_allowed). It is the default.
	Safe Level = iota
	// None runs no probe.
	None
	// All adds the probes that exercise subako_http's error paths: each
	// tool's valid call again with every request failing as a connection
	// error, as when the network is down.
	All
	// Deep is Safe with the budget spent on many more cases a tool:
	// DeepCover edge cases and DeepRandom random ones, biased to the
	// schema's edges.
	Deep
)

func (l Level) String() string {
	switch l {
	case None:
		return "none"
	case All:
		return "all"
	case Deep:
		return "deep"
	}
	return "safe"
}

// ParseLevel reads "none", "safe" or "all" (the --probes flag).
func ParseLevel(s string) (Level, error) {
	switch s {
	case "none":
		return None, nil
	case "safe", "":
		return Safe, nil
	case "all":
		return All, nil
	case "deep":
		return Deep, nil
	}
	return Safe, fmt.Errorf("unknown probe level %q (want none, safe, all or deep)", s)
}

// Defaults of Options.
const (
	// DefaultBudget is the probes' budget for a package (--probe-time,
	// see RunCharge for what it counts), DeepBudget with --probes=deep.
	DefaultBudget = 20 * time.Second
	DeepBudget    = 60 * time.Second
	// RunCharge is what each run the probes start costs their budget for
	// the host's work: starting the run, generating and judging its case.
	// It is fixed, not measured: the CPU time of that work grows with the
	// machine's load (a throttled thread refills its caches each time it
	// is let run) and moves run to run, and a budget that counted it left
	// a broken call out at 3% of a core that a quiet machine found (attack
	// pass 41l, row 2: the same probes cost ~20 ms quiet, 35-40 ms at 3%).
	// Measured (BenchmarkHostWork, the median over 20 and 40 iterations
	// of the probes' thread's CPU time a run, 2026-12-06, two cores shared
	// with other work at a load of 4 to 6): 427-509 µs on the C and Go
	// MaxTrap subjects (19 runs each) and probe's Go subject (15 runs),
	// the slowest iteration 0.6-1.1 ms; rounded up.
	RunCharge = time.Millisecond
	// DefaultRunLimit bounds how long, in the module's own time, a probe
	// waits for one answer with stdin held open. Subako gives a call a
	// minute; a probe's arguments reach no network, so a tool that answers
	// at all answers far sooner.
	DefaultRunLimit = 3 * time.Second
	// DefaultPause is the pause between the two requests of the pause
	// probe, in the module's own time.
	DefaultPause = 100 * time.Millisecond

	// MaxInvalid is how many invalid cases a tool is called with.
	MaxInvalid = 4
	// DefaultCover is how many valid cases at the schema's edges a tool
	// is called with (argsgen's pairwise cover, likeliest breakers
	// first), beside at most two of optional members set to null.
	DefaultCover = 5
	// DeepCover and DeepRandom are the edge cases and random cases of
	// --probes=deep, as many as the budget allows.
	DeepCover  = 48
	DeepRandom = 200
	// MaxShrinks bounds the runs spent shrinking one failing case
	// (DeepShrinks with --probes=deep).
	MaxShrinks  = 12
	DeepShrinks = 48

	// maxListed is how many tools P042 names.
	maxListed = 10

	// shortGrace is the exit grace of the runs after one that did not
	// exit: the slow exit is reported once, and each later run would cost
	// the whole grace again.
	shortGrace = 100 * time.Millisecond
)

// Case is one argument object the probes send a tool.
type Case struct {
	Name  string          // says what it is, e.g. `invalid: required field "city" missing`
	Args  json.RawMessage // a JSON object
	Valid bool            // the tool's inputSchema accepts it
}

// Generator makes a tool's argument cases from its inputSchema; notes say
// what it could not generate and why (a keyword it cannot satisfy).
type Generator func(inputSchema json.RawMessage) (cases []Case, notes []string)

// Options configure Run. The zero value runs the safe probes with the
// defaults.
type Options struct {
	Level    Level
	Budget   time.Duration // the probes' own time (the module's, and RunCharge a run; see the package doc); 0 means DefaultBudget
	RunLimit time.Duration // one answer's wait; 0 means DefaultRunLimit
	Pause    time.Duration // the pause probe's pause; 0 means DefaultPause
	// Assets is the package's assets directory, mounted at /package; ""
	// for none.
	Assets string
	// Cases generates each tool's argument cases; nil uses the package's
	// own generator (argsgen).
	Cases Generator
	// Module is how findings name the module in the subakogo call command
	// that reproduces them; "" is module.wasm.
	Module string
	// Backstop is the wall time the probes are given before the runs left
	// are given up as not judged; 0 means the host's Backstop of Budget.
	// Tests force it small.
	Backstop time.Duration
	// OnFailing, when set, gets each broken call's smallest case once the
	// probes end (lint --save-cases); OnKept each case the search kept
	// for reaching new code.
	OnFailing func(tool string, f Failing)
	OnKept    func(tool string, args json.RawMessage)
	// Wasm is the module's bytes: with Deep, the search reads its
	// dictionary and compiles it with coverage (see search.go); nil
	// leaves both out.
	Wasm []byte
	// SearchRuns is the search's runs for the package; 0 means
	// SearchRuns.
	SearchRuns int
	// Without switches off the module's own signals in Deep (see
	// Signals), to show what each of them finds.
	Without Signals
	// Ignored are the rules the command leaves out of its report
	// (--ignore): an error of theirs found before the budget cut the
	// runs is no verdict either, so the cut stays not judged (attack pass
	// 42h, row 1: --ignore P038 of an early error passed a module whose
	// runs left out held a trap).
	Ignored []*rules.Rule
	// SeededWall is where every seeded run of the probing starts its wall
	// clock (host.RunConfig.SeededWall); zero is the real time, read once
	// as Run starts, so that the runs of one probing start at one instant
	// and never before the real date (a fixed date is a tell, attack pass
	// 49a row 5). lint --wall-start and tests pass a fixed one, so that a
	// module whose answers hang on the date is judged the same twice.
	SeededWall time.Time
}

// RunInfo is one run the probes made.
type RunInfo struct {
	Probe, Tool, Case string
	Elapsed           time.Duration // the whole run, start to exit
	WallStart         time.Time     // where the module's wall clock started (Options.SeededWall)
	CloseToExit       time.Duration // from stdin closing to exit; -1 when not measured
	Findings          int
}

// Result is what the probes found.
type Result struct {
	Findings []rules.Finding
	Runs     []RunInfo
	NotRun   []LeftOut // the runs the budget left out, in the order they came (see budget.go)
	// Failing holds, for each broken call's cause, its smallest case.
	Failing []Failing
	// Stalled lists "probe on tool" for each run given up on the wall
	// clock (host.Record.Stalled, or the probes' own backstop): the
	// machine's condition, not judged.
	Stalled []string
	// NotJudged is why runs were not judged, when some were not: a
	// *host.StalledError (this machine is too busy), or the caller's
	// context ending. The module is then not judged either: what the
	// probes found is incomplete in a way a quiet machine's is not, and
	// the command exits 3. It is a *BudgetError when the budget left runs
	// out and the runs made found no error (see budget.go): which runs
	// fit it can move with the module's own time, so a clean pass of a
	// module whose probes were cut is no verdict either.
	NotJudged error
	Elapsed   time.Duration // on the wall clock
	// Spent is what the budget counted: the module's own time in the
	// probes' runs, and RunCharge for each run started.
	Spent time.Duration
	// HostCPU is the CPU time of the probes' own thread (the host's work
	// of starting runs, generating and judging cases), measured for
	// reports and BenchmarkHostWork, never counted: it moves with the
	// machine's load (the wall time where a thread's CPU clock cannot be
	// read, see internal/cputime).
	HostCPU time.Duration
	// Coverage is what the search reached (Deep with Options.Wasm); nil
	// when it did not run.
	Coverage *Coverage
	// WallStart is where the seeded runs started the module's wall clock
	// (Options.SeededWall, or the real time read as Run started): given
	// back to lint --wall-start, it makes a verdict that hangs on the date
	// again.
	WallStart time.Time
	// Err is the host's failure to set up a run (a *host.SetupError, or
	// the volume's temporary directory): no run starts once it is known
	// (the pause probe's, started beside the others, is still judged), and
	// the module is not to blame, so no finding says it.
	Err error
}

// The probes, by the name findings give them.
const (
	ProbeCall         = "call"         // the first call, stdin held open until the answer
	ProbeIntegerID    = "integer-id"   // an integer id
	ProbeLargeID      = "large-id"     // an integer id past 2^53
	ProbeStringID     = "string-id"    // a string id with characters that need escaping
	ProbeNotification = "notification" // a notification before the request
	ProbePause        = "pause"        // two requests with a pause between, on an OS pipe
	ProbeValid        = "valid"        // a tool's valid arguments
	ProbeInvalid      = "invalid"      // a tool's invalid arguments, one case a run
	ProbeHTTPErrors   = "http-errors"  // (all) the valid call with every subako_http request failing
)

// BudgetOrDefault is the probes' budget these options give: Budget, or
// the level's default when it is 0 (what a command says it will spend).
func (o Options) BudgetOrDefault() time.Duration {
	switch {
	case o.Budget > 0:
		return o.Budget
	case o.Level == Deep:
		return DeepBudget
	default:
		return DefaultBudget
	}
}

// Run runs the probes on a compiled module whose discovery listed tools,
// on h, and judges each run.
func Run(ctx context.Context, h *host.Host, m *host.Module, tools []json.RawMessage, opt Options) *Result {
	r := &runner{ctx: ctx, h: h, m: m, opt: opt, res: &Result{}, once: map[*rules.Rule]int{}, sum: sha256.Sum256(opt.Wasm)}
	if opt.Level == None || len(tools) == 0 {
		return r.res
	}
	r.opt.Budget = opt.BudgetOrDefault()
	if r.opt.SeededWall.IsZero() {
		r.opt.SeededWall = time.Now().Round(0) // once: every run of the probing starts here
	}
	r.res.WallStart = r.opt.SeededWall
	if r.opt.RunLimit <= 0 {
		r.opt.RunLimit = DefaultRunLimit
	}
	if r.opt.Pause <= 0 {
		r.opt.Pause = DefaultPause
	}
	if r.opt.Cases == nil {
		gen := r.generator()
		r.opt.Cases = func(schema json.RawMessage) ([]Case, []string) {
			cases, notes, work := defaultCases(schema, gen)
			work.Validation = max(work.Validation-caseFreeWork, 0)
			work.Compiled = max(work.Compiled-caseFreeCompiled, 0)
			work.Values = max(work.Values-caseFreeValues, 0)
			work.Schema = max(work.Schema-caseFreeSchema, 0)
			r.generated(work)
			return cases, notes
		}
	}
	if r.opt.Module == "" {
		r.opt.Module = "module.wasm"
	}
	// The probes' host work is done on this goroutine, locked to its
	// thread so that the thread's CPU clock measures it (Result.HostCPU)
	// and nothing else; the budget charges it RunCharge a run.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	start, own := time.Now(), cputime.CurrentThread()
	r.backstop = h.Backstop(r.opt.Budget, r.opt.Backstop)
	r.grace = h.ExitGrace()
	for _, raw := range tools {
		var t mcp.Tool
		if json.Unmarshal(raw, &t) == nil && t.Name != "" {
			r.tools = append(r.tools, t)
		}
	}
	if len(r.tools) > 0 {
		r.run(ctx)
		r.allErrors()
	}
	r.res.Elapsed, r.res.Spent, r.res.HostCPU = time.Since(start), r.spent(), own.Elapsed()
	for _, k := range slices.Sorted(maps.Keys(r.causes)) {
		r.res.Failing = append(r.res.Failing, r.causes[k].Failing)
		if r.opt.OnFailing != nil {
			r.opt.OnFailing(r.causes[k].Tool, r.causes[k].Failing)
		}
	}
	r.budgetVerdict()
	return r.res
}

// defaultCases is the generator used when Options.Cases is nil: argsgen's
// first valid case, its first MaxInvalid invalid ones (argsgen
// interleaves the kinds of breakage, so these differ in kind), then its
// cover of the schema's edges (DefaultCover cases, or with deep
// DeepCover and DeepRandom random ones, see generator) and of null for
// optional members.
func defaultCases(schema json.RawMessage, opt argsgen.Options) ([]Case, []string, argsgen.Work) {
	got, notes, work := argsgen.CasesWork(schema, opt)
	var out []Case
	valid, invalid, nulls := false, 0, 0
	for _, c := range got {
		edge := c.Edge
		switch {
		case c.Valid && !valid:
			valid = true
		case edge && !c.Valid && nulls < 2:
			nulls++
		case edge && c.Valid:
		case !c.Valid && !edge && invalid < MaxInvalid:
			invalid++
		default:
			continue
		}
		out = append(out, Case{Name: c.Name, Args: c.Args, Valid: c.Valid})
	}
	return out, notes, work
}

type runner struct {
	h        *host.Host
	m        *host.Module
	opt      Options
	tools    []mcp.Tool
	res      *Result
	backstop host.Backstop // on the wall clock, when no run starts any more
	grace    time.Duration
	slowExit bool // an exit problem was reported; later runs ignore theirs

	ctx        context.Context // Run's
	moduleTime time.Duration   // the module's own time in the runs so far
	// hostWork is the charge of the host's own work for the runs so far,
	// their private copies (host.Record.CopyCharge) and its judging past
	// RunCharge (judgecharge.go), all in moduleTime too: work on the wall
	// clock that grows the wall backstop (host.Backstop.Grown).
	hostWork time.Duration
	started  int           // the runs started so far, each charged RunCharge
	judging  time.Duration // of hostWork, the judging's charge past RunCharge
	// generating is, of hostWork, the charge of generating the tools'
	// argument cases (generatedCharge).
	generating time.Duration

	// once holds the index in res.Findings of the module-wide rules
	// reported so far, whose later occurrences are counted, not listed.
	once  map[*rules.Rule]int
	extra map[*rules.Rule]int
	// causes are the broken calls' findings by cause (see fold); fresh
	// the ones added by the run being judged.
	causes map[string]*folded
	fresh  []*folded
	base   map[string]json.RawMessage // each tool's first valid case
	// parsed and dict are the module read for the search (Deep with
	// Options.Wasm; see search.go).
	parsed *wasmparse.Module
	dict   *dict.Dict
	seed   uint64
	// sum is the module's SHA-256 (of Options.Wasm), of which each call's
	// host seed is made (see caseSeed).
	sum [sha256.Size]byte
	// valid are each tool's answered valid cases, in validOrder (P054).
	valid      map[string]*validAnswers
	validOrder []string
	// gate makes a run refused by the host's shared memory budget go
	// again alone among the probes' runs (memory.go).
	gate runGate
}

// run is the series: the protocol probes on the first tool, then each
// tool's argument cases.
func (r *runner) run(ctx context.Context) {
	// Under host.EngineAuto a module new to the cache is interpreted while
	// a worker compiles it. The probes wait for the compiled code (at no
	// cost to their budget) rather than spend the budget on interpreted
	// runs: which runs fit it would otherwise depend on when the
	// compilation ends, which a busy machine delays. A module that has no
	// compiled code coming (--engine interpreter, or a compilation that
	// failed) is probed interpreted.
	if r.m.Interpreted() && !r.compiled(ctx) && r.stopped(ctx, "every probe") {
		return
	}
	cases := make([][]Case, len(r.tools))
	valid := make([]*Case, len(r.tools))
	for i, t := range r.tools {
		// Between tools, as between runs: a machine too busy to generate
		// the cases within the wall backstop gives no verdict now, not
		// after the last tool (attack pass 50b, row 1).
		if r.stopped(ctx, "every probe") {
			return
		}
		if r.generating > 0 && !r.fits() {
			// The generation of the cases before spent the budget (the
			// schemas chose it, generatedCharge): this tool's are not
			// made, and its argument probes are listed as not run.
			r.res.NotRun = append(r.res.NotRun, LeftOut{Probe: ProbeValid, Tool: t.Name, Case: "every case (not generated)", Runs: 1})
			continue
		}
		r.outputSchemaCompiled(t.OutputSchema)
		var notes []string
		cases[i], notes = r.opt.Cases(t.InputSchema)
		for j := range cases[i] {
			if cases[i][j].Valid && valid[i] == nil {
				valid[i] = &cases[i][j]
			}
		}
		if valid[i] != nil {
			if r.base == nil {
				r.base = map[string]json.RawMessage{}
			}
			r.base[t.Name] = valid[i].Args
		}
		if valid[i] == nil {
			if len(notes) == 0 {
				notes = []string{"the generator gave no reason"}
			}
			r.add(rules.ProbeArgsUngenerable, where(ProbeValid, t.Name, "")+": no valid arguments could be generated from its inputSchema: "+
				strings.Join(notes, "; ")+"; its valid-call probes did not run")
		}
	}
	first, firstArgs, firstCase := r.tools[0], json.RawMessage(`{}`), "arguments {}"
	if valid[0] != nil {
		firstArgs, firstCase = valid[0].Args, valid[0].Name
	}
	// The first call decides whether the others can run at all: a module
	// that waits for end of input fails every one of them the same way.
	rec, answered, res, problems := r.call(ctx, ProbeCall, first, firstCase, valid[0] != nil, firstArgs)
	if rec != nil && waited(rec) {
		r.tellWaitApart(ctx, first, firstArgs, rec)
	}
	if rec == nil && len(r.res.NotRun) > 0 && r.res.Err == nil {
		// The budget left the first call out, and so every other run: each
		// is listed (none starts), so that P042 and the error of a
		// module not judged can say how many were left out.
		r.protocolProbes(ctx, first, firstArgs)
		r.startPause(ctx, first, firstArgs)()
		r.argumentProbes(ctx, cases, valid)
		r.search(ctx, cases)
		return
	}
	if rec == nil || waited(rec) {
		return // or P035 says the others were not run
	}
	if valid[0] != nil && res != nil {
		r.checkResult(ctx, ProbeValid, first, valid[0], res, problems)
	}
	if !answered || res == nil {
		// The first call broke: the protocol probes, all on the same
		// call, would only break the same way (one cause, one finding).
		r.argumentProbes(ctx, cases, valid)
		r.search(ctx, cases)
		return
	}
	if r.m.Interpreted() {
		// Interpreted code is slow and the compiled code may be ready in a
		// few runs: the pause probe waits its turn, as the others do.
		r.protocolProbes(ctx, first, firstArgs)
		r.startPause(ctx, first, firstArgs)()
		r.argumentProbes(ctx, cases, valid)
		r.search(ctx, cases)
		return
	}
	// The pause probe's run is mostly its pause: the others run meanwhile,
	// and it is judged after them.
	judgePause := r.startPause(ctx, first, firstArgs)
	r.protocolProbes(ctx, first, firstArgs)
	r.argumentProbes(ctx, cases, valid)
	r.search(ctx, cases)
	judgePause()
}

// protocolProbes are the ones about the protocol rather than arguments
// (but the pause probe, see startPause), on t with args, whose call was
// answered: each breaks that call in a way of its own, so on a call that
// crashes already they would only repeat it.
func (r *runner) protocolProbes(ctx context.Context, first mcp.Tool, firstArgs json.RawMessage) {
	for _, id := range []struct {
		probe string
		id    json.RawMessage
	}{
		{ProbeIntegerID, json.RawMessage(`7`)},
		{ProbeLargeID, json.RawMessage(`9007199254740993`)},
		{ProbeStringID, json.RawMessage(`"probe-\u00e9\"\\/\u2028-3"`)},
	} {
		r.idProbe(ctx, id.probe, first, firstArgs, id.id)
	}
	r.notificationProbe(ctx, first, firstArgs)
}

// argumentProbes call each tool with each of its cases but the first
// call's, then (level all) each valid case with HTTP failing.
func (r *runner) argumentProbes(ctx context.Context, cases [][]Case, valid []*Case) {
	for i, t := range r.tools {
		for j := range cases[i] {
			c := &cases[i][j]
			if i == 0 && c == valid[0] {
				continue // the first call was this one
			}
			probe := ProbeInvalid
			if c.Valid {
				probe = ProbeValid
			}
			if _, _, res, problems := r.call(ctx, probe, t, c.Name, c.Valid, c.Args); res != nil {
				r.checkResult(ctx, probe, t, c, res, problems)
			}
		}
	}
	if r.opt.Level == All {
		for i, t := range r.tools {
			if valid[i] != nil {
				r.callHTTPErrors(ctx, t, valid[i])
			}
		}
	}
}

// waited reports whether the run's module waited for end of input.
func waited(rec *host.Record) bool {
	for _, b := range rec.Breaks() {
		if b.Kind == host.BreakWaitsForEOF {
			return true
		}
	}
	return false
}

// limits gives the next run its answer wait and exit grace, in the
// module's own time; ok is false when the run does not fit the budget
// (fits), and it is listed as not run, or when the wall backstop passed,
// and it is listed as not judged. A run's limits are never cut by what is left of the budget: a
// run that starts is judged by the same limits whatever the machine's load.
func (r *runner) limits(probe, toolName, caseName string) (wait, grace time.Duration, ok bool) {
	if r.res.Err != nil {
		return 0, 0, false // the host cannot run the probes
	}
	grace = r.grace
	if r.slowExit {
		grace = min(grace, shortGrace)
	}
	if !r.fits() {
		r.res.NotRun = append(r.res.NotRun, LeftOut{Probe: probe, Tool: toolName, Case: caseName, Runs: 1})
		return 0, 0, false
	}
	if r.pastBackstop(probe + " on " + toolName) {
		return 0, 0, false
	}
	r.started++
	return r.opt.RunLimit, grace, true
}

// spent is what the budget has counted so far: the module's own time in
// the runs, what their private copies cost (host.Record.CopyCharge, by
// host.CopyEntryCharge and CopyMiBCharge), what judging them cost past
// RunCharge (judgeCharge), and RunCharge for each run started. Neither
// moves with the
// machine's load or the process's other work (the module's own time is
// its thread's CPU time, see docs/time-model.md for where that does not
// hold), so which runs fit is a function of the module.
func (r *runner) spent() time.Duration {
	return r.moduleTime + time.Duration(r.started)*RunCharge
}

// charge counts a run's module time and the host's work for it: its
// private copies' charge and its judging's (judgeCharge).
func (r *runner) charge(rec *host.Record, result json.RawMessage, judging resultcheck.Work) {
	work := rec.CopyCharge + r.judged(rec, result, judging)
	r.moduleTime += rec.Elapsed + work
	r.hostWork += work
}

// fits says whether another run fits the budget: what is spent and the
// run's charge are within it. (So a budget under RunCharge runs nothing.)
func (r *runner) fits() bool {
	return r.spent()+RunCharge <= r.opt.Budget
}

// stopped reports whether ctx is done or the wall backstop has passed,
// listing name as not judged for either.
func (r *runner) stopped(ctx context.Context, name string) bool {
	if ctx.Err() != nil {
		r.notJudged(name, context.Cause(ctx))
		return true
	}
	return r.pastBackstop(name)
}

// pastBackstop says whether the probes' wall backstop, grown by the
// runs' private copies' charge, has passed, and then lists the run named
// as not judged.
func (r *runner) pastBackstop(name string) bool {
	b := r.backstop.Grown(r.hostWork) // the host's copies and judging are its work on the wall clock
	if !b.Passed() {
		return false
	}
	r.notJudged(name, b.Stalled("the call probes"))
	return true
}

// notJudged lists a run given up for the host's reasons, keeping the
// first reason.
func (r *runner) notJudged(name string, why error) {
	r.res.Stalled = append(r.res.Stalled, name)
	if r.res.NotJudged == nil {
		r.res.NotJudged = why
	}
}

// unjudgedCall says whether the pipeline left a call not judged (see
// callrun.Outcome.Unjudged), and lists it.
func (r *runner) unjudgedCall(name string, o *callrun.Outcome) bool {
	if o.Unjudged == nil {
		return false
	}
	r.notJudged(name, o.Unjudged)
	return true
}

// unjudged says whether a run ended for the host's reasons (see
// host.Record.Unjudged), and lists it.
func (r *runner) unjudged(probe, toolName string, rec *host.Record) bool {
	name := probe + " on " + toolName
	switch {
	case rec.Stalled:
		r.notJudged(name, rec.StalledError("the probe run "+name))
	case rec.Interrupted:
		r.notJudged(name, fmt.Errorf("the probe run %s was interrupted: %w", name, context.Cause(r.ctx)))
	case refusedForOthers(rec): // also when made again alone (play, memory.go)
		r.notJudged(name, heldError(name, rec))
	default:
		return false
	}
	return true
}

// runOptions say how to make one run (see session).
type runOptions struct {
	wait, grace time.Duration // the answer's wait and the exit grace, in the module's own time
	osPipe      bool          // stdin is an OS pipe (the pause probe)
	// http configures subako_http; nil refuses every host
	// (host_not_allowed).
	http *subakohttp.Config
	// seed is the run's host seed (RunConfig.Seed, probeSeed).
	seed []byte
	// alone makes the run wait for the probes' other runs and go alone
	// (runGate): a run made again after the memory budget refused it.
	alone bool
}

// play starts one run with a fresh temporary volume (removed afterwards),
// plays script on it and waits for the run's end. A run whose memory.grow
// the host's shared budget refused is played again alone (memory.go), and
// only that run is kept and charged. It returns nil when the host could
// not start the run, whose error is kept in Result.Err.
func (r *runner) play(ctx context.Context, opt runOptions, script func(*host.Session)) *host.Record {
	rec, err := r.session(ctx, opt, script)
	if err == nil && refusedForOthers(rec) && !opt.alone {
		opt.alone = true
		rec, err = r.session(ctx, opt, script)
	}
	if err != nil {
		r.res.Err = err
	}
	if rec != nil {
		r.charge(rec, nil, resultcheck.Work{})
	}
	return rec
}

// session is play without keeping the error, so that it may run beside
// the other probes (see startPause): it touches nothing of the runner's
// but its options, the host and the module.
func (r *runner) session(ctx context.Context, opt runOptions, script func(*host.Session)) (*host.Record, error) {
	volume, err := os.MkdirTemp("", "subako-probe-volume-")
	if err != nil {
		return nil, fmt.Errorf("the probes' volume: %w", err)
	}
	defer os.RemoveAll(volume)
	http := opt.http
	if http == nil {
		http = &subakohttp.Config{} // no host allowed: host_not_allowed
	}
	defer r.gate.enter(opt.alone)()
	s, err := r.h.Start(ctx, r.m, host.RunConfig{
		Mounts:  host.Mounts{Volume: volume, Package: r.opt.Assets},
		Timeout: opt.wait, HTTP: http, OSPipe: opt.osPipe, ExitGrace: opt.grace,
		Seed: opt.seed, SeededWall: r.opt.SeededWall,
	})
	if err != nil {
		return nil, err
	}
	script(s)
	return s.Wait(), nil
}

// call is one tools/call run with a string id: it judges the run and
// returns its record (nil when it did not run), whether the call was
// answered, and the result (nil when the call broke) with its problems
// (the pipeline's judgement, see callrun).
func (r *runner) call(ctx context.Context, probe string, t mcp.Tool, caseName string, valid bool, args json.RawMessage) (*host.Record, bool, json.RawMessage, []resultcheck.Problem) {
	return r.callWith(ctx, probe, t, caseName, valid, args, nil)
}

func (r *runner) callWith(ctx context.Context, probe string, t mcp.Tool, caseName string, valid bool, args json.RawMessage, fixture *subakohttp.Fixture) (*host.Record, bool, json.RawMessage, []resultcheck.Problem) {
	wait, grace, ok := r.limits(probe, t.Name, caseName)
	if !ok {
		return nil, false, nil, nil
	}
	name := probe + " on " + t.Name
	attempt := func() *callrun.Outcome {
		return r.oneCall(ctx, wait, grace, fixture, nil, name, t, args)
	}
	interpreted := r.m.Interpreted()
	o := attempt()
	// Under host.EngineAuto a module new to the cache is interpreted while
	// it compiles, and an interpreted run may miss a time limit set for
	// compiled code: such a run (unanswered, not for waiting on end of
	// input) is made again on the compiled code, and that one is judged.
	if o != nil && interpreted && !o.Answered() && o.Record.OutOfTime() && !waited(o.Record) {
		switch {
		case r.compiled(ctx):
			if wait, grace, ok = r.limits(probe, t.Name, caseName); !ok {
				return nil, false, nil, nil // the interpreted run is no verdict; limits listed this one
			}
			o = attempt()
		case r.stopped(ctx, name):
			return nil, false, nil, nil
		}
	}
	if o == nil || r.unjudgedCall(name, o) {
		return nil, false, nil, nil // the host's failure (Result.Err), or its condition
	}
	rec := o.Record
	r.fresh = nil
	n := r.judge(probe, t.Name, caseName, valid, args, rec)
	r.note(probe, t.Name, caseName, rec, n)
	if len(r.fresh) > 0 {
		r.shrink(ctx, probe, t, valid, args, fixture, r.cause(probe, t.Name, valid, rec), r.fresh[0])
	}
	if !o.Answered() || n > 0 || o.RPCError() != nil {
		return rec, o.Answered(), nil, nil
	}
	return rec, true, o.Result, o.Problems
}

// oneCall runs one tools/call of t with args through the call pipeline
// (callrun), with an id of Subako's shape (the host's: a module must not
// tell a probe from an agent's call by it), the probes' limits and
// network (none, or fixture's recordings), on the module compiled with coverage when covered
// is set (a run of the search, search.go); name is the run's in a list of runs not judged.
// It returns nil when the host could not start the run, whose error is
// kept in Result.Err.
func (r *runner) oneCall(ctx context.Context, wait, grace time.Duration, fixture *subakohttp.Fixture, covered *coveredRun, name string, t mcp.Tool, args json.RawMessage) *callrun.Outcome {
	m, cfg := r.m, host.CallConfig{
		Mounts:  host.Mounts{Package: r.opt.Assets},
		Timeout: wait, ExitGrace: grace, HTTPFixture: fixture,
		Once: true, // callWith decides about a second run, within the budget
		Seed: r.caseSeed(t.Name, args), SeededWall: r.opt.SeededWall,
	}
	if covered != nil {
		m, cfg.Reached = covered.module, covered.reached // a run of the search (search.go)
	}
	spec := callrun.Spec{Tool: t.Name, Args: args, OutputSchema: t.OutputSchema, What: "the probe run " + name, CallConfig: cfg}
	run := func(alone bool) *callrun.Outcome {
		defer r.gate.enter(alone)()
		return callrun.Run(ctx, r.h, m, spec)
	}
	o := run(false)
	if o.Err == nil && o.Unjudged == nil && refusedForOthers(o.Record) {
		// The host's shared memory or file budget, or the machine's own
		// limit, refused an operation for others' sake: the run is made
		// again alone, and only that one counts (memory.go).
		if o = run(true); o.Err == nil && o.Unjudged == nil && refusedForOthers(o.Record) {
			o.Unjudged, o.Breaks, o.Problems = heldError(name, o.Record), nil, nil
		}
	}
	if o.Err != nil {
		r.res.Err = o.Err
		return nil
	}
	r.charge(o.Record, o.Result, o.Work)
	return o
}

// caseSeed is the host seed of a call of tool with args (host.CallConfig's
// Seed): the module's hash, the tool's name and the arguments, so that the
// module's random_get, wall clock and call id are the same for the same
// case on every run of the probes, and a search is the same search every
// time (search.go). A case the covered search broke is made again on the
// plain module with the same seed.
func (r *runner) caseSeed(tool string, args json.RawMessage) []byte {
	seed := make([]byte, 0, len(r.sum)+len(tool)+1+len(args))
	seed = append(seed, r.sum[:]...)
	seed = append(seed, tool...)
	seed = append(seed, 0)
	return append(seed, args...)
}

// shrink looks for the smallest arguments that break the call the same
// way (cause want) as args did, one step smaller at a time (argsgen's
// Shrinker), within MaxShrinks runs (DeepShrinks when deep) and the
// budget, and puts them and their command in the finding f.
func (r *runner) shrink(ctx context.Context, probe string, t mcp.Tool, valid bool, args json.RawMessage, fixture *subakohttp.Fixture, want string, f *folded) {
	if want == "" || len(args) <= 2 {
		return
	}
	sh, err := argsgen.NewShrinker(t.InputSchema, r.base[t.Name])
	if err != nil {
		return
	}
	limit := MaxShrinks
	if r.opt.Level == Deep {
		limit = DeepShrinks
	}
	smallest, runs := args, 0
	for progress := true; progress && runs < limit; {
		progress = false
		smaller := sh.Smaller(smallest, valid)
		r.generated(sh.Work())
		for _, c := range smaller {
			if runs >= limit || r.res.Err != nil || !r.fits() || r.pastBackstop("shrink on "+t.Name) {
				break
			}
			runs++
			r.started++
			wait, grace := r.opt.RunLimit, r.grace
			if r.slowExit {
				grace = min(grace, shortGrace)
			}
			o := r.oneCall(ctx, wait, grace, fixture, nil, "shrink on "+t.Name, t, c)
			if o == nil || r.unjudgedCall("shrink on "+t.Name, o) {
				return
			}
			r.note("shrink", t.Name, string(c), o.Record, 0)
			if r.cause(probe, t.Name, valid, o.Record) == want {
				smallest, progress = c, true
				break
			}
		}
	}
	if string(smallest) == string(args) {
		return
	}
	cmd := r.reproduce(t.Name, smallest)
	msg := r.res.Findings[f.index].Message
	r.res.Findings[f.index].Message = strings.Replace(msg, "; reproduce: "+f.reproduce,
		"; the smallest arguments that fail the same way: "+short(smallest)+"; reproduce: "+cmd, 1)
	f.reproduce, f.Args = cmd, smallest
}

// compiled waits, within the probes' wall backstop, for the module's
// compiled code (compiled in a worker process, at no cost to the budget),
// and says whether runs now use it.
func (r *runner) compiled(ctx context.Context) bool {
	wait, cancel := context.WithDeadline(ctx, r.backstop.Deadline)
	defer cancel()
	return r.m.WaitCompiled(wait)
}

// note records a run.
func (r *runner) note(probe, toolName, caseName string, rec *host.Record, findings int) {
	r.res.Runs = append(r.res.Runs, RunInfo{Probe: probe, Tool: toolName, Case: caseName, Elapsed: rec.Elapsed, WallStart: rec.WallStart, CloseToExit: rec.CloseToExit, Findings: findings})
}

// where is the start of every finding's message.
func where(probe, toolName, caseName string) string {
	s := "probe " + probe + " on tool " + quote(toolName)
	if caseName != "" {
		s += " (" + caseName + ")"
	}
	return s
}

func quote(s string) string { b, _ := json.Marshal(s); return string(b) }

// add appends a finding.
func (r *runner) add(rule *rules.Rule, msg string) {
	r.res.Findings = append(r.res.Findings, rules.Finding{Rule: rule, Offset: -1, Message: msg})
}

// fold appends a finding for a new cause (key), with the command that
// reproduces it; a cause seen before only counts the case in the first
// finding. It records the new finding's index in r.fresh, for shrinking.
func (r *runner) fold(key string, rule *rules.Rule, text, toolName string, args json.RawMessage, valid bool) {
	command := r.reproduce(toolName, args)
	if f, seen := r.causes[key]; seen {
		f.more++
		msg := strings.TrimSuffix(r.res.Findings[f.index].Message, f.suffix)
		f.suffix = fmt.Sprintf(" (the same in %d more case", f.more)
		if f.more > 1 {
			f.suffix += "s"
		}
		f.suffix += ")"
		r.res.Findings[f.index].Message = msg + f.suffix
		return
	}
	if r.causes == nil {
		r.causes = map[string]*folded{}
	}
	f := &folded{index: len(r.res.Findings), reproduce: command, Failing: Failing{Tool: toolName, Args: args, Valid: valid}}
	r.causes[key] = f
	r.fresh = append(r.fresh, f)
	r.add(rule, text+"; reproduce: "+command)
}

// folded is the finding of one cause of a broken call.
type folded struct {
	index     int    // in Result.Findings
	more      int    // the other cases that failed the same way
	suffix    string // the count, at the end of the message
	reproduce string // the command in the message
	Failing          // the smallest case known
}

// Failing is the smallest known case of one broken call's cause: what
// lint --save-cases writes to testdata/calls.json.
type Failing struct {
	Tool  string
	Args  json.RawMessage
	Valid bool // the inputSchema accepts Args
}

// reproduce is the one subakogo call command that makes the call again.
// A module or tool name starting with '-' comes after "--", so call does
// not read it as a flag (attack pass 41q, row 2: a tool named --json).
func (r *runner) reproduce(toolName string, args json.RawMessage) string {
	cmd := "subakogo call "
	if strings.HasPrefix(r.opt.Module, "-") || strings.HasPrefix(toolName, "-") {
		cmd += "-- "
	}
	return cmd + shellQuote(r.opt.Module) + " " + shellQuote(toolName) + " " + shellQuote(string(args))
}

// shellQuote quotes s for a POSIX shell, only when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./:@%+=,") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// addOnce appends a finding of a module-wide rule the first time, and
// counts it after; it reports whether it was the first.
func (r *runner) addOnce(rule *rules.Rule, msg string) bool {
	if i, seen := r.once[rule]; seen {
		if r.extra == nil {
			r.extra = map[*rules.Rule]int{}
		}
		r.extra[rule]++
		r.res.Findings[i].Message = strings.TrimSuffix(r.res.Findings[i].Message, suffix(r.extra[rule]-1)) + suffix(r.extra[rule])
		return false
	}
	r.once[rule] = len(r.res.Findings)
	r.add(rule, msg)
	return true
}

func suffix(n int) string {
	switch n {
	case 0:
		return ""
	case 1:
		return " (and in 1 more run)"
	}
	return fmt.Sprintf(" (and in %d more runs)", n)
}
