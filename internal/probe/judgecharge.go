package probe

import (
	"encoding/json"
	"time"

	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/offlineschema"
	"github.com/subako-ai/subako-go/internal/probe/argsgen"
	"github.com/subako-ai/subako-go/internal/probe/resultcheck"
)

// The host's judging of a run costs what the module chose, and the budget
// charges it by what the module chose, never by a clock (so that which
// runs fit stays a function of the module): RunCharge covers a run of
// small answers; past it, each run is charged for its stdout's bytes, its
// result's nesting and the work of validating the result against the
// tool's outputSchema.
// Attack pass 47a, row 3: judging was in RunCharge's fixed 1 ms, while an
// 83-byte outputSchema with a pattern of ~1,000 instructions and a
// 49,800-byte string in every result (within offlineschema.MaxWork) cost
// about half a second of CPU a run; the probes of a 2 s budget took 9-11.5
// s of the process's CPU, and lint --probe-time 2s was exit 1 quiet and
// exit 3 ("this machine is too busy") at 3% of a core.
const (
	// SchemaWorkCharge is what a step of the work of validating a result's
	// structuredContent against the tool's outputSchema costs the budget
	// (offlineschema.Cost.Work, at most offlineschema.MaxWork: 2 s).
	// Measured (BenchmarkJudgeCost, 2026-12-07, two cores shared with
	// other work at a load of 8-10: the process's CPU time of
	// resultcheck.JudgeWork, a collection of what it left included, on
	// answers at the largest work under MaxWork): 0.07-1.9 µs a step for
	// patterns, enums, required names, anyOf failures, uniqueItems,
	// const, formats, multipleOf and patternProperties, and 1.6-3.0 µs
	// for minLength and maxLength (the validator counts a string's runes
	// at each of 44,100 paths, offlineschema counting a step a KiB);
	// rounded up.
	SchemaWorkCharge = 4 * time.Microsecond
	// AnswerKiBCharge is what each whole KiB the run wrote to stdout (at
	// most host.StdoutLimit, 1 MiB) costs the budget: the host's reading
	// of its lines and the judging of a result, which reads it a few
	// times whole (the CallToolResult and its content blocks, the text
	// carrying structuredContent, each resource_link's file, an image's
	// base64). Measured as SchemaWorkCharge, on answers of ~1 MiB, the
	// line's parsing included: 50 ms a MiB for one text or image block,
	// 140-220 ms for empty or unknown blocks and numbers, 320 ms for
	// volume:/// links (a file opened each), 280-370 ms for arrays nested
	// 9,000 deep side by side; rounded up (512 ms a MiB).
	AnswerKiBCharge = 500 * time.Microsecond
	// DepthCharge is what each level of a judged result's nesting costs
	// the budget (at most the JSON decoder's 10,000 levels: 80 ms): the
	// judging walks the result recursively a few times, and the first
	// walk of a run grows the goroutine's stack to the result's depth.
	// Measured as SchemaWorkCharge: one array nested 9,000 deep, an
	// 18 KB answer (9 ms of AnswerKiBCharge), cost 50-60 ms to judge
	// after a collection had shrunk the stack, 7-17 ms when it had not;
	// rounded up.
	DepthCharge = 8 * time.Microsecond
	// LinkCharge is what each volume:/// link the judging opens costs the
	// budget (resultcheck.Work.Links: each distinct link once): os.Root
	// walks the volume to the file a directory at a time, the module's
	// symbolic links followed (at most 8, with no ".." in their targets,
	// within the volume's 64 levels). Measured (attack pass 47d, row 2,
	// two cores at a load of 8-13): a link through a chain of 62
	// directories and a symbolic link cost about 263 µs, one KiB of
	// answer's AnswerKiBCharge being 500 µs for some 17 such links;
	// rounded up to four times it.
	LinkCharge = time.Millisecond
)

// CaseWorkCharge is what a step of the work of validating a generated
// argument case costs the budget (argsgen.Work.Validation, in
// offlineschema.Cost.Work's steps), and CaseMatchCharge what a step of the
// generator's own matching of the strings it made against their patterns
// does (argsgen.Work.Matching: a hundred steps of Go's regexp). Attack
// passes 48a and 48b, row 1: the generation, before any run, was charged
// nothing, and one tool whose inputSchema had a string under
// [abB]{1000} four times and a minLength of 8,000 cost 5.5-7 s of CPU (100
// such members: 20 s), so lint --probe-time 2s was exit 0 quiet and exit
// 3 at 3% of a core. Measured (the thread's CPU time of
// argsgen.CasesWork, two cores at a load of 8-10, 2026-12-07): on the
// 4,394 tools of the tool-text corpus, 11 µs a validation step on
// average, the schemas' compiling and the values' making included; on
// those patterns, 0.3-0.5 µs a matching step. Rounded up. Half of the
// corpus's tools cost under 150 steps, nine in ten under 800, the
// costliest 122,000 (about 2 s charged).
// CaseCompileCharge is what an instruction the inputSchema's patterns
// compile to costs the budget, for each compiling (argsgen.Work.Compiled):
// about 2 µs measured on patterns of 4,000 and 600,000 instructions,
// rounded up. Attack pass 48d, row 1: ten unused $defs of such patterns
// cost 8.1 s of CPU, counted nowhere; the generator now refuses a schema
// whose patterns pass 100,000 instructions, and charges the rest.
// CaseValueCharge is what a value the generator makes costs the budget
// (argsgen.Work.Values: a value made, validated or not, or a KiB of a
// schema's location or a subschema merged in reading its schema). Attack
// pass 49b, row 6: a 171-byte inputSchema, an array of at least 1,000
// arrays of at least 1,000 integers, had the generator make 40,000
// values and give up, validating none: some 0.1 s of CPU a tool charged
// nothing (63 such tools: 7.45 s, a 2 s budget's probes not judged, "this
// machine is too busy", at 3% of a core). Measured (the thread's CPU
// time of argsgen.CasesWork, two cores shared at a load of 8-10): 0.4-0.5
// µs a value for strings and booleans, 2.0-3.0 µs for numbers, objects
// and items under an allOf of 2,000, 1 µs a step under a member named
// with 60,000 bytes; the attack pass measured up to 4.2 µs. Rounded up
// to twice that.
// CaseSchemaCharge is what a JSON value of the inputSchema (or 64 of its
// bytes) costs the budget (argsgen.Work.Schema): its decoding, walks and
// compiling, whether the generator then uses the schema or refuses it.
// Attack pass 50d, row 3: a 528 KB schema without patterns, refused for
// its cost after its compile, cost 0.66-0.97 s of CPU charged nothing.
// Measured (the thread's CPU time of argsgen.CasesWork, two cores shared,
// 2026-12-07) at the generator's cap of 10,000 values: 1.4 µs a value of
// a large enum, 13 µs for nested objects, 33-42 µs for 10,000 empty
// subschemas under an anyOf or properties (the compiler's queue is
// quadratic in the subschemas). Rounded up to about twice the last.
const CaseSchemaCharge = 80 * time.Microsecond

const (
	CaseWorkCharge    = 16 * time.Microsecond
	CaseMatchCharge   = 2 * time.Microsecond
	CaseCompileCharge = 4 * time.Microsecond
	CaseValueCharge   = 8 * time.Microsecond
)

// generatedCharge is what generating argument cases cost the budget:
// their validations at CaseWorkCharge, their matching at CaseMatchCharge,
// the compiling of the schema's patterns at CaseCompileCharge, the
// values made at CaseValueCharge and the schema's reading at
// CaseSchemaCharge.
func generatedCharge(work argsgen.Work) time.Duration {
	return time.Duration(work.Validation)*CaseWorkCharge + time.Duration(work.Matching)*CaseMatchCharge +
		time.Duration(work.Compiled)*CaseCompileCharge + time.Duration(work.Values)*CaseValueCharge +
		time.Duration(work.Schema)*CaseSchemaCharge
}

// caseFreeWork is the work of validating a small schema's first cases
// that the budget does not charge, once a tool (CasesWork; the search's
// and the shrinker's are charged whole): about what half the corpus's
// tools cost, which RunCharge's run and the generation's constant share
// cover.
const caseFreeWork = 150

// caseFreeCompiled is the compiling of a tool's patterns the budget does
// not charge, once a tool: patterns of 1,000 instructions in all, each
// compiled twice (an honest schema's are a few hundred).
const caseFreeCompiled = 2_000

// caseFreeValues is the values made the budget does not charge, once a
// tool: the corpus's tools make 11 (half of them) to 154 (99 in 100),
// the most 2,120 (17 ms charged past this).
const caseFreeValues = 1_000

// caseFreeSchema is the reading of a tool's inputSchema the budget does
// not charge, once a tool (argsgen.Work.Schema): the corpus's schemas
// count 24 (half of them) to 519 (99 in 100), the most 2,380 (1,738 JSON
// values in 44 KB: 0.14 s charged past this).
const caseFreeSchema = 600

// outputSchemaCompiled charges the compiling of a tool's outputSchema's
// patterns (offlineschema.SchemaPatternSize, past caseFreeCompiled's
// share of one compiler) at CaseCompileCharge, once a probing, whether
// the process compiled it before (resultcheck keeps it) or not, so that
// the charge is a function of the module. Attack pass 48e, row 4: the
// outputSchema's compiling was charged nothing (3.03 s of CPU for a run
// counted 21 ms); past offlineschema.MaxPatternInsts it is not compiled.
// Its JSON values are charged as an inputSchema's reading is
// (CaseSchemaCharge past caseFreeSchema), up to
// offlineschema.MaxSchemaValues, past which it is read, not compiled: an
// outputSchema's compile is quadratic in its subschemas (40,000 {} in an
// anyOf, 120 KB, took 7.6 s of CPU, charged nothing).
func (r *runner) outputSchemaCompiled(schema json.RawMessage) {
	if len(schema) == 0 {
		return
	}
	var doc any
	if json.Unmarshal(schema, &doc) != nil {
		return
	}
	size := min(offlineschema.SchemaPatternSize(doc), offlineschema.MaxPatternInsts)
	values := min(offlineschema.Values(doc), offlineschema.MaxSchemaValues) // past it, only read (resultcheck)
	r.generated(argsgen.Work{Compiled: max(size-caseFreeCompiled/2, 0), Schema: max(values-caseFreeSchema, 0)})
}

// generated charges the budget generatedCharge of work, argument cases'
// generation: host work, as the judging is, so it grows the wall
// backstop too.
func (r *runner) generated(work argsgen.Work) {
	c := generatedCharge(work)
	r.moduleTime += c
	r.hostWork += c
	r.generating += c
}

// RunCharge covers the judging of a run of small answers (it was
// measured on such runs): the first KiB of stdout, judgeFreeLevels levels
// of nesting and judgeFreeWork steps of validation are not charged again.
const (
	judgeFreeLevels = 16
	judgeFreeWork   = 64
	// maxLevels is the nesting encoding/json decodes (its
	// maxNestingDepth), which the judging's reading of a result shares.
	maxLevels = 10_000
)

// judgeCharge is what the host's judging of a run costs the budget past
// RunCharge: its stdout's whole KiBs, and for a call's result (nil for a
// run whose results are not judged) its nesting, the steps of validating
// it and the links opened (callrun.Outcome.Work; 0 when not judged).
func judgeCharge(rec *host.Record, result json.RawMessage, work resultcheck.Work) time.Duration {
	bytes := min(rec.StdoutBytes, host.StdoutLimit)
	levels := min(nesting(result), maxLevels) // deeper is not JSON to the judging, and costs it a scan
	return time.Duration(bytes>>10)*AnswerKiBCharge + time.Duration(max(levels-judgeFreeLevels, 0))*DepthCharge +
		time.Duration(max(work.Schema-judgeFreeWork, 0))*SchemaWorkCharge + time.Duration(work.Links)*LinkCharge
}

// judged is judgeCharge, kept in the runner's count of it (for P042's
// message).
func (r *runner) judged(rec *host.Record, result json.RawMessage, work resultcheck.Work) time.Duration {
	c := judgeCharge(rec, result, work)
	r.judging += c
	return c
}

// nesting is how deep the arrays and objects of the JSON text b nest
// (for text that is not JSON, how deep its brackets outside strings do),
// read in one pass without recursion.
func nesting(b []byte) int {
	depth, deepest, inString, escaped := 0, 0, false, false
	for _, c := range b {
		switch {
		case inString:
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
		case c == '"':
			inString = true
		case c == '[' || c == '{':
			depth++
			deepest = max(deepest, depth)
		case c == ']' || c == '}':
			depth--
		}
	}
	return deepest
}
