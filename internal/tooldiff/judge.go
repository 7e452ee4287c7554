package tooldiff

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/subako-ai/subako-go/internal/offlineschema"
	"github.com/subako-ai/subako-go/internal/probe/argsgen"
)

// A judge decides, for two schemas of one tool (each in its own document:
// side 0 the old version's, side 1 the new one's), whether every value
// valid against one is valid against the other. It answers from both
// ends, so that each answer is certain: includes proves inclusion from the
// keywords' meaning (yes, or "not proven"), and witness looks for a value
// that one schema accepts and the other refuses, both verdicts given by a
// JSON Schema validator (santhosh-tekuri/jsonschema, as offlineschema
// configures it, formats asserted). Neither found is "not decided".
type judge struct {
	roots [2]any
	comp  *jsonschema.Compiler
	// broken says why values cannot be validated ("" when they can): a
	// document the library refuses, or one too costly to validate against.
	broken string
	// compiled caches the schemas compiled, by canonical JSON, and byMap
	// by the identity of the map (kept, so the address is not reused).
	compiled map[string]*jsonschema.Schema
	byMap    map[uintptr]mapSchema
	made     int
	checks   int
	// place is the most subschemas one place of a value may be checked
	// against (offlineschema.Estimate); work sums, over the values
	// validated, their size times place, and the matching of strings
	// against patterns (patterns.spend), against maxWork.
	place, work int
	// sampled counts the values samples made, against maxSampled.
	sampled int
	// steps counts the proof's work against maxProofSteps; assumed holds
	// the pairs of $ref targets being proven, so recursive schemas end (a
	// pair met again is assumed, as for recursive types).
	steps   int
	assumed map[string]bool
	// provedSteps sums the steps of the judgment's earlier proofs.
	provedSteps int
	// proofBytes counts the JSON the proof's comparisons write (sameValue),
	// against maxProofBytes, over the tool's judgments; canon keeps a
	// map's, canonBytes of them, against maxCanonMemo.
	proofBytes, canonBytes int
	canon                  map[uintptr]canonMemo
	// names are member names either document mentions (in properties,
	// required, dependencies...), for objects that the schemas may treat
	// differently.
	names []string
	// merged keeps, for each side, what deref made of a $ref beside
	// other keywords.
	merged [2]map[uintptr]derefResult
	// patterns compiles the documents' patterns, none when they count
	// past offlineschema.MaxPatternInsts.
	patterns *patterns
	// patternNames caches memberNamesOf by pattern.
	patternNames map[string][]string
	// compiledValues counts the JSON values compiled, against
	// maxCompiled.
	compiledValues int
	// ctx stops the judgment: once it is done, nothing more is decided.
	ctx context.Context
	// members counts the proof's matching of member names against
	// patterns (matchMember), against maxMemberMatch.
	members memberMatches
}

// Budgets of one tool's judgments: validations, proof steps, candidate
// values. Past them, what is left is "not decided".
const (
	maxWork        = 4_000_000
	maxChecks      = 6000
	maxProofSteps  = 20000
	maxCandidates  = 400
	maxFiniteCheck = 5000
	maxProofBytes  = 16 << 20
	maxCanonMemo   = 4 << 20
	// maxCompiled bounds the JSON values a tool's judgment compiles, all
	// its compiles together: the schema library's compile is quadratic
	// in a schema's subschemas (offlineschema.MaxSchemaValues), and the
	// judgment compiles each side, and parts of them, apart.
	maxCompiled = 4 * offlineschema.MaxSchemaValues
	// maxListWork bounds the judgments of a whole list (Compare): each
	// judgment spends, in thousandths, the share of each of its budgets
	// above it used (spent), and once the list's judgments have spent
	// maxListWork no judgment is made: the changes left to judge are
	// D023 "not compared: the diff's budget for the list ran out".
	// Before, 34 tools of an anyOf of 9,990 {} each (a 1 MiB list, attack
	// pass 51e, row 1) ran past 5 minutes of CPU.
	maxListWork = 8_000
)

type mapSchema struct {
	m    map[string]any
	side int
	sch  *jsonschema.Schema
}

// maxSampled bounds the values samples makes for one tool: a schema of
// many wide levels would otherwise ask for their product.
const maxSampled = 50_000

// resetSteps starts a proof's steps, keeping the count of the ones before.
func (j *judge) resetSteps() {
	j.provedSteps += j.steps
	j.steps = 0
}

func newJudge(old, new any) *judge {
	j := &judge{roots: [2]any{old, new}, compiled: map[string]*jsonschema.Schema{}, byMap: map[uintptr]mapSchema{}, assumed: map[string]bool{},
		merged: [2]map[uintptr]derefResult{{}, {}}}
	j.patterns = newPatterns(old, new)
	j.patterns.work = &j.work
	if j.patterns.capped != "" {
		j.broken = j.patterns.capped
		return j
	}
	seen := map[string]bool{}
	for _, root := range j.roots {
		j.memberNames(root, seen, &j.names, 0)
	}
	slices.Sort(j.names)
	j.comp = offlineschema.NewCompiler()
	j.comp.AssertFormat()
	j.comp.UseRegexpEngine(j.patterns.validatorRegexp)
	for side, root := range j.roots {
		if root == nil {
			continue
		}
		if n, huge := offlineschema.HugeNumber(root); huge {
			j.broken = fmt.Sprintf("the schema holds the number %.40s, too large to validate with", n)
			return j
		}
		if n := countNodes(root, offlineschema.MaxSchemaValues+1); n > offlineschema.MaxSchemaValues {
			j.broken = fmt.Sprintf("the schema has more than %d values, past what subakogo compiles: too large to validate with", offlineschema.MaxSchemaValues)
			return j
		}
		cost := offlineschema.Estimate(root)
		if err := cost.Check(4); err != nil {
			j.broken = err.Error()
			return j
		}
		j.place = max(j.place, cost.Place)
		if err := j.comp.AddResource(sideURL(side), root); err != nil {
			j.broken = err.Error()
			return j
		}
	}
	return j
}

// countNodes counts the JSON values in v, stopping past limit.
func countNodes(v any, limit int) int {
	n := 1
	switch x := v.(type) {
	case map[string]any:
		for _, e := range x {
			if n > limit {
				break
			}
			n += countNodes(e, limit-n)
		}
	case []any:
		for _, e := range x {
			if n > limit {
				break
			}
			n += countNodes(e, limit-n)
		}
	}
	return n
}

func sideURL(side int) string { return "urn:subako:tooldiff:" + strconv.Itoa(side) }

// maxNames bounds the member names a judge tries.
const maxNames = 24

// memberNames collects the member names a schema mentions.
func (j *judge) memberNames(v any, seen map[string]bool, out *[]string, depth int) {
	if depth > 16 {
		return
	}
	addName := func(n string) {
		if !seen[n] && len(*out) < maxNames {
			seen[n] = true
			*out = append(*out, n)
		}
	}
	switch x := v.(type) {
	case map[string]any:
		for _, k := range sortedKeys(x) {
			e := x[k]
			switch k {
			case "enum", "const", "default", "examples":
				continue
			case "required":
				for _, n := range stringSet(e) {
					addName(n)
				}
			case "properties", "dependentRequired", "dependentSchemas":
				for _, n := range sortedKeys(asObject(e)) {
					addName(n)
				}
			case "patternProperties":
				for _, p := range sortedKeys(asObject(e)) {
					if re, err := j.patterns.compile(p); err == nil {
						ns := argsgen.PatternStrings(re, 1, 64, 0)
						for _, n := range ns[:min(2, len(ns))] {
							addName(n)
						}
					}
				}
			}
			j.memberNames(e, seen, out, depth+1)
		}
	case []any:
		for _, e := range x {
			j.memberNames(e, seen, out, depth+1)
		}
	}
}

// valid validates value against schema s of a side. ok is false when it
// could not be validated (the budget, or a schema the library refuses).
func (j *judge) valid(s any, side int, value any) (valid, ok bool) {
	sch := j.schema(s, side)
	if sch == nil {
		return false, false
	}
	err := j.run(sch, value)
	return err == nil, j.checks <= maxChecks && j.work <= maxWork && !errors.Is(err, errNotCompiled)
}

// why is the validation error of value against s, nil when it is valid or
// cannot be validated.
func (j *judge) why(s any, side int, value any) error {
	if sch := j.schema(s, side); sch != nil {
		return j.run(sch, value)
	}
	return nil
}

func (j *judge) run(sch *jsonschema.Schema, value any) (err error) {
	j.work += countNodes(value, maxWork) * max(j.place, 1)
	if j.checks++; j.checks > maxChecks || j.work > maxWork || j.stopped() {
		return fmt.Errorf("budget")
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the schema library failed: %v", r)
		}
	}()
	refusals := j.patterns.refusals
	j.patterns.validating = true
	defer func() { j.patterns.validating = false }()
	err = sch.Validate(value)
	if j.work > maxWork {
		return fmt.Errorf("budget") // its patterns' matching spent the work
	}
	if j.patterns.refusals > refusals {
		return errNotCompiled // a string it met was not compiled: no verdict
	}
	return err
}

// schema compiles s, a schema of side's document (or one built from its
// parts), its local $refs pointing into that document.
func (j *judge) schema(s any, side int) (sch *jsonschema.Schema) {
	if j.broken != "" || j.checks > maxChecks || j.work > maxWork || j.stopped() {
		return nil
	}
	if m, ok := s.(map[string]any); ok {
		id := reflect.ValueOf(m).Pointer()
		if c, ok := j.byMap[id]; ok && c.side == side {
			return c.sch
		}
		defer func() { j.byMap[id] = mapSchema{m, side, sch} }()
	}
	key := strconv.Itoa(side) + canonical(s)
	if sch, ok := j.compiled[key]; ok {
		return sch
	}
	defer func() {
		if recover() != nil {
			sch = nil
		}
		j.compiled[key] = sch
	}()
	doc := rebase(s, sideURL(side), func(m map[string]any, r any) any {
		return canonRef(m, r, j.roots[side], j.merged[side])
	})
	if m, ok := doc.(map[string]any); ok {
		if root, ok := j.roots[side].(map[string]any); ok && root["$schema"] != nil && m["$schema"] == nil {
			m["$schema"] = root["$schema"]
		}
	}
	if j.compiledValues += offlineschema.Values(doc); j.compiledValues > maxCompiled {
		return nil
	}
	j.made++
	url := "urn:subako:tooldiff:s" + strconv.Itoa(j.made)
	if err := j.comp.AddResource(url, doc); err != nil {
		return nil
	}
	sch, err := j.comp.Compile(url)
	if err != nil {
		return nil
	}
	return sch
}

// rebase copies a schema, its local $refs made absolute to base, so that
// it can be compiled on its own and still reach its document's $defs. A
// local "$ref" is first named from the document's root (canon: it may be
// inside an embedded resource, whose "#/$defs/y" is its own), and an
// embedded resource's "$id" is left out of the copy: every local $ref in
// it is absolute now, and the document added at base holds the resource.
func rebase(v any, base string, canon func(m map[string]any, r any) any) any {
	switch x := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			switch {
			case k == "$id" && isResourceID(e):
			case k == "$ref" && isLocalRef(e) && canon != nil:
				m[k] = canon(x, e)
				if isLocalRef(m[k]) {
					m[k] = base + m[k].(string)
				}
			case (k == "$ref" || k == "$dynamicRef") && isLocalRef(e):
				m[k] = base + e.(string)
			case k == "enum" || k == "const" || k == "default" || k == "examples":
				m[k] = e
			case k == "properties" || k == "patternProperties" || k == "$defs" || k == "definitions" || k == "dependentSchemas":
				if mm, ok := e.(map[string]any); ok {
					c := make(map[string]any, len(mm))
					for name, s := range mm {
						c[name] = rebase(s, base, canon)
					}
					m[k] = c
				} else {
					m[k] = e
				}
			default:
				m[k] = rebase(e, base, canon)
			}
		}
		return m
	case []any:
		l := make([]any, len(x))
		for i, e := range x {
			l[i] = rebase(e, base, canon)
		}
		return l
	}
	return v
}

func isLocalRef(v any) bool {
	s, ok := v.(string)
	return ok && strings.HasPrefix(s, "#")
}

// witness looks for a value that schema a (of side as) accepts and b (of
// side bs) refuses, among values made from both.
func (j *judge) witness(a any, as int, b any, bs int) (any, bool) {
	seen := map[string]bool{}
	var cands []any
	for _, c := range append(j.samples(a, as, 0), j.samples(b, bs, 0)...) {
		if k := canonical(c) + "?"; !seen[k] && len(cands) < maxCandidates {
			seen[k] = true
			cands = append(cands, c)
		}
	}
	for _, c := range cands {
		va, ok1 := j.valid(a, as, c)
		if !ok1 {
			return nil, false
		}
		if !va {
			continue
		}
		vb, ok2 := j.valid(b, bs, c)
		if !ok2 {
			return nil, false
		}
		if !vb {
			return c, true
		}
	}
	return nil, false
}

// maxSampleDepth bounds how deep samples nest.
const maxSampleDepth = 6

// samples makes values meant to be valid against s, many of them at its
// edges: each type it allows, its bounds, each enum value, objects with
// only their required members, with every member and with each optional
// one, each member's own samples, arrays of none, one and two items. Not
// all are valid: the caller validates them.
func (j *judge) samples(s any, side int, depth int) []any {
	m, _, why := j.deref(s, side)
	if why != "" || m == nil || depth > maxSampleDepth || j.sampled > maxSampled {
		return nil
	}
	j.sampled++
	limit := 160 >> min(2*depth, 4)
	var out []any
	add := func(vs ...any) {
		for _, v := range vs {
			if len(out) < limit {
				out = append(out, v)
			}
		}
	}
	if c, ok := m["const"]; ok {
		add(c)
	}
	if e, ok := m["enum"].([]any); ok {
		add(e[:min(len(e), 8)]...)
	}
	for _, k := range []string{"anyOf", "oneOf", "allOf"} {
		if l, ok := m[k].([]any); ok {
			for _, br := range l {
				for _, v := range j.samples(br, side, depth+1) {
					add(fill(v, m))
				}
			}
		}
	}
	// A not's or an if's own values are likely refused by one side.
	for _, k := range []string{"then", "else", "not", "if"} {
		if x, ok := m[k]; ok {
			add(j.samples(x, side, depth+1)...)
		}
	}
	ks := typeKindsOrAll(m)
	if ks&kObject != 0 {
		add(j.objects(m, side, depth, limit-len(out))...)
	}
	if ks&kString != 0 {
		add(stringSamples(m, j.patterns)...)
	}
	if ks&kNumber != 0 {
		add(numberSamples(m, ks&kFrac == 0)...)
	}
	if ks&kArray != 0 {
		add(j.arrays(m, side, depth)...)
	}
	if ks&kBool != 0 {
		add(false, true)
	}
	if ks&kNull != 0 {
		add(nil)
	}
	return out
}

// fill completes a sample of a branch with the members the branch's
// parent requires, so that an object branch without "properties" still
// makes objects its parent accepts.
func fill(v any, parent map[string]any) any {
	o, ok := v.(map[string]any)
	if !ok {
		return v
	}
	props := asObject(parent["properties"])
	c := make(map[string]any, len(o))
	for k, e := range o {
		c[k] = e
	}
	for _, r := range stringSet(parent["required"]) {
		if _, has := c[r]; !has {
			c[r] = simpleValue(props[r])
		}
	}
	return c
}

// simpleValue is one value of a schema's first type, without recursion.
func simpleValue(s any) any {
	m, _ := s.(map[string]any)
	if c, ok := m["const"]; ok {
		return c
	}
	if e, ok := m["enum"].([]any); ok && len(e) > 0 {
		return e[0]
	}
	ks := typeKindsOrAll(m)
	switch {
	case ks&kString != 0:
		return "a"
	case ks&kNumber != 0:
		return json.Number("1")
	case ks&kBool != 0:
		return true
	case ks&kObject != 0:
		return map[string]any{}
	case ks&kArray != 0:
		return []any{}
	}
	return nil
}

// maxMemberSamples bounds the members whose own samples objects makes.
const maxMemberSamples = 64

func (j *judge) objects(m map[string]any, side int, depth int, limit int) []any {
	props := asObject(m["properties"])
	names := sortedKeys(props)
	req := stringSet(m["required"])
	first := map[string]any{}
	vals := map[string][]any{}
	for i, name := range names {
		if i >= maxMemberSamples {
			first[name] = simpleValue(props[name])
			continue
		}
		vals[name] = j.samples(props[name], side, depth+1)
		if len(vals[name]) > 0 {
			first[name] = vals[name][0]
		} else {
			first[name] = simpleValue(props[name])
		}
	}
	for _, r := range req {
		if _, ok := first[r]; !ok {
			first[r] = "a"
		}
	}
	object := func(with ...string) map[string]any {
		o := map[string]any{}
		for _, r := range req {
			o[r] = first[r]
		}
		for _, w := range with {
			o[w] = first[w]
		}
		return o
	}
	out := []any{object(), object(names...)}
	full := func() bool { return len(out) >= limit }
	required := setOf(req)
	for _, name := range names {
		if !required[name] && !full() {
			out = append(out, object(name))
		}
	}
	for _, v := range []any{"a", json.Number("1")} {
		extra := object()
		extra["x_unlisted"] = v
		out = append(out, extra)
	}
	out = append(out, j.memberSamples(m, side, depth, func() map[string]any { return object() }, max(limit-len(out), 0))...)
	// Members other parts of the schemas name, one by one and all.
	all := object(names...)
	for _, name := range j.names {
		if _, ok := props[name]; !ok && !full() {
			for _, v := range []any{"a", json.Number("1"), nil, []any{}} {
				o := object()
				o[name] = v
				out = append(out, o)
			}
			all[name] = "a"
		}
	}
	out = append(out, all)
	// Each member's other samples, beside the required members.
	for _, name := range names {
		for _, v := range vals[name][min(1, len(vals[name])):] {
			if full() {
				break
			}
			o := object(name)
			o[name] = v
			out = append(out, o)
		}
	}
	if ds, ok := m["dependentSchemas"].(map[string]any); ok {
		for _, p := range sortedKeys(ds) {
			for _, v := range j.samples(ds[p], side, depth+1) {
				if o, ok := v.(map[string]any); ok && !full() {
					o = fill(o, m).(map[string]any)
					if _, has := o[p]; !has {
						o[p] = first[p]
					}
					out = append(out, o)
				}
			}
		}
	}
	return out
}

func (j *judge) arrays(m map[string]any, side int, depth int) []any {
	var prefix []any
	var others [][]any // other values of the first positions
	pre, rest, _ := tuple(m, legacyTuples(j.roots[side]))
	for _, s := range pre {
		vs := j.samples(s, side, depth+1)
		if len(vs) == 0 {
			break
		}
		prefix = append(prefix, vs[0])
		if len(others) < 8 {
			others = append(others, vs[1:min(len(vs), 4)])
		}
	}
	items := j.samples(rest, side, depth+1)
	if rest == nil {
		items = []any{"a", json.Number("1")}
	}
	out := []any{[]any{}, prefix}
	for i, vs := range others {
		for _, v := range vs {
			l := slices.Clone(prefix)
			l[i] = v
			out = append(out, l)
		}
	}
	for _, it := range items[:min(len(items), 4)] {
		out = append(out, append(slices.Clone(prefix), it), append(slices.Clone(prefix), it, it))
	}
	out = append(out, j.unevaluatedItems(m, side, depth, prefix)...)
	if c, ok := m["contains"]; ok {
		vs := j.samples(c, side, depth+1)
		for _, v := range vs {
			out = append(out, append(slices.Clone(prefix), v))
		}
		out = append(out, containedArrays(prefix, vs, m)...)
	}
	if n, ok := intKeyword(m, "minItems"); ok && n > 0 && n <= 64 && len(items) > 0 {
		l := slices.Clone(prefix)
		for len(l) < n {
			l = append(l, items[len(l)%len(items)])
		}
		out = append(out, l)
	}
	return out
}

// maxContainedArrays bounds the arrays containedArrays makes.
const maxContainedArrays = 64

// containedArrays puts samples of contains beside one another: as many
// copies of one as maxContains or minContains says, or one, then another. A contains
// widened or narrowed counts the other one on one side only, so the
// array is past maxContains, or short of minContains, on that side:
// contains "^a" -> "^[ab]" under maxContains 1 refuses ["a","b"] (attack
// pass 49b, row 5). The samples paired are the first of each kind, a few
// numbers, and a few strings that start with different characters.
func containedArrays(prefix, vs []any, m map[string]any) []any {
	var picks []any
	seen := map[string]bool{}
	perKind := map[kinds]int{}
	for _, v := range vs {
		k, c := valueKind(v), canonical(v)
		quota := 1
		switch {
		case k == kString:
			// Strings that start alike are mostly told apart alike.
			c, quota = "s"+string([]rune(v.(string) + "\x00")[0]), 4
		case k&kNumber != 0:
			quota = 3
		}
		if seen[c] || perKind[k] >= quota {
			continue
		}
		seen[c] = true
		perKind[k]++
		picks = append(picks, v)
	}
	var counts []int
	for _, k := range []string{"maxContains", "minContains"} {
		if n, ok := intKeyword(m, k); ok && n > 1 && n <= 64 && !slices.Contains(counts, n) {
			counts = append(counts, n)
		}
	}
	counts = append(counts, 1)
	var out []any
	for _, n := range counts {
		for _, v := range picks {
			for _, x := range picks {
				if len(out) >= maxContainedArrays {
					return out
				}
				if canonical(v) == canonical(x) {
					continue
				}
				l := slices.Clone(prefix)
				for range n {
					l = append(l, v)
				}
				out = append(out, append(l, x))
			}
		}
	}
	return out
}

func stringSamples(m map[string]any, ps *patterns) []any {
	out := []any{"", "a"}
	if f, ok := m["format"].(string); ok {
		for i := range 2 {
			if s, ok := argsgen.FormatString(f, i); ok {
				out = append(out, s)
			}
		}
	}
	minLen, _ := intKeyword(m, "minLength")
	maxLen, hasMax := intKeyword(m, "maxLength")
	if !hasMax {
		maxLen = -1
	}
	if p, ok := m["pattern"].(string); ok {
		if re, err := ps.compile(p); err == nil {
			for _, s := range patternStrings(re, minLen, maxLen) {
				out = append(out, s)
			}
		}
	}
	for _, n := range []int{minLen, maxLen, maxLen + 1, minLen - 1} {
		if n > 1 && n <= 256 {
			out = append(out, strings.Repeat("a", n))
		}
	}
	return out
}

func numberSamples(m map[string]any, integer bool) []any {
	out := []any{json.Number("0"), json.Number("1"), json.Number("-1")}
	if !integer {
		out = append(out, json.Number("0.5"))
	}
	for _, k := range []string{"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"} {
		r, ok := number(m[k])
		if !ok {
			continue
		}
		for _, delta := range []int64{0, 1, -1} {
			v := new(big.Rat).Add(r, big.NewRat(delta, 1))
			out = append(out, ratNumber(v))
			if !integer {
				out = append(out, ratNumber(new(big.Rat).Add(r, big.NewRat(delta, 2))))
			}
		}
	}
	return out
}

// ratNumber writes an exact rational as a JSON number: an integer, or a
// decimal when it has one, else the nearest float64.
func ratNumber(r *big.Rat) json.Number {
	if r.IsInt() {
		return json.Number(r.Num().String())
	}
	if s := r.FloatString(12); strings.TrimRight(s, "0") != "" {
		if back, ok := new(big.Rat).SetString(s); ok && back.Cmp(r) == 0 {
			return json.Number(strings.TrimRight(strings.TrimRight(s, "0"), "."))
		}
	}
	f, _ := r.Float64()
	return json.Number(strconv.FormatFloat(f, 'g', -1, 64))
}

func intKeyword(m map[string]any, k string) (int, bool) {
	d, ok := jsonDecimal(m[k])
	if !ok || !d.isInteger() || d.neg || d.exp > 9 {
		return 0, false
	}
	n, err := strconv.Atoi(d.String())
	return n, err == nil
}

// blame says where and why the validator refuses value against s.
func (j *judge) blame(s any, side int, value any) (keyword, text string) {
	fs := offlineschema.Failures(j.why(s, side, value))
	if len(fs) == 0 {
		return "", ""
	}
	f := fs[0]
	if f.Pointer == "" {
		return f.Keyword, f.Message
	}
	return f.Keyword, fmt.Sprintf("at %s: %s", f.Pointer, f.Message)
}

// showValue is a value as JSON, shortened for a message.
func showValue(v any) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if enc.Encode(normal(v)) != nil {
		return "?"
	}
	s := strings.TrimSpace(b.String())
	if r := []rune(s); len(r) > 80 {
		s = string(r[:77]) + "..."
	}
	return s
}

// stopped reports whether the judgment's context is done (a signal):
// checked before each compile, validation and proof step, so that no
// judgment outlives it by more than one of them.
func (j *judge) stopped() bool { return j.ctx != nil && j.ctx.Err() != nil }

// spent is what the judgment spent, in thousandths of each of its
// budgets, summed: what it takes from the list's (maxListWork).
func (j *judge) spent() int {
	share := func(n, limit int) int { return int(min(int64(n), int64(limit)) * 1000 / int64(limit)) }
	return 1 + share(j.work, maxWork) + share(j.checks, maxChecks) + share(j.provedSteps+j.steps, maxProofSteps) +
		share(j.proofBytes, maxProofBytes) + share(j.compiledValues, maxCompiled) + share(j.members.work, maxMemberMatch) +
		share(j.sampled, maxSampled)
}
