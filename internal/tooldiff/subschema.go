package tooldiff

import (
	"math/big"
	"reflect"
	"regexp"
	"regexp/syntax"
	"slices"
	"strconv"
)

// kinds is a set of JSON value kinds, as "type" names them; a number is
// an integer (kInt, 1.0 included) or not (kFrac).
type kinds uint8

const (
	kNull kinds = 1 << iota
	kBool
	kObject
	kArray
	kString
	kInt
	kFrac

	kNumber = kInt | kFrac
	kAll    = kNull | kBool | kObject | kArray | kString | kNumber
)

var kindNames = map[string]kinds{"null": kNull, "boolean": kBool, "object": kObject, "array": kArray, "string": kString, "integer": kInt, "number": kNumber}

// typeKinds reads "type": every kind when it is absent; ok false when it
// is not a type name or a list of them.
func typeKinds(m map[string]any) (kinds, bool) {
	ts, ok := typeSet(m["type"])
	if !ok {
		return 0, false
	}
	if ts == nil {
		return kAll, true
	}
	var k kinds
	for _, t := range ts {
		k |= kindNames[t]
	}
	return k, true
}

func typeKindsOrAll(m map[string]any) kinds {
	if k, ok := typeKinds(m); ok {
		return k
	}
	return kAll
}

// valueKind is the kind of a JSON value.
func valueKind(v any) kinds {
	switch x := v.(type) {
	case nil:
		return kNull
	case bool:
		return kBool
	case map[string]any:
		return kObject
	case []any:
		return kArray
	case string:
		return kString
	default:
		if d, ok := jsonDecimal(x); ok && d.isInteger() {
			return kInt
		}
		return kFrac
	}
}

// kindsOf is the kinds a schema's type, const and enum allow.
func kindsOf(m map[string]any) kinds {
	k := typeKindsOrAll(m)
	if c, ok := m["const"]; ok {
		k &= valueKind(c)
	}
	if e, ok := m["enum"].([]any); ok {
		var ek kinds
		for _, v := range e {
			ek |= valueKind(v)
		}
		k &= ek
	}
	return k
}

// kindType is the "type" value that allows the kinds of one group.
func kindType(g kinds) any {
	for name, k := range kindNames {
		if k == g {
			return name
		}
	}
	return nil
}

// groups splits kinds into the groups "type" can name: numbers stay one.
func groups(k kinds) []kinds {
	var out []kinds
	for _, g := range []kinds{kNull, kBool, kObject, kArray, kString} {
		if k&g != 0 {
			out = append(out, g)
		}
	}
	if n := k & kNumber; n != 0 {
		out = append(out, n)
	}
	return out
}

// noAssertion are the keywords that constrain no value: annotations, and
// the ones read with a sibling (then and else with if, the contains counts
// with contains).
var noAssertion = []string{"$schema", "$id", "$anchor", "$dynamicAnchor", "$comment", "$defs", "definitions", "$vocabulary",
	"title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly",
	"contentEncoding", "contentMediaType", "contentSchema", "then", "else", "minContains", "maxContains"}

// assertions are the 2020-12 keywords that constrain a value; others
// (extensions such as "x-order") are ignored by validators.
var assertions = []string{"$ref", "$dynamicRef", "type", "enum", "const", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum",
	"maxLength", "minLength", "pattern", "format", "maxItems", "minItems", "uniqueItems", "maxContains", "minContains", "contains",
	"maxProperties", "minProperties", "required", "dependentRequired", "dependentSchemas", "properties", "patternProperties",
	"additionalProperties", "propertyNames", "items", "prefixItems", "allOf", "anyOf", "oneOf", "not", "if", "then", "else",
	"unevaluatedItems", "unevaluatedProperties", "dependencies"}

func constrains(m map[string]any) bool {
	for k := range m {
		if slices.Contains(assertions, k) && !slices.Contains(noAssertion, k) {
			return true
		}
	}
	return false
}

// deref is deref for the judge: a $ref with sibling keywords is both
// (an allOf of its target and them), as 2020-12 reads it, not the target
// with the siblings laid over it.
func (j *judge) deref(v any, side int) (map[string]any, string, string) {
	if m, ok := v.(map[string]any); ok && len(m) > 1 {
		if r, ok := m["$ref"]; ok {
			r = canonRef(m, r, j.roots[side], j.merged[side])
			return map[string]any{"allOf": []any{map[string]any{"$ref": r}, without(m, "$ref")}}, "", ""
		}
	}
	return deref(v, j.roots[side], j.merged[side])
}

// includes proves that every value valid against a (of side as) is valid
// against b (of side bs). false is "not proven", not "no".
func (j *judge) includes(a any, as int, b any, bs int, depth int) bool {
	if j.steps++; j.steps > maxProofSteps || depth > maxDepth || j.stopped() {
		return false
	}
	am, aref, why1 := j.deref(a, as)
	bm, bref, why2 := j.deref(b, bs)
	switch {
	case why1 != "" || why2 != "":
		return false
	case am == nil:
		return true
	case bm == nil:
		return kindsOf(am) == 0
	}
	if aref != "" && bref != "" {
		key := strconv.Itoa(as) + aref + "\x00" + strconv.Itoa(bs) + bref
		if j.assumed[key] {
			return true
		}
		j.assumed[key] = true
		defer delete(j.assumed, key)
	}
	if !constrains(bm) || j.same(am, as, bm, bs) {
		return true
	}
	am = j.flatten(am, as)
	if l, ok := am["allOf"].([]any); ok {
		// Conjuncts that could not be folded: the rest alone, or any one
		// of them, included is enough.
		if j.includes(without(am, "allOf"), as, bm, bs, depth+1) {
			return true
		}
		for _, c := range l {
			if j.includes(c, as, bm, bs, depth+1) {
				return true
			}
		}
		return false
	}
	for _, k := range []string{"anyOf", "oneOf"} {
		if l, ok := am[k].([]any); ok {
			rest := without(am, k)
			for _, br := range l {
				if !j.includes(map[string]any{"allOf": []any{rest, br}}, as, bm, bs, depth+1) {
					return false
				}
			}
			return true
		}
	}
	if cond, ok := am["if"]; ok {
		rest := without(am, "if", "then", "else")
		then, els := orTrue(am["then"]), orTrue(am["else"])
		return j.includes(map[string]any{"allOf": []any{rest, cond, then}}, as, bm, bs, depth+1) &&
			j.includes(map[string]any{"allOf": []any{rest, map[string]any{"not": cond}, els}}, as, bm, bs, depth+1)
	}
	for _, g := range groups(kindsOf(am)) {
		ar := without(am)
		if t := kindType(g); t != nil {
			ar["type"] = t
		}
		if !j.includesKind(ar, as, g, bm, bs, depth) {
			return false
		}
	}
	return true
}

// includesKind is includes for an a restricted to one group of kinds.
func (j *judge) includesKind(am map[string]any, as int, g kinds, bm map[string]any, bs int, depth int) bool {
	if vals, ok := finiteValues(am, g); ok {
		for _, v := range vals {
			inA, ok1 := j.valid(am, as, v)
			if !ok1 {
				return false
			}
			if !inA {
				continue
			}
			if inB, ok2 := j.valid(bm, bs, v); !ok2 || !inB {
				return false
			}
		}
		return true
	}
	for _, k := range sortedKeys(bm) {
		if !slices.Contains(assertions, k) || slices.Contains(noAssertion, k) || j.sameKeyword(am, as, bm, bs, k) {
			continue
		}
		if !j.keyword(am, as, g, bm, bs, k, depth) {
			return false
		}
	}
	return true
}

// finiteValues lists the values a schema restricted to g can take, when
// there are few: its const or enum, null, or the two booleans.
func finiteValues(am map[string]any, g kinds) ([]any, bool) {
	var vals []any
	switch {
	case am["const"] != nil || hasKey(am, "const"):
		vals = []any{am["const"]}
	case am["enum"] != nil:
		e, _ := am["enum"].([]any)
		vals = e
	case g == kNull:
		vals = []any{nil}
	case g == kBool:
		vals = []any{false, true}
	default:
		return nil, false
	}
	if len(vals) > maxFiniteCheck {
		return nil, false
	}
	out := vals[:0:0]
	for _, v := range vals {
		if valueKind(v)&g != 0 {
			out = append(out, v)
		}
	}
	return out, true
}

func hasKey(m map[string]any, k string) bool { _, ok := m[k]; return ok }

// keyword proves that a (restricted to g) satisfies b's keyword k.
func (j *judge) keyword(am map[string]any, as int, g kinds, bm map[string]any, bs int, k string, depth int) bool {
	sub := func(x any, xs int, y any, ys int) bool { return j.includes(x, xs, y, ys, depth+1) }
	switch k {
	case "type":
		bk, ok := typeKinds(bm)
		return ok && bk&g == g
	case "enum", "const":
		return false // a is not finite: not proven
	case "minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum":
		return g&kNumber == 0 || numberBound(numberBounds(am, j.roots[as]), numberBounds(bm, j.roots[bs]), k)
	case "multipleOf":
		if g&kNumber == 0 {
			return true
		}
		bq, ok := number(bm[k])
		if !ok || bq.Sign() <= 0 {
			return false
		}
		if aq, ok := number(am[k]); ok && new(big.Rat).Quo(aq, bq).IsInt() {
			return true
		}
		return g == kInt && new(big.Rat).Inv(bq).IsInt()
	case "minLength", "maxLength":
		return g != kString || countBound(am, bm, k, k == "minLength", nil)
	case "pattern", "format":
		return g != kString // and not the same: not proven
	case "minItems", "maxItems":
		return g != kArray || countBound(am, bm, k, k == "minItems", nil)
	case "uniqueItems":
		if g != kArray || bm[k] != true {
			return true
		}
		n, ok := intKeyword(am, "maxItems")
		return am[k] == true || (ok && n <= 1)
	case "items", "prefixItems":
		return g != kArray || j.itemsIncluded(am, as, bm, bs, sub)
	case "contains":
		return g != kArray || j.containsIncluded(am, as, bm, bs, sub)
	case "minProperties":
		return g != kObject || countBound(am, bm, k, true, func() (int, bool) { return len(stringSet(am["required"])), true })
	case "maxProperties":
		return g != kObject || countBound(am, bm, k, false, func() (int, bool) {
			if closed(am) {
				return len(asObject(am["properties"])), true
			}
			return 0, false
		})
	case "required":
		have := setOf(stringSet(am["required"]))
		for _, r := range stringSet(bm[k]) {
			if g == kObject && !have[r] {
				return false
			}
		}
		return true
	case "properties", "patternProperties", "additionalProperties":
		return g != kObject || j.membersIncluded(am, as, bm, bs, sub)
	case "propertyNames":
		if g != kObject {
			return true
		}
		if pn, ok := am[k]; ok && sub(pn, as, bm[k], bs) {
			return true
		}
		if !closed(am) {
			return false
		}
		for name := range asObject(am["properties"]) {
			if v, ok := j.valid(bm[k], bs, name); !ok || !v {
				return false
			}
		}
		return true
	case "dependentRequired":
		if g != kObject {
			return true
		}
		have := stringSet(am["required"])
		aDeps := asObject(am[k])
		for p, qs := range asObject(bm[k]) {
			if j.forbids(am, as, p) {
				continue
			}
			also := setOf(append(slices.Clone(have), stringSet(aDeps[p])...))
			for _, q := range stringSet(qs) {
				if !also[q] {
					return false
				}
			}
		}
		return true
	case "dependentSchemas":
		if g != kObject {
			return true
		}
		aDeps := asObject(am[k])
		for _, p := range sortedKeys(asObject(bm[k])) {
			s := asObject(bm[k])[p]
			present := map[string]any{"allOf": []any{am, map[string]any{"required": []any{p}}}}
			if j.forbids(am, as, p) || sub(present, as, s, bs) {
				continue
			}
			if ad, ok := aDeps[p]; ok && sub(map[string]any{"allOf": []any{am, ad}}, as, s, bs) {
				continue
			}
			return false
		}
		return true
	case "allOf":
		l, _ := bm[k].([]any)
		for _, c := range l {
			if !sub(am, as, c, bs) {
				return false
			}
		}
		return true
	case "anyOf":
		l, _ := bm[k].([]any)
		for _, c := range l {
			if sub(am, as, c, bs) {
				return true
			}
		}
		return false
	case "oneOf":
		l, _ := bm[k].([]any)
		for i, c := range l {
			if !sub(am, as, c, bs) {
				continue
			}
			alone := true
			for i2, other := range l {
				if i2 != i && !j.disjoint(am, as, other, bs, depth+1) {
					alone = false
				}
			}
			if alone {
				return true
			}
		}
		return false
	case "not":
		return j.disjoint(am, as, bm[k], bs, depth+1)
	case "if":
		// The values of a that pass if must pass then, the others else;
		// an if of the other side is read in a as a conjunct.
		then, els := orTrue(bm["then"]), orTrue(bm["else"])
		cond := rebaseRefs(bm["if"], bs, as)
		if cond == nil {
			return (sub(am, as, then, bs) && sub(am, as, els, bs)) ||
				(j.disjoint(am, as, bm["if"], bs, depth+1) && sub(am, as, els, bs))
		}
		return (j.disjoint(am, as, bm["if"], bs, depth+1) || sub(map[string]any{"allOf": []any{am, cond}}, as, then, bs)) &&
			(sub(am, as, bm["if"], bs) || sub(map[string]any{"allOf": []any{am, map[string]any{"not": cond}}}, as, els, bs))
	}
	// unevaluated*, dependencies, $dynamicRef: not decided here.
	return false
}

// sameKeyword reports whether a holds b's keyword k unchanged, with the
// siblings its meaning depends on, and nothing in it refers elsewhere:
// then a satisfies it.
func (j *judge) sameKeyword(am map[string]any, as int, bm map[string]any, bs int, k string) bool {
	if k == "unevaluatedProperties" || k == "unevaluatedItems" {
		return false // its meaning depends on every applicator beside it
	}
	if (k == "$ref" || k == "$dynamicRef") && as != bs {
		return false // the same text refers into two documents
	}
	deps := map[string][]string{
		"additionalProperties": {"properties", "patternProperties"},
		"items":                {"prefixItems", "additionalItems"},
		"contains":             {"minContains", "maxContains"},
		"if":                   {"then", "else"},
	}
	for _, key := range append([]string{k}, deps[k]...) {
		if hasKey(am, key) != hasKey(bm, key) || !j.sameValue(am[key], as, bm[key], bs) {
			return false
		}
	}
	return true
}

// same reports whether two schemas are the same JSON and mean the same:
// in one document, or without $ref.
func (j *judge) same(am map[string]any, as int, bm map[string]any, bs int) bool {
	return j.sameValue(am, as, bm, bs)
}

func (j *judge) sameValue(a any, as int, b any, bs int) bool {
	if j.steps > maxProofSteps {
		return false
	}
	ca, cb := j.canonical(a), j.canonical(b)
	if j.proofBytes > maxProofBytes {
		j.steps = maxProofSteps + 1 // the proof stops: not proven
		return false
	}
	if ca != cb {
		return false
	}
	return as == bs || !hasRef(a)
}

// canonical is canonical for the proof's comparisons, which write a
// document's schemas whole: a proof step over a schema of 10,000 values
// writes 30 KB, and an anyOf of 9,990 {} took a step a branch, each
// writing the other side whole, quadratic and counted nowhere (attack
// pass 51e, row 1's diff: 34 s of CPU for one tool). A map's JSON is kept
// by the map's identity (the map kept too, so its address is not reused)
// up to maxCanonMemo bytes, and what is written is counted against
// maxProofBytes.
func (j *judge) canonical(v any) string {
	m, ok := v.(map[string]any)
	if !ok {
		s := canonical(v)
		j.proofBytes += len(s)
		return s
	}
	id := reflect.ValueOf(m).Pointer()
	if c, ok := j.canon[id]; ok {
		return c.s
	}
	s := canonical(v)
	j.proofBytes += len(s)
	if j.canonBytes+len(s) <= maxCanonMemo {
		if j.canon == nil {
			j.canon = map[uintptr]canonMemo{}
		}
		j.canon[id] = canonMemo{m, s}
		j.canonBytes += len(s)
	}
	return s
}

// canonMemo is a map's canonical JSON, the map kept.
type canonMemo struct {
	m map[string]any
	s string
}

func hasRef(v any) bool {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if k == "$ref" || k == "$dynamicRef" || ((k != "enum" && k != "const") && hasRef(e)) {
				return true
			}
		}
	case []any:
		for _, e := range x {
			if hasRef(e) {
				return true
			}
		}
	}
	return false
}

// flatten folds the schemas of an allOf into one where their keywords do
// not meet (or meet as types, required lists, bounds, properties); the
// ones that could not be folded stay in allOf.
func (j *judge) flatten(m map[string]any, side int) map[string]any {
	l, ok := m["allOf"].([]any)
	if !ok {
		return m
	}
	acc := without(m, "allOf")
	var rest []any
	for _, c := range l {
		cm, _, why := j.deref(c, side)
		if why != "" {
			rest = append(rest, c)
			continue
		}
		if cm == nil {
			return map[string]any{"not": map[string]any{}}
		}
		cm = j.flatten(cm, side)
		if !fold(acc, cm) {
			rest = append(rest, cm)
		}
	}
	if len(rest) > 0 {
		acc["allOf"] = rest
	}
	return acc
}

// fold lays b's keywords into acc when it can say what both mean in one;
// false (acc unchanged) when it cannot.
func fold(acc, b map[string]any) bool {
	for k, v := range b {
		if !hasKey(acc, k) || canonical(acc[k]) == canonical(v) {
			continue
		}
		switch k {
		case "type", "required", "properties", "title", "description":
		case "minimum", "maximum", "minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties":
			if _, ok := jsonDecimal(v); !ok {
				return false
			}
		default:
			return false
		}
	}
	for k, v := range b {
		cur, has := acc[k]
		switch {
		case !has:
			acc[k] = v
		case k == "type":
			ak, _ := typeKinds(acc)
			bk, _ := typeKinds(b)
			var names []any
			for _, name := range []string{"null", "boolean", "object", "array", "string", "number", "integer"} {
				if kk := kindNames[name]; ak&bk&kk == kk && (name != "integer" || ak&bk&kNumber != kNumber) {
					names = append(names, name)
				}
			}
			acc[k] = names
		case k == "required":
			acc[k] = append(slices.Clone(cur.([]any)), v.([]any)...)
		case k == "properties":
			props := map[string]any{}
			for name, s := range asObject(cur) {
				props[name] = s
			}
			for name, s := range asObject(v) {
				if old, ok := props[name]; ok {
					props[name] = map[string]any{"allOf": []any{old, s}}
				} else {
					props[name] = s
				}
			}
			acc[k] = props
		case k == "minimum" || k == "minLength" || k == "minItems" || k == "minProperties":
			x, _ := jsonDecimal(cur)
			y, _ := jsonDecimal(v)
			if cmpDecimal(y, x) > 0 {
				acc[k] = v
			}
		case k == "maximum" || k == "maxLength" || k == "maxItems" || k == "maxProperties":
			x, _ := jsonDecimal(cur)
			y, _ := jsonDecimal(v)
			if cmpDecimal(y, x) < 0 {
				acc[k] = v
			}
		}
	}
	return true
}

// without copies m without the keys.
func without(m map[string]any, keys ...string) map[string]any {
	c := make(map[string]any, len(m))
	for k, v := range m {
		if !slices.Contains(keys, k) {
			c[k] = v
		}
	}
	return c
}

func orTrue(v any) any {
	if v == nil {
		return true
	}
	return v
}

// numberBound proves a's numbers within b's bound k.
func numberBound(am, bm map[string]any, k string) bool {
	bv, ok := jsonDecimal(bm[k])
	if !ok {
		return false
	}
	lower := k == "minimum" || k == "exclusiveMinimum"
	exclusive := k == "exclusiveMinimum" || k == "exclusiveMaximum"
	incl, excl := "maximum", "exclusiveMaximum"
	if lower {
		incl, excl = "minimum", "exclusiveMinimum"
	}
	// a's bound on that side: the tighter of its two keywords.
	for _, ak := range []string{incl, excl} {
		av, ok := jsonDecimal(am[ak])
		if !ok {
			continue
		}
		c := cmpDecimal(av, bv)
		if !lower {
			c = -c
		}
		if c > 0 || (c == 0 && (!exclusive || ak == excl)) {
			return true
		}
	}
	return false
}

// countBound proves a's count k (a length, items, properties) within b's;
// implied gives a's count by other means.
func countBound(am, bm map[string]any, k string, lower bool, implied func() (int, bool)) bool {
	bn, ok := intKeyword(bm, k)
	if !ok {
		return false
	}
	if lower && bn == 0 {
		return true
	}
	an, ok := intKeyword(am, k)
	if !ok && implied != nil {
		an, ok = implied()
	}
	return ok && ((lower && an >= bn) || (!lower && an <= bn))
}

// closed reports whether an object schema allows no member it does not
// list.
func closed(m map[string]any) bool {
	return m["additionalProperties"] == false && m["patternProperties"] == nil
}

// forbids reports whether a schema allows no member named name.
func (j *judge) forbids(m map[string]any, side int, name string) bool {
	s, ok := j.memberSchema(m, name)
	if !ok {
		return false
	}
	sm, _, why := j.deref(s, side)
	return why == "" && sm == nil
}

// memberSchema is the schema a member name must match in m: its property,
// else its patternProperties (the first that matches), else
// additionalProperties. ok is false when a pattern cannot be read, or
// the name could not be matched against one within maxMemberMatch
// (matchMember): an unmade match is neither "matches" nor "does not".
func (j *judge) memberSchema(m map[string]any, name string) (any, bool) {
	if s, ok := asObject(m["properties"])[name]; ok {
		return s, true
	}
	pp := asObject(m["patternProperties"])
	for _, p := range sortedKeys(pp) {
		re, err := j.patterns.compile(p)
		if err != nil {
			return nil, false
		}
		matched, ok := j.matchMember(p, re, name)
		if !ok {
			return nil, false
		}
		if matched {
			return pp[p], true
		}
	}
	return orTrue(m["additionalProperties"]), true
}

// membersIncluded proves properties, patternProperties and
// additionalProperties of b from a's.
func (j *judge) membersIncluded(am map[string]any, as int, bm map[string]any, bs int, sub func(any, int, any, int) bool) bool {
	bProps, aProps := asObject(bm["properties"]), asObject(am["properties"])
	for _, name := range sortedKeys(bProps) {
		s, ok := j.memberSchema(am, name)
		if !ok || !sub(s, as, bProps[name], bs) {
			return false
		}
	}
	bPat := asObject(bm["patternProperties"])
	aPat := asObject(am["patternProperties"])
	var bRes []*regexp.Regexp
	bPats := sortedKeys(bPat)
	for _, p := range bPats {
		re, err := j.patterns.compile(p)
		if err != nil {
			return false
		}
		bRes = append(bRes, re)
		for _, name := range sortedKeys(aProps) {
			matched, ok := j.matchMember(p, re, name)
			if !ok || matched && !sub(aProps[name], as, bPat[p], bs) {
				return false // not matched within maxMemberMatch: not proven
			}
		}
		for _, q := range sortedKeys(aPat) {
			if !sub(aPat[q], as, bPat[p], bs) {
				return false // whether the patterns' names meet is not decided
			}
		}
		if names, ok := j.patterns.literalNames(p); ok && allListed(names, aProps) {
			continue // the names it matches are members a lists, checked above
		}
		if !sub(orTrue(am["additionalProperties"]), as, bPat[p], bs) {
			return false
		}
	}
	add, ok := bm["additionalProperties"]
	if !ok {
		return true
	}
	// unlisted reports whether b leaves name to additionalProperties; ok
	// is false when it could not be matched within maxMemberMatch.
	unlisted := func(name string) (unlisted, ok bool) {
		if _, ok := bProps[name]; ok {
			return false, true
		}
		for i, p := range bPats {
			if matched, ok := j.matchMember(p, bRes[i], name); !ok || matched {
				return false, ok
			}
		}
		return true, true
	}
	for _, name := range sortedKeys(aProps) {
		if u, ok := unlisted(name); !ok || u && !sub(aProps[name], as, add, bs) {
			return false
		}
	}
	for _, q := range sortedKeys(aPat) {
		if _, same := bPat[q]; !same && !sub(aPat[q], as, add, bs) {
			return false
		}
	}
	return sub(orTrue(am["additionalProperties"]), as, add, bs)
}

// rebaseRefs is a schema of side from, to be read in side to's document:
// itself when both are one or it refers to nothing; nil otherwise.
func rebaseRefs(v any, from, to int) any {
	if from == to || !hasRef(v) {
		return v
	}
	return nil
}

// literalNames is the names a pattern matches when it is a list of
// literals, ^(a|b)$.
func literalNames(pattern string) ([]string, bool) {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return nil, false
	}
	re = re.Simplify()
	if re.Op != syntax.OpConcat || len(re.Sub) != 3 || re.Sub[0].Op != syntax.OpBeginText || re.Sub[2].Op != syntax.OpEndText {
		return nil, false
	}
	mid := re.Sub[1]
	for mid.Op == syntax.OpCapture {
		mid = mid.Sub[0]
	}
	alts := []*syntax.Regexp{mid}
	if mid.Op == syntax.OpAlternate {
		alts = mid.Sub
	}
	var out []string
	for _, a := range alts {
		if a.Op != syntax.OpLiteral || a.Flags&syntax.FoldCase != 0 {
			return nil, false
		}
		out = append(out, string(a.Rune))
	}
	return out, true
}

func allListed(names []string, props map[string]any) bool {
	for _, n := range names {
		if _, ok := props[n]; !ok {
			return false
		}
	}
	return true
}

// itemsIncluded proves b's positional items and the items past them from
// a's (tuple: prefixItems and items, or before 2020-12 an array items and
// additionalItems).
func (j *judge) itemsIncluded(am map[string]any, as int, bm map[string]any, bs int, sub func(any, int, any, int) bool) bool {
	aPre, aRest, ok1 := tuple(am, legacyTuples(j.roots[as]))
	bPre, bRest, ok2 := tuple(bm, legacyTuples(j.roots[bs]))
	if !ok1 || !ok2 {
		return false
	}
	at := func(i int) any {
		if i < len(aPre) {
			return aPre[i]
		}
		return orTrue(aRest)
	}
	maxN, bounded := intKeyword(am, "maxItems")
	for i := range max(len(aPre), len(bPre)) + 1 {
		if bounded && i >= maxN {
			break
		}
		want := orTrue(bRest)
		if i < len(bPre) {
			want = bPre[i]
		}
		if !sub(at(i), as, want, bs) {
			return false
		}
	}
	return true
}

// containsIncluded proves b's contains (with its counts) from a's.
func (j *judge) containsIncluded(am map[string]any, as int, bm map[string]any, bs int, sub func(any, int, any, int) bool) bool {
	if hasKey(bm, "maxContains") {
		return false // unchanged is handled by sameKeyword
	}
	need := 1
	if n, ok := intKeyword(bm, "minContains"); ok {
		need = n
	}
	if need == 0 {
		return true
	}
	if c, ok := am["contains"]; ok && sub(c, as, bm["contains"], bs) {
		have := 1
		if n, ok := intKeyword(am, "minContains"); ok {
			have = n
		}
		if have >= need {
			return true
		}
	}
	n, _ := intKeyword(am, "minItems")
	pre, rest, ok := tuple(am, legacyTuples(j.roots[as]))
	return ok && len(pre) == 0 && n >= need && sub(orTrue(rest), as, bm["contains"], bs)
}

// disjoint proves that no value is valid against both a and x.
func (j *judge) disjoint(a any, as int, x any, xs int, depth int) bool {
	if j.steps++; j.steps > maxProofSteps || depth > maxDepth {
		return false
	}
	am, _, why1 := j.deref(a, as)
	xm, _, why2 := j.deref(x, xs)
	switch {
	case why1 != "" || why2 != "":
		return false
	case am == nil || xm == nil:
		return true
	}
	common := kindsOf(am) & kindsOf(xm)
	if common == 0 {
		return true
	}
	for i, pair := range [][2]map[string]any{{am, xm}, {xm, am}} {
		p, q := pair[0], pair[1]
		ps, qs := as, xs
		if i == 1 {
			ps, qs = xs, as
		}
		if vals, ok := finiteValues(p, common); ok {
			none := true
			for _, v := range vals {
				inP, ok1 := j.valid(p, ps, v)
				inQ, ok2 := j.valid(q, qs, v)
				if !ok1 || !ok2 || (inP && inQ) {
					none = false
					break
				}
			}
			if none {
				return true
			}
		}
		if common == kObject {
			for _, r := range stringSet(p["required"]) {
				if j.forbids(q, qs, r) {
					return true
				}
				ps1, ok1 := j.memberSchema(p, r)
				qs1, ok2 := j.memberSchema(q, r)
				if ok1 && ok2 && j.disjoint(ps1, ps, qs1, qs, depth+1) {
					return true
				}
			}
		}
		if l, ok := q["anyOf"].([]any); ok {
			all := true
			for _, br := range l {
				if !j.disjoint(p, ps, br, qs, depth+1) {
					all = false
					break
				}
			}
			if all {
				return true
			}
		}
		if l, ok := q["allOf"].([]any); ok {
			for _, c := range l {
				if j.disjoint(p, ps, c, qs, depth+1) {
					return true
				}
			}
		}
		if n, ok := q["not"]; ok && j.includes(p, ps, n, qs, depth+1) {
			return true
		}
	}
	return false
}
