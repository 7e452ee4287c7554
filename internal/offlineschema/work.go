package offlineschema

import (
	"encoding/json"
	"math/big"
)

// Work counts the subschemas a validator may evaluate on inst (as
// jsonschema.UnmarshalJSON reads it), walking the schema and the instance
// together: at each value the subschemas that apply to it (allOf, anyOf,
// oneOf, not, if, then, else, the dependent schemas and $refs), and for
// its members and items the ones that reach them (properties, every
// patternProperties and additionalProperties, propertyNames on the name,
// prefixItems or items, additionalItems, contains and the unevaluated
// keywords). It is an upper bound: every branch counted as tried, every
// pattern as matching. It stops a little past limit.
//
// A subschema costs one, and more for the keywords whose cost grows with
// the schema or the value (attack pass 45d): an enum the entries it may
// compare the value with (the validator walks them in order: 12,500
// entries and 175,000 items made 2.2e9 comparisons at work 175,000); a
// pattern the steps of Go's regexp over the string, its bytes times the
// pattern's compiled instructions, one for each patternStepsPerWork (a
// 590-byte pattern took 66 s on a 100 KB string at work 2); required,
// and dependentRequired whose property is present, the names looked up,
// as a failing object keeps the missing ones (10,000 names and 1,000
// empty objects, a 6 KB answer, allocated 1.2 GB at work 1,000). The
// same goes for patternProperties on each member's name; minLength and
// maxLength cost a step for each stringBytesPerWork of the string, and a
// string read for an enum's index as much. So do (attack pass 45e)
// uniqueItems, the values of the array it hashes (reading), const, the
// pairs its equals compares (compare: none past a difference of type or
// length, pass 46h), and format, the string it parses or, for regex,
// compiles (formatWork); and the walk itself is work: each member or item
// it visits is a step, it visits none where no keyword reads them, and it
// stops once past limit (its loop over every item for every path reaching
// an array cost 5.7 s for 2,001 items at work 88,622).
// Each enum's and pattern's cost is found once, by Estimate's walk of
// every subschema an applicator or a $ref reaches (attack pass 45i, row 3:
// one under default, examples, const or enum, which a $ref may name, was
// costed anew at each visit, an enum of 10,000 read whole for a step or
// two); one it did not reach is costed once here, its reading counted.
//
// Cost.Place times Values bounded the same work from the whole schema
// alone, so a real schema of a thousand subschemas (Brave's
// brave_place_search) left a valid answer of 500 values unvalidated, and
// a broken answer of that size unchecked (attack pass 43j, row 2): a
// value meets only the subschemas on its own path.
func (c Cost) Work(inst any, limit int) int {
	if c.schema == nil {
		return limit + 1
	}
	return c.work(inst, limit).n
}

// work is Work's walk, with its counts (for tests).
func (c Cost) work(inst any, limit int) *worker {
	w := &worker{c: c.schema, limit: limit}
	if c.schema == nil {
		w.n = limit + 1
		return w
	}
	w.walk(c.schema.root, inst, 0)
	return w
}

type worker struct {
	c        *coster
	limit, n int
	// visits counts the members and items the walk went through (for
	// tests: each costs at least a step, so they stay within the limit).
	visits int
	// enums and patterns are the enums and patterns this walk costed
	// itself, where Estimate had not (its walk stopped short): each once,
	// the costing counted as work. entriesRead and patternsCompiled count
	// them (for tests).
	enums                         map[*any]enumCost
	patterns                      map[string]int
	entriesRead, patternsCompiled int
	// readings reads each of the instance's values, and compares each
	// with a const, once (reading.go).
	readings readings
}

// maxWorkDepth bounds the walk's recursion: $refs that do not advance
// through the instance (a cycle the validator refuses) count past limit.
const maxWorkDepth = 10_000

func (w *worker) walk(s, v any, depth int) {
	if w.n > w.limit {
		return
	}
	w.n++
	m, ok := s.(map[string]any)
	if !ok {
		return
	}
	if depth > maxWorkDepth {
		w.n = w.limit + 1
		return
	}
	w.n += w.keywords(m, v)
	same := func(sub any) {
		if _, ok := sub.(map[string]any); ok || isBool(sub) {
			w.walk(sub, v, depth+1)
		}
	}
	for _, k := range []string{"not", "if", "then", "else"} {
		same(m[k])
	}
	for _, k := range []string{"allOf", "anyOf", "oneOf"} {
		if l, ok := m[k].([]any); ok {
			for _, sub := range l {
				same(sub)
			}
		}
	}
	for _, k := range []string{"dependentSchemas", "dependencies"} {
		if o, ok := m[k].(map[string]any); ok {
			for _, sub := range o {
				same(sub)
			}
		}
	}
	for _, k := range []string{"$ref", "$dynamicRef", "$recursiveRef"} {
		if ref, ok := m[k].(string); ok {
			t, _, ok := w.c.resolve(ref)
			if !ok {
				w.n = w.limit + 1
				return
			}
			same(t)
		}
	}
	switch v := v.(type) {
	case map[string]any:
		w.members(m, v, depth)
	case []any:
		w.items(m, v, depth)
	}
}

func isBool(s any) bool {
	_, ok := s.(bool)
	return ok
}

// members walks the subschemas that reach v's members. The validator
// looks each name of properties up in v, and walks every member for the
// other keywords; so does the walk, a step for each name or member it
// visits even where it walks nothing (attack pass 45e, row 2: its loop over
// every member for every path was itself unbounded), and it stops as soon
// as the work passes the limit.
func (w *worker) members(m, v map[string]any, depth int) {
	props, _ := m["properties"].(map[string]any)
	patterns, _ := m["patternProperties"].(map[string]any)
	for name, sub := range props {
		if w.n > w.limit {
			return
		}
		w.visits++
		if x, ok := v[name]; ok {
			w.walk(sub, x, depth+1)
		} else {
			w.n++
		}
	}
	others := len(patterns) > 0
	for _, k := range []string{"additionalProperties", "unevaluatedProperties", "propertyNames"} {
		if _, ok := m[k]; ok {
			others = true
		}
	}
	if !others {
		return
	}
	for name, x := range v {
		if w.n > w.limit {
			return
		}
		w.visits++
		before := w.n
		for p, sub := range patterns {
			w.n += w.patternWork(p, len(name))
			w.walk(sub, x, depth+1)
		}
		for _, k := range []string{"additionalProperties", "unevaluatedProperties"} {
			if sub, ok := m[k]; ok {
				w.walk(sub, x, depth+1)
			}
		}
		if sub, ok := m["propertyNames"]; ok {
			w.walk(sub, name, depth+1)
		}
		if w.n == before {
			w.n++
		}
	}
}

// items walks the subschemas that reach v's items, as members does: none
// when no keyword reads them, a step for each item visited, and it stops
// as soon as the work passes the limit.
func (w *worker) items(m map[string]any, v []any, depth int) {
	prefix, _ := m["prefixItems"].([]any)
	tuple, _ := m["items"].([]any) // draft 2019-09 and earlier
	applies := false
	for _, k := range []string{"prefixItems", "items", "additionalItems", "contains", "unevaluatedItems"} {
		if _, ok := m[k]; ok {
			applies = true
		}
	}
	if !applies {
		return // nothing here reads the items
	}
	for i, x := range v {
		if w.n > w.limit {
			return
		}
		w.visits++
		before := w.n
		switch {
		case i < len(prefix):
			w.walk(prefix[i], x, depth+1)
		case i < len(tuple):
			w.walk(tuple[i], x, depth+1)
		case tuple != nil:
			sub, ok := m["additionalItems"]
			if !ok && m["contains"] == nil && m["unevaluatedItems"] == nil {
				return // nothing reads the items past the tuple
			}
			if ok {
				w.walk(sub, x, depth+1)
			}
		default:
			sub, ok := m["items"]
			if !ok && m["contains"] == nil && m["unevaluatedItems"] == nil {
				return // nothing reads the items past prefixItems
			}
			if ok {
				w.walk(sub, x, depth+1)
			}
		}
		for _, k := range []string{"contains", "unevaluatedItems"} {
			if sub, ok := m[k]; ok {
				w.walk(sub, x, depth+1)
			}
		}
		if w.n == before {
			w.n++ // a visit is a step, even one that walks nothing
		}
	}
}

// keywords is what the keywords of subschema m whose cost grows with the
// schema or the value cost on v, beyond the one Work counts for m.
func (w *worker) keywords(m map[string]any, v any) int {
	n := 0
	if l, ok := m["enum"].([]any); ok && len(l) > 0 {
		e := w.enumCost(l)
		if e.types&typeBit(v) != 0 {
			n += e.compared(v)
			if e.numbers > 0 {
				// Each entry holding numbers that is compared has them read
				// exactly, and v's with them (attack pass 46e, row 3: an
				// entry of an array of numbers counted only its values).
				n += e.numbers*w.readings.of(v).exact + e.numbersWork
			}
		}
	}
	if c, ok := m["const"]; ok {
		n += w.readings.constWork(c, v)
	}
	switch v := v.(type) {
	case json.Number:
		// The validator reads the number exactly (a big.Rat) for an
		// integer type and again for the bounds (multipleOf divides too).
		if integerTyped(m["type"]) {
			n += numberWork(v)
		}
		for _, k := range []string{"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"} {
			if _, ok := m[k]; ok {
				n += numberWork(v)
			}
		}
		if _, ok := m["multipleOf"]; ok {
			n += numberWork(v)
		}
	case []any:
		if u, _ := m["uniqueItems"].(bool); u && len(v) > 1 {
			// The validator compares each pair of up to 20 items, and
			// hashes each item of a longer array (duplicates, writeHash).
			size := w.readings.of(v).work()
			if len(v) <= 20 {
				size *= len(v) - 1
			}
			n += size
		}
	case string:
		if f, ok := m["format"].(string); ok {
			n += formatWork(f, len(v))
			if f == "regex" {
				n += RegexValueWork(v)
			}
		}
		if p, ok := m["pattern"].(string); ok {
			n += w.patternWork(p, len(v))
		}
		if m["minLength"] != nil || m["maxLength"] != nil {
			n += len(v) / stringBytesPerWork // the validator counts its runes
		}
	case map[string]any:
		if l, ok := m["required"].([]any); ok {
			n += len(l)
		}
		for _, k := range []string{"dependentRequired", "dependencies"} {
			if o, ok := m[k].(map[string]any); ok {
				for name, l := range o {
					if l, ok := l.([]any); ok {
						if _, ok := v[name]; ok {
							n += len(l)
						}
					}
				}
			}
		}
	}
	return n
}

// formatWork is what checking a string of n bytes against format f costs.
// The validator asserts format below draft 2019-09 (and where a
// metaschema or AssertFormat asks; argsgen does), which Work does not
// tell apart: it counts every format the validator knows (attack pass
// 45e, row 4). "regex" compiles the string as a pattern: 1.4 µs a byte
// here for "(a)" repeated, so two steps a byte; the others parse or scan
// it, 21 ns a byte at worst (iri), a step for each formatBytesPerWork.
// A format the validator does not know is not checked.
func formatWork(f string, n int) int {
	switch f {
	case "regex":
		return 2 * n
	case "json-pointer", "relative-json-pointer", "uuid", "duration", "period", "ipv4", "ipv6",
		"hostname", "email", "date", "time", "date-time", "uri", "iri", "uri-reference",
		"iri-reference", "uri-template", "semver":
		return n / formatBytesPerWork
	}
	return 0
}

// compileStepsPerInst is how many of Work's steps (about a microsecond
// each) compiling an instruction of a pattern costs: about 2 µs measured.
const compileStepsPerInst = 2

// RegexValueWork is the work of checking the string s against the
// "regex" format, which compiles it as a pattern: its instructions
// (attack pass 48e, row 6: "x{0,1000}" 1,500 times is 27 KB, 3,000,000
// instructions, 1-3 s and 1.4 GB, and was counted by its length).
func RegexValueWork(s string) int { return compileStepsPerInst * PatternSize(s) }

// formatBytesPerWork is how many bytes of a string one format check other
// than regex reads for one of Work's steps.
const formatBytesPerWork = 32

// patternStepsPerWork is how many steps of Go's regexp (a byte of the
// string through one instruction of the pattern's program) count as one
// of Work's: a step took 9 to 16 ns here, a subschema's evaluation about a
// microsecond.
const patternStepsPerWork = 100

// patternWork is the work of matching pattern p against a string of n
// bytes: at most n+1 positions, each through every instruction of its
// program (the Pike VM keeps a thread per live instruction; the
// backtracker visits each instruction at each position once).
func (w *worker) patternWork(p string, n int) int {
	return MatchWork(w.patternCost(p), n)
}

// enumCost is enum l's cost, as Estimate found it, or else as this walk
// finds it once, counting the values it reads as work.
func (w *worker) enumCost(l []any) enumCost {
	if e, ok := w.c.enums[&l[0]]; ok {
		return e
	}
	if e, ok := w.enums[&l[0]]; ok {
		return e
	}
	if w.enums == nil {
		w.enums = map[*any]enumCost{}
	}
	e := newEnumCost(l, &w.readings)
	w.enums[&l[0]] = e
	w.entriesRead += len(l)
	w.n += e.values
	return e
}

// patternCost is pattern p's compiled size, as Estimate found it, or else
// as this walk finds it once, counting the compilation as work (as
// formatWork counts the "regex" format's).
func (w *worker) patternCost(p string) int {
	if insts, ok := w.c.patterns[p]; ok {
		return insts
	}
	if insts, ok := w.patterns[p]; ok {
		return insts
	}
	if w.patterns == nil {
		w.patterns = map[string]int{}
	}
	insts, size := patternSizes(p)
	w.patterns[p] = insts
	w.patternsCompiled++
	w.n += formatWork("regex", len(p)) + compileStepsPerInst*size
	return insts
}

// patternInsts is the size of the program Go's regexp compiles pattern p
// to, as PatternSize bounds it; 0 for a pattern that is not checked (see
// Unchecked) or does not parse. A pattern PatternSize counts past
// MaxPatternInsts, read before parsing, is not parsed by Unchecked either.
func patternInsts(p string) int {
	insts, _ := patternSizes(p)
	return insts
}

// patternSizes is patternInsts (what matching p costs an instruction at a
// time) and PatternSize (what compiling it costs, whether it parses or
// not: attack pass 49c, row 1).
func patternSizes(p string) (insts, size int) {
	size = PatternSize(p)
	if size > MaxPatternInsts || !Unchecked(p) {
		return size, size
	}
	return 0, size
}

// MatchWork is the work (Work's steps) of matching a string of n bytes
// against a pattern of insts instructions (PatternSize), as Work counts
// a "pattern": for a caller that matches strings itself (argsgen, which
// makes strings a pattern matches) to count its matching in the same
// units as its validations.
func MatchWork(insts, n int) int {
	steps := (n + 1) * insts
	return (steps + patternStepsPerWork - 1) / patternStepsPerWork
}

// enumCost is what an enum may cost a value: the validator compares a
// value whose type some entry has with each entry in turn until one is
// equal, and each comparison walks both values as deep as they agree, so
// at most every value the entries hold (values); a value of another type
// is not compared. When every entry is a scalar, first has each one's
// place (by scalarKey, the first of equal ones), and a value costs the
// comparisons up to its match, all of them when none matches.
type enumCost struct {
	types   uint8
	values  int
	first   map[string]int
	longest int // the longest string entry's length
	// numbers counts the entries that are or hold numbers, numbersWork
	// what reading those exactly costs (numberWork), as each comparison
	// does.
	numbers, numbersWork int
}

func newEnumCost(l []any, r *readings) enumCost {
	e := enumCost{first: make(map[string]int, len(l))}
	for i, x := range l {
		e.types |= typeBit(x)
		rd := r.of(x)
		e.values += rd.values
		if s, ok := x.(string); ok {
			e.longest = max(e.longest, len(s))
		}
		if rd.numbers > 0 {
			e.numbers++
			e.numbersWork += rd.exact
		}
		if e.first == nil {
			continue
		}
		k, ok := scalarKey(x)
		if !ok {
			e.first = nil
			continue
		}
		if _, seen := e.first[k]; !seen {
			e.first[k] = i
		}
	}
	return e
}

// compared is how many comparisons the enum makes with v, a value of a
// type some entry has.
func (e enumCost) compared(v any) int {
	if e.first == nil {
		return e.values
	}
	if s, ok := v.(string); ok && len(s) > e.longest {
		return e.values // no entry that long: each comparison is of lengths
	}
	k, ok := scalarKey(v)
	if !ok {
		return e.values
	}
	// Reading a string's place costs its length, and so does the
	// validator's comparison with an entry as long.
	extra := len(k) / stringBytesPerWork
	if i, ok := e.first[k]; ok {
		return i + 1 + extra
	}
	return e.values + extra
}

// integerTyped says whether a type keyword's value names integer.
func integerTyped(t any) bool {
	switch t := t.(type) {
	case string:
		return t == "integer"
	case []any:
		for _, x := range t {
			if x == "integer" {
				return true
			}
		}
	}
	return false
}

// stringBytesPerWork is how many bytes of a string read once count as one
// of Work's steps: counting a MiB's runes took 0.8 ms here.
const stringBytesPerWork = 1024

// scalarKey is a scalar's identity as the validator's equals judges it:
// numbers by their exact value (1, 1.0 and 1e0 are one), strings,
// booleans and null by themselves. false for an array or an object, and
// for a number it cannot read or that HugeNumber finds.
func scalarKey(v any) (string, bool) {
	switch v := v.(type) {
	case nil:
		return "null", true
	case bool:
		if v {
			return "true", true
		}
		return "false", true
	case string:
		return "s" + v, true
	case json.Number:
		if _, huge := HugeNumber(v); huge {
			return "", false // slow to read exactly (HugeNumber)
		}
		r, ok := new(big.Rat).SetString(string(v))
		if !ok {
			return "", false
		}
		return "#" + r.RatString(), true
	}
	return "", false
}

// typeBit is a JSON value's type (as jsonschema.UnmarshalJSON reads it),
// one bit each, numbers one type as the validator's enum treats them.
func typeBit(v any) uint8 {
	switch v.(type) {
	case nil:
		return 1
	case bool:
		return 2
	case string:
		return 4
	case []any:
		return 8
	case map[string]any:
		return 16
	default:
		return 32 // json.Number and Go's numbers
	}
}
