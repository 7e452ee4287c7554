package probe

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math/rand/v2"

	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/mcp"
	"github.com/subako-ai/subako-go/internal/probe/argsgen"
	"github.com/subako-ai/subako-go/internal/probe/dict"
	"github.com/subako-ai/subako-go/internal/wasmparse"
)

// The search of --probes=deep: arguments from the module's own constants
// (internal/probe/dict), then a coverage-guided search. Each tool's valid
// cases are run on a copy of the module compiled with coverage
// (host.CompileCovered); a case that enters a function no run of the tool
// entered before is kept, spliced first with the constants of the
// functions it entered (see searchTool), and the kept cases are mutated
// (argsgen's Mutator: a member changed, a member set to a constant of the
// module, two members related, two cases spliced). A case that breaks the covered
// run is made again on the plain module and judged there, as every other
// probe is (and shrunk, with its subakogo call command); the covered runs
// judge nothing, since the listener slows them.
//
// The search is deterministic for a module: its seed is the module's hash,
// each call's random_get, wall clock and id are its case's (caseSeed), and
// its budget is SearchRuns runs, shared by the tools, not time (the
// module's own CPU time, which its clocks advance by, still varies
// slightly). The
// probes' budget (DeepBudget) still bounds it, as it bounds every run.

// SearchRuns is how many covered runs the search makes for a package,
// shared by its tools; searchSeeds bounds the valid cases a tool's search
// starts from.
const (
	SearchRuns  = 600
	searchSeeds = 24
)

// spliceValues bounds the numbers and the strings spliced into a case
// kept for new functions, and spliceRuns the runs of one case's splices.
const (
	spliceValues = 8
	spliceRuns   = 24
)

// Signals names the module's own signals deep mode uses beyond the schema,
// each of which Options.Without can switch off; the test of what each
// finds (searchsubjects' TestSearchSignals) compares deep with and without
// them.
type Signals struct {
	// Dict is the module's dictionary: without it neither the argument
	// generator nor the search's mutations use the module's constants.
	Dict bool
	// Coverage is the search's feedback: without it the search keeps no
	// case for the code it reached, and mutates the valid cases it started
	// from alone, with the same budget of runs.
	Coverage bool
}

// Coverage is what the search reached.
type Coverage struct {
	Reached int // functions any covered run entered
	Funcs   int // functions the module defines
	Runs    int // covered runs made
	Kept    int // cases kept for reaching new functions
}

// generator is the argument generator's options: DefaultCover edge cases,
// or with Deep the wider cover (argsgen's Reach) with the module's
// dictionary, DeepCover edge cases and DeepRandom random ones, seeded by
// the module.
func (r *runner) generator() argsgen.Options {
	if r.opt.Level != Deep {
		return argsgen.Options{Cover: DefaultCover}
	}
	opt := argsgen.Options{Cover: DeepCover, Random: DeepRandom, Seed: 1, Reach: true}
	if r.opt.Wasm != nil {
		sum := sha256.Sum256(r.opt.Wasm)
		opt.Seed = binary.LittleEndian.Uint64(sum[:8])
		r.parsed = wasmparse.Parse(r.opt.Wasm)
		r.dict = dict.FromModule(r.opt.Wasm, r.parsed, dict.Options{})
		if r.opt.Without.Dict {
			r.dict = &dict.Dict{}
		}
		opt.Dict = r.dict.Ranked(nil)
	}
	r.seed = opt.Seed
	return opt
}

// coveredRun makes a run (runOptions) use the covered module and fill
// reached.
type coveredRun struct {
	module  *host.Module
	reached *host.Reached
}

// search runs the coverage-guided search on each tool (Deep with
// Options.Wasm), after the argument probes.
func (r *runner) search(ctx context.Context, cases [][]Case) {
	if r.opt.Level != Deep || r.parsed == nil || r.res.Err != nil {
		return
	}
	var tools []int
	for i := range r.tools {
		if r.base[r.tools[i].Name] != nil {
			tools = append(tools, i)
		}
	}
	budget := r.opt.SearchRuns
	if budget <= 0 {
		budget = SearchRuns
	}
	if len(tools) > 0 && !r.fits() {
		r.searchLeftOut(tools, budget) // no run fits: the covered copy is not compiled
		return
	}
	covered, err := r.h.CompileCovered(ctx, r.opt.Wasm)
	if err != nil {
		// The plain module compiled on the same path, within the same
		// bounds: the covered copy failing is the listener's cost or the
		// machine's condition, never a verdict on the module, and a search
		// left out is not a clean one. Not judged.
		r.notJudged("the search", fmt.Errorf("the search could not compile the module with coverage: %w", err))
		return
	}
	cov := &Coverage{Funcs: len(r.parsed.Funcs)}
	r.res.Coverage = cov
	total := &host.Reached{}
	for n, i := range tools {
		runs := (budget - cov.Runs) / (len(tools) - n)
		before, listed := cov.Runs, len(r.res.NotRun)
		if !r.searchTool(ctx, r.tools[i], cases[i], covered, runs, uint64(i), total, cov) {
			if len(r.res.NotRun) > listed && r.res.NotRun[len(r.res.NotRun)-1].Probe == probeSearch {
				// The budget ended the search: the runs it did not make,
				// this tool's and the tools' after it, for P042 and
				// BudgetError.
				r.res.NotRun = append(r.res.NotRun[:len(r.res.NotRun)-1], LeftOut{Probe: probeSearch, Tool: r.tools[i].Name, Runs: runs - (cov.Runs - before)})
				r.searchLeftOut(tools[n+1:], budget-before-runs)
			}
			break
		}
	}
	cov.Reached = total.Count()
}

// probeSearch is what the search's runs are called in RunInfo and LeftOut.
const probeSearch = "search"

// searchLeftOut lists the search's runs of tools as left out: runs, shared
// by them as search shares them.
func (r *runner) searchLeftOut(tools []int, runs int) {
	for n, i := range tools {
		share := runs / (len(tools) - n)
		runs -= share
		if share > 0 {
			r.res.NotRun = append(r.res.NotRun, LeftOut{Probe: probeSearch, Tool: r.tools[i].Name, Runs: share})
		}
	}
}

// searchTool searches one tool within runs covered runs; it reports
// false when the probes' budget or the host ended it.
//
// A case kept for entering functions no run of the tool entered before
// is spliced first: each constant those functions hold (the guards'
// values first, dict.In) in each member that takes it, before any random
// mutation. A fault behind a chain of guards, each comparing another
// member with another constant in a function of its own, is so reached
// one guard at a time, where random mutations would have to guess every
// value at once.
func (r *runner) searchTool(ctx context.Context, t mcp.Tool, cases []Case, covered *host.Module, runs int, salt uint64, total *host.Reached, cov *Coverage) bool {
	reached := &host.Reached{}
	var corpus []json.RawMessage
	seen := map[string]bool{}
	seeding := true // without coverage, the seeds are the corpus
	var fresh []freshCase
	// try runs one case covered, keeps it when it reached a new function,
	// and judges it on the plain module when it broke.
	try := func(name string, args json.RawMessage) bool {
		seen[string(args)] = true
		got, broke, ok := r.coveredCall(ctx, covered, t, args)
		if !ok {
			return false
		}
		runs--
		cov.Runs++
		keep := reached.New(got) > 0 || len(corpus) == 0
		if r.opt.Without.Coverage {
			keep = seeding
		}
		switch {
		case broke:
			if _, _, res, problems := r.call(ctx, ProbeValid, t, name, true, args); res != nil {
				r.checkResult(ctx, ProbeValid, t, &Case{Name: name, Args: args, Valid: true}, res, problems)
			}
		case keep:
			corpus = append(corpus, args)
			cov.Kept++
			if r.opt.OnKept != nil {
				r.opt.OnKept(t.Name, args)
			}
			if !r.opt.Without.Coverage {
				before := &host.Reached{}
				before.Merge(reached)
				hot := r.dict.In(func(fn int) bool { return got.Has(fn) && !before.Has(fn) }, spliceValues)
				fresh = append(fresh, freshCase{args, hot})
			}
		}
		reached.Merge(got)
		return true
	}
	seeds := 0
	for _, c := range cases {
		if c.Valid && seeds < searchSeeds && runs > 0 {
			seeds++
			if !try(c.Name, c.Args) {
				return false
			}
		}
	}
	seeding = false
	defer total.Merge(reached)
	if len(corpus) == 0 {
		return true
	}
	// The module's constants in the functions the tool reached first.
	mut, _ := argsgen.NewMutator(t.InputSchema, argsgen.Options{Reach: true, Seed: r.seed ^ salt, Dict: r.dict.Ranked(r.feedback(reached))})
	if mut == nil {
		return true
	}
	defer func() { r.generated(mut.Work()) }()
	rng := rand.New(rand.NewPCG(r.seed, salt))
	// queue holds the splices to try, the newest kept case's first.
	var queue []argsgen.Case
	for misses := 0; runs > 0 && misses < 4*SearchRuns; {
		for _, f := range fresh {
			queue = append(mut.Splice(f.args, f.hot, spliceRuns), queue...)
		}
		r.generated(mut.Work())
		fresh = fresh[:0]
		var c argsgen.Case
		if len(queue) > 0 {
			c, queue = queue[0], queue[1:]
			if seen[string(c.Args)] {
				continue
			}
		} else {
			parent, other := corpus[rng.IntN(len(corpus))], corpus[rng.IntN(len(corpus))]
			var ok bool
			c, ok = mut.Mutate(parent, other)
			r.generated(mut.Work())
			if !ok || seen[string(c.Args)] {
				misses++
				continue
			}
		}
		if !try(c.Name, c.Args) {
			return false
		}
	}
	return true
}

// freshCase is a case kept for the functions it entered first, with the
// dictionary's values those functions hold.
type freshCase struct {
	args json.RawMessage
	hot  *argsgen.Dict
}

// feedback is reached's Has, nil without the coverage signal.
func (r *runner) feedback(reached *host.Reached) func(int) bool {
	if r.opt.Without.Coverage {
		return nil
	}
	return reached.Has
}

// coveredCall runs one tools/call on the covered module: what it reached
// and whether the call broke; ok is false when the run was not made (the
// budget, the host) or not judged.
func (r *runner) coveredCall(ctx context.Context, covered *host.Module, t mcp.Tool, args json.RawMessage) (reached *host.Reached, broke, ok bool) {
	const probe = probeSearch
	wait, grace, ok := r.limits(probe, t.Name, "")
	if !ok {
		return nil, false, false
	}
	reached = &host.Reached{}
	o := r.oneCall(ctx, wait, grace, nil, &coveredRun{module: covered, reached: reached}, probe+" on "+t.Name, t, args)
	if o == nil || r.unjudgedCall(probe+" on "+t.Name, o) {
		return nil, false, false
	}
	r.note(probe, t.Name, string(args), o.Record, 0)
	return reached, r.cause(ProbeValid, t.Name, true, o.Record) != "", true
}
