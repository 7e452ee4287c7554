package argsgen

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/subako-ai/subako-go/internal/offlineschema"
)

// docURL is where the input schema lives for the compilers.
const docURL = "urn:subako:input-schema"

// verifier validates values against the schema with santhosh-tekuri's
// implementation, so that a case is labelled by the specification's rules
// and not by this generator's reading of them. Two compilers: one asserts
// formats and content encodings (a valid case must pass even a strict
// tool), the other reads them as annotations, as 2020-12 does by default
// (an invalid case must fail even a lenient one).
type verifier struct {
	strict, lenient *jsonschema.Compiler
	cache           map[bool]map[string]*jsonschema.Schema
	cost            offlineschema.Cost
	checks          int
	limit           int            // validations allowed (maxChecks unless widened)
	work            int            // subschemas the validations may have evaluated (Cost.Work), and the generator's own matching (matches)
	workLimit       int            // work allowed (maxWork unless widened)
	insts           map[string]int // each pattern's program size (offlineschema.PatternSize)
	regexFormat     bool           // the schema has a "format": "regex" somewhere
	// charged is the Work since the last takeWork, whatever the resets of
	// work between: what the probes charge (probe.CaseWorkCharge).
	charged Work
}

// takeWork is the Work since the last call.
func (v *verifier) takeWork() Work {
	w := v.charged
	v.charged = Work{}
	return w
}

// reset starts a new budget of limit validations and maxWork.
func (v *verifier) reset(limit int) {
	v.checks, v.limit, v.work = 0, limit, 0
}

// maxWork bounds the work all of one Cases call's validations may cost
// (offlineschema.Cost.Work): a few offlineschema.MaxWork (ten times that
// with Options.Reach, as its validations are).
const maxWork = 4 * offlineschema.MaxWork

// maxChecks bounds the validations one Cases call makes; maxReachChecks
// with Options.Reach, whose cover tries many more values.
const (
	maxChecks      = 4000
	maxReachChecks = 40000
)

// spent reports whether the validations allowed are used up.
func (v *verifier) spent() bool { return v.checks > v.limit }

// newVerifier compiles the schema. When it refuses the schema (an error),
// refused is the work it did before, for the caller to charge as any
// other generation work (attack pass 50b, row 1: a schema counted and
// compiled, then refused for its cost or a $ref that resolves nowhere,
// was charged nothing): the counting of its patterns, one reading of them
// up to offlineschema.MaxPatternInsts, and once compiled, their strict
// compiling too (Work.Compiled), and from its decoding on, the schema's
// JSON values (Work.Schema). On success the work is in v.charged.
func newVerifier(raw []byte) (v *verifier, refused Work, err error) {
	v = &verifier{cache: map[bool]map[string]*jsonschema.Schema{true: {}, false: {}}, limit: maxChecks, workLimit: maxWork}
	defer func() {
		if err != nil {
			v, refused = nil, v.charged
		}
	}()
	v.charged.Schema = schemaByteValues(len(raw))
	for _, strict := range []bool{true, false} {
		c := offlineschema.NewCompiler()
		if strict {
			c.AssertFormat()
			c.AssertContent()
		}
		d, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
		if err != nil {
			return v, Work{}, err
		}
		if strict {
			// The decoding, walks and compiling of the schema cost in
			// proportion to its JSON values, whether it is used or refused
			// (attack pass 50d, row 3: 528 KB without patterns, refused for
			// its cost after its compile, cost 0.66-0.97 s charged nothing);
			// the compiler's queue is quadratic in its subschemas (an anyOf
			// of 150,000 {} took 3.7 minutes), so past offlineschema.MaxSchemaValues the
			// schema is refused before any compile, charged its bytes only.
			n, regexFormat := schemaValues(d)
			v.regexFormat = regexFormat
			if n > offlineschema.MaxSchemaValues {
				// Decoded and walked, not compiled: its bytes charged.
				return v, Work{}, errCost{fmt.Errorf("it holds %d JSON values, past the %d the generator compiles", n, offlineschema.MaxSchemaValues)}
			}
			v.charged.Schema += n
			if n, huge := offlineschema.HugeNumber(d); huge {
				return v, Work{}, errCost{fmt.Errorf("it holds the number %.40s..., too large to use", n)}
			}
			size := offlineschema.SchemaPatternSize(d)
			if size > offlineschema.MaxPatternInsts {
				// Counted, not compiled: the count parsed the patterns up
				// to the cap (the one past it only within it).
				v.charged.Compiled = min(size, offlineschema.MaxPatternInsts)
				return v, Work{}, errCost{fmt.Errorf("its patterns compile to some %d instructions, past the %d the generator compiles", size, offlineschema.MaxPatternInsts)}
			}
			v.charged.Compiled = 2 * size // the strict and the lenient compiler (or the count and the strict one, when refused)
			v.cost = offlineschema.Estimate(d)
		}
		if err := c.AddResource(docURL, d); err != nil {
			return v, Work{}, err
		}
		if strict {
			v.strict = c
		} else {
			v.lenient = c
		}
	}
	if _, err := v.compiled(true, "#"); err != nil {
		return v, Work{}, err
	}
	if err := v.cost.Check(1); err != nil {
		return v, Work{}, errCost{err}
	}
	return v, Work{}, nil
}

// schemaByteValues is what the decoding of a schema of size bytes is
// charged before its values are counted (or when it is not JSON): a
// value for each 64 bytes, so that bytes the decoder reads and drops (a
// member named twice) are charged too.
func schemaByteValues(size int) int { return size / 64 }

// schemaValues counts the JSON values of the schema document (objects,
// arrays and scalars, each once: Work.Schema), and reports whether it
// holds a "format": "regex" anywhere.
func schemaValues(doc any) (n int, regexFormat bool) {
	stack := []any{doc}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n++
		switch v := v.(type) {
		case map[string]any:
			if v["format"] == "regex" {
				regexFormat = true
			}
			for _, x := range v {
				stack = append(stack, x)
			}
		case []any:
			stack = append(stack, v...)
		}
	}
	return n, regexFormat
}

// regexStringsWork is offlineschema.RegexValueWork summed over the
// strings a value holds, up to a little past offlineschema.MaxWork.
func regexStringsWork(inst any) int {
	n := 0
	stack := []any{inst}
	for len(stack) > 0 && n <= offlineschema.MaxWork {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch v := v.(type) {
		case string:
			n += offlineschema.RegexValueWork(v)
		case map[string]any:
			for _, x := range v {
				stack = append(stack, x)
			}
		case []any:
			stack = append(stack, v...)
		}
	}
	return n
}

var errTooManyChecks = errors.New("the schema needed more validations than the generator's budget")

// errCost is a schema too costly to validate against.
type errCost struct{ error }

// validOrUnverified reports whether a value passed, or was not judged.
func validOrUnverified(err error) bool { return err == nil || unverified(err) }

// unverified reports whether a validation ended without a verdict (the
// budget spent, or the value too costly to validate): such a value is
// neither valid nor invalid, and is never a case.
func unverified(err error) bool {
	return errors.Is(err, errTooManyChecks) || errors.As(err, new(errCost))
}

func (v *verifier) compiled(strict bool, loc string) (s *jsonschema.Schema, err error) {
	if s := v.cache[strict][loc]; s != nil {
		return s, nil
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the schema library failed: %v", r)
		}
	}()
	c := v.lenient
	if strict {
		c = v.strict
	}
	s, err = c.Compile(docURL + loc)
	if err != nil {
		return nil, err
	}
	v.cache[strict][loc] = s
	return s, nil
}

// validate checks the encoded value at the location loc ("#" for the
// whole schema).
func (v *verifier) validate(strict bool, loc string, value []byte) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the schema library failed: %v", r)
		}
	}()
	v.checks++
	if v.spent() {
		return errTooManyChecks
	}
	s, err := v.compiled(strict, loc)
	if err != nil {
		return err
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(value))
	if err != nil {
		return err
	}
	// Every validation is bounded by the subschemas its values may
	// evaluate (offlineschema.MaxWork), and so are all of a call's
	// together (maxWork): an array of 1,000 items each trying 500
	// alternatives took 264 s and 5.56 GB before (attack pass 43f, row 7).
	work, err := v.cost.CheckWork(inst)
	if err != nil {
		return errCost{err}
	}
	if v.regexFormat {
		// CheckWork reads the value from the root, a node's value
		// not where it is checked: each string it holds may be
		// compiled as a "regex" format's (attack pass 48e, row 6).
		w := regexStringsWork(inst)
		if w > offlineschema.MaxWork {
			return errCost{fmt.Errorf("its strings would compile as patterns of some %d steps, past %d", w, offlineschema.MaxWork)}
		}
		work += w
	}
	v.work += work
	v.charged.Validation += work
	if v.work > v.workLimit {
		return errTooManyChecks
	}
	return s.Validate(inst)
}

// matches reports whether re matches s, the generator's own matching (of
// the strings it makes for a pattern), counted in the validations' work
// (offlineschema.MatchWork): false, as no match, once the work allowed is
// spent. Attack pass 48b, row 1: a 4,001-byte string matched some 40
// times against a pattern of 4,000 instructions ([abB]{1000} four times,
// an unreachable minLength) took 6.5 s of the probes' CPU, counted
// nowhere; it now spends the work allowed (maxWork) in a few matches.
func (v *verifier) matches(re *regexp.Regexp, s string) bool {
	p := re.String()
	insts, ok := v.insts[p]
	if !ok {
		if v.insts == nil {
			v.insts = map[string]int{}
		}
		insts = offlineschema.PatternSize(p)
		v.insts[p] = insts
	}
	w := offlineschema.MatchWork(insts, len(s))
	v.work += w
	v.charged.Matching += w
	return v.work <= v.workLimit && re.MatchString(s)
}

// accepts reports whether every node accepts the value (strictly).
func (v *verifier) accepts(nodes []node, value any) bool {
	b := encode(value)
	for _, n := range nodes {
		if err := v.validate(true, n.loc, b); err != nil {
			return false
		}
	}
	return true
}
