package argsgen

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/subako-ai/subako-go/internal/textutil"
)

// Case is one argument object for a tools/call probe.
type Case struct {
	// Name says what the case is: "valid", or "invalid: " and what breaks
	// the schema ("invalid: required field \"city\" missing").
	Name string
	Args json.RawMessage // a JSON object
	// Valid is true when the schema accepts Args (formats and content
	// encodings asserted), false when it refuses them (even with formats
	// read as annotations only).
	Valid bool
	// Edge marks the cases of the schema's edges (Options.Cover and
	// Random), made after the others.
	Edge bool
}

// Options bounds the work; zero fields take the defaults.
type Options struct {
	MaxCases int // all cases, valid ones first (default 12)
	MaxDepth int // nesting of a generated value (default 32)
	MaxBytes int // one case's arguments, encoded (default 64 KiB)
	MaxNodes int // values made for one case (default 20,000)
	// Cover is how many valid cases at the schema's edges to add after
	// the others (see cover), outside MaxCases; 0 adds none.
	Cover int
	// Random is how many random valid cases, biased to the edges, to add
	// after those (see random), from the seed Seed; 0 adds none.
	Random int
	Seed   uint64
	// Reach widens the cover (--probes=deep): every enum value whatever
	// the enum's length, numbers inside their range and not only at its
	// bounds, many strings matching a pattern or format, arrays of the
	// lengths between their bounds and with duplicates, nested objects to
	// the schema's depth; the cover goes on until every such value was
	// sent once (at most maxReachCover cases).
	Reach bool
	// Dict holds values found in the module itself (see
	// internal/probe/dict), the likeliest first: with Reach, each member
	// tries those its schema takes before the other values inside it.
	Dict *Dict
	// MaxSchemaBytes is the largest schema read (default 1 MiB; Subako's
	// own limit is 64 KiB).
	MaxSchemaBytes int
}

func (o Options) withDefaults() Options {
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&o.MaxCases, 12)
	def(&o.MaxDepth, 32)
	def(&o.MaxBytes, 64<<10)
	def(&o.MaxNodes, 20000)
	def(&o.MaxSchemaBytes, 1<<20)
	return o
}

// Dict is a module's dictionary as the generator takes it: numbers and
// strings, the likeliest first. A value is only ever sent where the
// member's schema accepts it.
type Dict struct {
	Numbers []json.Number
	Strings []string
}

// maxValid bounds the valid cases among MaxCases.
const maxValid = 3

// Cases generates arguments from a tool's inputSchema: valid ones first
// (every declared member where it can, then the required ones only, then a
// nullable member set to null), then invalid ones, each breaking the schema
// in one place, the kinds interleaved (a required member missing, a wrong
// type, an unknown member where additionalProperties is false, a number out
// of range, a value outside the enum, a length, a pattern, a multipleOf).
//
// Every case is checked with a JSON Schema validator before it is returned,
// so Valid is the specification's verdict, not the generator's. notes say
// what could not be done and why: no valid object (then no cases at all),
// a pattern Go cannot read, a budget reached.
func Cases(inputSchema json.RawMessage, opt Options) (cases []Case, notes []string) {
	cases, notes, _ = CasesWork(inputSchema, opt)
	return cases, notes
}

// Work is what generating a tool's cases cost, in offlineschema.Cost.Work's
// steps: the schema chose it, and the probes charge it to their budget
// (probe.CaseWorkCharge). Both together stay within a little past
// maxWork (ten times that with Options.Reach).
type Work struct {
	Validation int // the validations of the values made
	Matching   int // the generator's own matching of the strings it made against their patterns
	// Compiled is the instructions the schema's patterns compile to
	// (offlineschema.PatternSize), once for each compiler: the compiling
	// costs about 2 µs an instruction, whether a value reaches the
	// pattern or not.
	Compiled int
	// Values is the values the generator made (its steps, at most
	// Options.MaxNodes for one value made whole), validated or not, with
	// the reading of their schemas (a step for each KiB of a schema's
	// location hashed and each subschema merged): a schema may have it
	// make 40,000 values and give up before any validation (attack pass
	// 49b, row 6).
	Values int
	// Schema is the JSON values of the inputSchema and one for each 64
	// of its bytes, for its decoding,
	// the walks that count and estimate it and its compiling by both
	// compilers, charged whether the schema is then used or refused
	// (attack pass 50d, row 3).
	Schema int
}

// CasesWork is Cases, with the Work the generation cost.
func CasesWork(inputSchema json.RawMessage, opt Options) (cases []Case, notes []string, work Work) {
	g, top, note, refused := newGen(inputSchema, opt)
	if g == nil {
		return nil, []string{note}, refused
	}
	defer func() { work = g.ver.takeWork() }()
	opt, ver := g.opt, g.ver

	var valid []any
	seen := map[string]bool{}
	addCase := func(name string, v any, isValid, quiet bool) bool {
		if len(cases) >= opt.MaxCases {
			return false
		}
		b := encode(v)
		if len(b) > opt.MaxBytes || seen[string(b)] {
			return false
		}
		err := ver.validate(isValid, "#", b)
		if ec := (errCost{}); errors.As(err, &ec) && !quiet {
			g.note(fmt.Sprintf("%s: the generated value %s was not validated: %s", name, clip(b), oneLine(ec.Error())))
		}
		if unverified(err) {
			return false
		}
		if (err == nil) != isValid {
			if isValid && !quiet && err != nil {
				g.note(fmt.Sprintf("%s: the generated value %s fails the schema: %s", name, clip(b), oneLine(err.Error())))
			}
			return false
		}
		seen[string(b)] = true
		cases = append(cases, Case{Name: name, Args: b, Valid: isValid})
		return true
	}
	var firstErr error
	for _, full := range []bool{true, false} {
		g.full, g.work = full, 0
		v, err := g.value(top, 0, 0, "")
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		name := "valid"
		if len(valid) > 0 {
			name = "valid: required members only"
		}
		if len(encode(v)) > opt.MaxBytes {
			firstErr = fmt.Errorf("the smallest value made is past %d bytes", opt.MaxBytes)
			continue
		}
		if addCase(name, v, true, false) {
			valid = append(valid, v)
		}
	}
	if len(valid) == 0 {
		if firstErr != nil {
			g.note("no valid arguments could be made: " + oneLine(firstErr.Error()))
		} else {
			g.note("no valid arguments could be made")
		}
		return nil, g.notes, Work{}
	}
	base := valid[0]
	// A member that may be null, set to null: decoders of optional members
	// must take it.
	if o, ok := base.(*object); ok {
		nulls := 0
		// Members typed nullable first, then those of any type.
		for _, typed := range []bool{true, false} {
			for _, k := range o.keys {
				ps := o.props[k]
				if ps == nil || o.vals[k] == nil || len(valid)+nulls >= maxValid {
					continue
				}
				if (ps.types != nil) != typed || (typed && !contains(ps.types, "null")) {
					continue
				}
				if addCase(fmt.Sprintf("valid: %q is null", k), o.with(k, nil), true, true) {
					nulls++
				}
			}
		}
	}
	for _, m := range interleave(mutations(base)) {
		if len(cases) >= opt.MaxCases {
			break
		}
		addCase("invalid: "+m.name, m.value, false, true)
	}
	if o, ok := base.(*object); ok && (opt.Cover > 0 || opt.Random > 0) {
		for _, c := range g.cover(o, opt.Cover, opt.Random, opt.Seed) {
			if !seen[string(c.Args)] {
				seen[string(c.Args)] = true
				cases = append(cases, c)
			}
		}
	}
	return cases, g.notes, Work{}
}

// newGen reads and compiles the schema for the generator; a nil gen comes
// with the note that says why not and the work done before the refusal
// (newVerifier's), charged as any other.
func newGen(inputSchema json.RawMessage, opt Options) (g *gen, top []node, note string, refused Work) {
	opt = opt.withDefaults()
	if len(inputSchema) > opt.MaxSchemaBytes {
		return nil, nil, fmt.Sprintf("the inputSchema is %d bytes, past the %d the generator reads", len(inputSchema), opt.MaxSchemaBytes), Work{}
	}
	root, err := decode(inputSchema)
	if err != nil {
		return nil, nil, "the inputSchema is not JSON the generator can read: " + err.Error(), Work{Schema: schemaByteValues(len(inputSchema))}
	}
	ver, refused, err := newVerifier(inputSchema)
	if ec := (errCost{}); errors.As(err, &ec) {
		return nil, nil, "the inputSchema is not used: " + ec.Error(), refused
	}
	if err != nil {
		return nil, nil, "the inputSchema does not compile: " + oneLine(err.Error()), refused
	}
	if opt.Reach {
		ver.limit, ver.workLimit = maxReachChecks, maxReachChecks/maxChecks*maxWork
	}
	d := newDoc(root)
	d.charged = &ver.charged
	return &gen{opt: opt, doc: d, ver: ver}, []node{{v: root, loc: "#"}}, "", Work{}
}

func contains(l []string, s string) bool {
	for _, e := range l {
		if e == s {
			return true
		}
	}
	return false
}

func oneLine(s string) string { return textutil.OneLine(s, 300) }

func clip(b []byte) string { return textutil.Truncate(string(b), 120) }
