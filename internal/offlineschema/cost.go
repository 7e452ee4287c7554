package offlineschema

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
)

// MaxCost is the largest Cost a schema may have, for an instance of a
// given depth, for this module to validate against it. Real tool schemas
// cost tens to a few thousand.
const MaxCost = 100_000

// Cost bounds how many subschemas a validator may evaluate: Place for one
// place in an instance, every subschema counted along every path of
// applicators and $refs that reaches it (anyOf of anyOfs multiply), and
// Level, how many paths lead from a recursive subschema back to itself,
// by which the count may multiply at each level of the instance. A
// validator walks all of those paths (none memoizes), so a schema of a few
// kilobytes can take longer than a lifetime to validate against: ten levels
// of thirty anyOf branches is 30^10.
type Cost struct {
	Place, Level int
	// schema is the document and its anchors, for Work.
	schema *coster
}

// Estimate computes a schema's Cost; doc is the schema as
// jsonschema.UnmarshalJSON reads it. The counts stop a little past
// MaxCost. A $ref that cannot be followed inside the document counts as
// past it.
func Estimate(doc any) Cost {
	c := &coster{root: doc, limit: MaxCost, memo: map[string][2]int{}, busy: map[string]bool{}, anchors: map[string]string{},
		patterns: map[string]int{}, enums: map[*any]enumCost{}}
	c.index(doc, "", 0)
	n, b := c.cost(doc, "")
	c.memo, c.busy, c.readings = nil, nil, readings{}
	return Cost{Place: n, Level: max(b, 1), schema: c}
}

// Check says whether validating an instance nested depth levels deep
// stays within MaxCost, and if not, why.
func (c Cost) Check(depth int) error {
	total := c.Place
	for range depth {
		if total > MaxCost {
			break
		}
		total *= c.Level
	}
	if total > MaxCost {
		if c.Level > 1 && c.Place <= MaxCost {
			return fmt.Errorf("validating a value %d levels deep against this schema could evaluate more than %d subschemas (%d recursive paths a level)", depth, MaxCost, c.Level)
		}
		return fmt.Errorf("validating against this schema could evaluate more than %d subschemas per value (its anyOf, oneOf, allOf and $ref multiply)", MaxCost)
	}
	return nil
}

// MaxWork bounds a whole validation: the steps the instance's values may
// cost, all told (Cost.Work): subschemas evaluated, enum entries
// compared, required names looked up, pattern steps by the hundred, the
// string bytes minLength and maxLength count by the KiB, the members and
// items the walk visits, the values uniqueItems and const read, the
// string bytes a format reads (attack pass 45e).
// Cost.Check bounds one value; an instance of many values, each failing
// every branch of an anyOf, is as costly as one schema of that many
// branches, and the validator keeps every failure (attack pass 43f:
// 20,000 items against 200 alternatives, 40 KB, held 1.2 GB). At about
// 300 bytes a failing subschema this is some 150 MiB at worst; a missing
// required name is less (60 MiB allocated for 490,000 of them, failures
// read), and about half a second of CPU for each kind of step here.
const MaxWork = 500_000

// CheckWork says whether validating inst (as jsonschema.UnmarshalJSON
// reads it) stays within MaxCost per value and MaxWork in all, and if not,
// why; it returns the work (Work).
func (c Cost) CheckWork(inst any) (int, error) {
	if err := c.Check(Depth(inst)); err != nil {
		return 0, err
	}
	w := c.Work(inst, MaxWork)
	if w > MaxWork {
		return w, &WorkError{Values: Values(inst)}
	}
	return w, nil
}

// WorkError is CheckWork's answer for a value too large to validate
// against its schema, where Check's errors are on the schema's.
type WorkError struct {
	Values int
}

func (e *WorkError) Error() string {
	return fmt.Sprintf("validating its %d values against this schema could take more than %d steps in all (subschemas, enum entries, required names, pattern matching, unique items, formats)", e.Values, MaxWork)
}

// MaxSchemaValues is the most JSON values (Values) a schema a module
// gives may hold for subakogo to compile it, its inputSchema for the
// probes' cases or its outputSchema for judging results: the schema
// library's compile queue is quadratic in the subschemas (an anyOf of
// 150,000 {} took 3.7 minutes of CPU, of 40,000 7.6 s: attack pass 50d,
// row 3, and its outputSchema), while the tool-text corpus's largest
// schema holds 1,738 (99 in 100 under 352; 2,937 for an outputSchema).
// lint's tool-list check does not compile a schema past it either, and
// reports it (T019: its arguments and results go unchecked; attack pass
// 51b, rows 1 and 2).
const MaxSchemaValues = 10_000

// MaxListSchemaValues is the most JSON values (Values) lint's tool-list
// check compiles for one list, all its schemas together (each distinct
// schema once): MaxSchemaValues bounds one schema, and eight tools of
// 9,990 values each, under every other cap, cost 2.8 s of CPU (attack
// pass 51e, row 1). The tool-text corpus's largest list compiles 21,523
// (ms365, 26,630 counting its repeated schemas; the next 10,597), some
// 0.8 s of Check's CPU: this is 4.6 times that. Past it the list's
// remaining schemas are not compiled, and T019 says so.
const MaxListSchemaValues = 100_000

// Values counts the values in a JSON value (as jsonschema.UnmarshalJSON
// reads it): itself, and every member and item, nested.
func Values(v any) int {
	n := 1
	switch v := v.(type) {
	case map[string]any:
		for _, e := range v {
			n += Values(e)
		}
	case []any:
		for _, e := range v {
			n += Values(e)
		}
	}
	return n
}

// Depth is how deeply a JSON value (as jsonschema.UnmarshalJSON reads it)
// nests.
func Depth(v any) int {
	d := 0
	switch v := v.(type) {
	case map[string]any:
		for _, e := range v {
			d = max(d, Depth(e))
		}
		return d + 1
	case []any:
		for _, e := range v {
			d = max(d, Depth(e))
		}
		return d + 1
	}
	return 0
}

type coster struct {
	root    any
	limit   int
	memo    map[string][2]int // subschemas reached, and paths back to a busy ancestor
	busy    map[string]bool
	anchors map[string]string // $anchor, $dynamicAnchor and $id values to locations
	// patterns and enums are each pattern's and enum's cost (patternInsts,
	// newEnumCost), found once by index, read by Work (which may run on
	// many goroutines at once, so it writes neither).
	patterns map[string]int
	enums    map[*any]enumCost
	// readings reads the enums' entries, while Estimate runs.
	readings readings
	nodes    int
	steps    int
}

// maxSteps bounds the subschemas Estimate visits.
const maxSteps = 1_000_000

// index records the locations of $id, $anchor and $dynamicAnchor.
func (c *coster) index(v any, loc string, depth int) {
	c.nodes++
	if c.nodes > 1_000_000 || depth > 10_000 {
		return
	}
	switch v := v.(type) {
	case map[string]any:
		for _, k := range []string{"$id", "$anchor", "$dynamicAnchor", "id"} {
			if s, ok := v[k].(string); ok {
				c.anchors[strings.TrimPrefix(s, "#")] = loc
			}
		}
		c.keywords(v)
		for k, e := range v {
			if k == "enum" || k == "const" || k == "default" || k == "examples" {
				continue
			}
			c.index(e, loc+"/"+escape(k), depth+1)
		}
	case []any:
		for i, e := range v {
			c.index(e, loc+"/"+strconv.Itoa(i), depth+1)
		}
	}
}

// keywords costs subschema m's patterns and enum for Work, once each:
// index does for every subschema in its place, cost for those a $ref
// reaches anywhere else (under default, examples, const or enum, attack
// pass 45i row 3: Work costed them anew at every visit).
func (c *coster) keywords(m map[string]any) {
	note := func(p string) {
		if _, ok := c.patterns[p]; !ok {
			c.patterns[p] = patternInsts(p)
		}
	}
	if p, ok := m["pattern"].(string); ok {
		note(p)
	}
	if pp, ok := m["patternProperties"].(map[string]any); ok {
		for p := range pp {
			note(p)
		}
	}
	if l, ok := m["enum"].([]any); ok && len(l) > 0 {
		if _, ok := c.enums[&l[0]]; !ok {
			c.enums[&l[0]] = newEnumCost(l, &c.readings)
		}
	}
}

func escape(k string) string {
	return strings.ReplaceAll(strings.ReplaceAll(k, "~", "~0"), "/", "~1")
}

// applicators hold one subschema; arrays of them; objects of them.
var (
	oneSub  = []string{"additionalProperties", "items", "contains", "propertyNames", "not", "if", "then", "else", "unevaluatedItems", "unevaluatedProperties", "additionalItems"}
	listSub = []string{"anyOf", "oneOf", "allOf", "prefixItems", "items"}
	mapSub  = []string{"properties", "patternProperties", "dependentSchemas", "dependencies"}
)

func (c *coster) add(a, b int) int {
	if a+b > c.limit {
		return c.limit + 1
	}
	return a + b
}

func (c *coster) cost(v any, loc string) (n, back int) {
	m, ok := v.(map[string]any)
	if !ok {
		return 1, 0
	}
	if r, ok := c.memo[loc]; ok {
		return r[0], r[1]
	}
	c.steps++
	if c.steps > maxSteps {
		return c.limit + 1, 0
	}
	if c.busy[loc] {
		return 1, 1 // recursion: it advances through the instance, or the validator stops it
	}
	c.busy[loc] = true
	defer delete(c.busy, loc)
	c.keywords(m)
	n = 1
	sub := func(s any, l string) {
		sn, sb := c.cost(s, l)
		n, back = c.add(n, sn), c.add(back, sb)
	}
	for _, k := range oneSub {
		if s, ok := m[k].(map[string]any); ok {
			sub(s, loc+"/"+k)
		}
	}
	for _, k := range listSub {
		if l, ok := m[k].([]any); ok {
			for i, s := range l {
				sub(s, loc+"/"+k+"/"+strconv.Itoa(i))
			}
		}
	}
	for _, k := range mapSub {
		if o, ok := m[k].(map[string]any); ok {
			for name, s := range o {
				sub(s, loc+"/"+k+"/"+escape(name))
			}
		}
	}
	for _, k := range []string{"$ref", "$dynamicRef", "$recursiveRef"} {
		if ref, ok := m[k].(string); ok {
			t, tloc, ok := c.resolve(ref)
			if !ok {
				n = c.limit + 1
				break
			}
			sub(t, tloc)
		}
	}
	c.memo[loc] = [2]int{n, back}
	return n, back
}

// resolve follows a $ref within the document: a JSON pointer, an anchor,
// or an $id (by its last path segment, as a relative reference names it).
func (c *coster) resolve(ref string) (any, string, bool) {
	base, frag, _ := strings.Cut(ref, "#")
	start := ""
	if base != "" {
		loc, ok := c.anchors[base]
		if !ok {
			for id, l := range c.anchors {
				if strings.HasSuffix(id, "/"+base) || strings.HasSuffix(base, "/"+id) {
					loc, ok = l, true
					break
				}
			}
		}
		if !ok {
			return nil, "", false
		}
		start = loc
	}
	if frag != "" && !strings.HasPrefix(frag, "/") {
		loc, ok := c.anchors[frag]
		if !ok {
			return nil, "", false
		}
		return c.at(loc)
	}
	if p, err := url.PathUnescape(frag); err == nil {
		return c.at(start + p)
	}
	return nil, "", false
}

func (c *coster) at(loc string) (any, string, bool) {
	v := c.root
	if loc == "" {
		return v, loc, true
	}
	for _, tok := range strings.Split(loc[1:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch x := v.(type) {
		case map[string]any:
			var ok bool
			if v, ok = x[tok]; !ok {
				return nil, "", false
			}
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(x) {
				return nil, "", false
			}
			v = x[i]
		default:
			return nil, "", false
		}
	}
	return v, loc, true
}
