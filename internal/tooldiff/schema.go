package tooldiff

import (
	"encoding/json"
	"fmt"
	"math/big"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/subako-ai/subako-go/internal/paramheader"
	"github.com/subako-ai/subako-go/internal/probe/argsgen"
	"github.com/subako-ai/subako-go/internal/rules"
)

// polarity says which way a schema is read: an input schema must accept
// every value it accepted (narrowing breaks callers), an output schema
// must only produce values it promised (widening breaks consumers).
type polarity int

const (
	input polarity = iota
	output
)

// aspect is what about a schema narrowed or widened; with the polarity it
// picks the rule.
type aspect int

const (
	aType aspect = iota
	aEnum
	aBound
	aClosed
	aBranch
)

// narrowedRule and widenedRule are the rules for a schema that accepts
// less, or more, than before, by polarity and aspect.
var (
	narrowedRule = [2][5]*rules.Rule{
		input:  {rules.DiffArgumentType, rules.DiffEnumNarrowed, rules.DiffBoundTightened, rules.DiffArgumentsClosed, rules.DiffBranchRemoved},
		output: {rules.DiffResultNarrowed, rules.DiffResultNarrowed, rules.DiffResultNarrowed, rules.DiffResultNarrowed, rules.DiffResultNarrowed},
	}
	widenedRule = [2][5]*rules.Rule{
		input:  {rules.DiffArgumentTypeWidened, rules.DiffEnumWidened, rules.DiffBoundRelaxed, rules.DiffArgumentsOpened, rules.DiffBranchAdded},
		output: {rules.DiffResultType, rules.DiffResultWidened, rules.DiffResultWidened, rules.DiffResultWidened, rules.DiffResultWidened},
	}
)

// maxDepth bounds the comparison of nested schemas, and maxSteps the
// schemas compared for one tool (a $ref used twice is compared at each
// use, so a 64 KiB schema could otherwise ask for 2^n comparisons); what
// lies beyond is unjudged.
const (
	maxDepth = 64
	maxSteps = 20_000
)

func (d *differ) narrowed(p polarity, a aspect, ptr, format string, args ...any) {
	d.add(narrowedRule[p][a], ptr, format, args...)
}

func (d *differ) widened(p polarity, a aspect, ptr, format string, args ...any) {
	d.add(widenedRule[p][a], ptr, format, args...)
}

// changed reports a change that both narrows and widens, under the rule of
// the direction that breaks.
func (d *differ) changed(p polarity, a aspect, ptr, format string, args ...any) {
	if p == input {
		d.narrowed(p, a, ptr, format, args...)
	} else {
		d.widened(p, a, ptr, format, args...)
	}
}

// annotationKeys change nothing a validator checks, nor anything worth
// showing (titles and descriptions are compared on their own).
var annotationKeys = []string{"$schema", "$id", "$anchor", "$comment", "$defs", "definitions", "examples", "deprecated", "readOnly", "writeOnly"}

// schema compares two schemas at ptr.
func (d *differ) schema(ov, nv any, ptr string, p polarity, depth int) {
	if d.steps++; d.steps > maxSteps {
		if d.steps == maxSteps+1 {
			d.add(rules.DiffUnproven, ptr, "more than %d schemas to compare: the rest is not proven compatible", maxSteps)
		}
		return
	}
	if depth > maxDepth {
		if canonical(ov) != canonical(nv) {
			d.add(rules.DiffUnproven, ptr, "nested more than %d levels deep: not proven compatible", maxDepth)
		}
		return
	}
	o, oRef, oErr := deref(ov, d.oRoot, d.merged[0])
	n, nRef, nErr := deref(nv, d.nRoot, d.merged[1])
	if oErr != "" || nErr != "" {
		why := strings.Join(slices.Compact(slices.DeleteFunc([]string{oErr, nErr}, func(s string) bool { return s == "" })), "; ")
		switch {
		case canonical(ov) != canonical(nv):
			d.add(rules.DiffUnproven, ptr, "%s", why)
		case d.hidden(oErr) || d.hidden(nErr):
			// The same $ref on both sides, its target not followed: a
			// change there would pass unseen.
			d.add(rules.DiffUnproven, ptr, "%s, and the schema changed elsewhere: what it refers to may have changed", why)
		}
		return
	}
	if r, ok := o["$dynamicRef"]; ok && canonical(r) == canonical(n["$dynamicRef"]) && d.rootsDiffer() {
		d.add(rules.DiffUnproven, ptr+"/$dynamicRef", "$dynamicRef %s is not followed, and the schema changed elsewhere: what it refers to may have changed", quote(r))
	}
	if oRef != "" || nRef != "" {
		key := oRef + "\x00" + nRef
		if d.active[key] {
			return // being compared further up: a recursive schema
		}
		d.active[key] = true
		defer delete(d.active, key)
	}
	oFalse, nFalse := o == nil, n == nil
	switch {
	case oFalse && nFalse:
		return
	case nFalse:
		d.narrowed(p, aType, ptr, "schema became false: no value is valid")
		return
	case oFalse:
		d.widened(p, aType, ptr, "schema was false (no value valid), now accepts values")
		return
	}
	d.text(rules.DiffTitle, ptr+"/title", "title", o["title"], n["title"])
	d.text(rules.DiffDescription, ptr+"/description", "description", o["description"], n["description"])
	before := len(d.out)
	whole := append(semanticChanges(o, n), tupleChanges(o, n)...)
	whole = append(whole, d.refsBehind(o, n)...)
	if len(whole) > 0 && canonical(o["type"]) != canonical(n["type"]) {
		// The type is judged with the combinators beside it: "type"
		// removed under a new anyOf is no widening.
		whole = append([]string{"type"}, whole...)
	} else {
		d.types(o, n, ptr, p)
	}
	d.values(o, n, ptr, p)
	d.bounds(numberBounds(o, d.oRoot), numberBounds(n, d.nRoot), ptr, p)
	d.objects(o, n, ptr, p, depth)
	d.items(o, n, ptr, p, depth)
	d.branches(o, n, ptr, p, depth)
	if len(whole) > 0 {
		d.judgePair(ov, nv, o, n, ptr, p, whole, before, false)
	} else if matched := branchChanges(o, n); len(matched) > 0 {
		d.judgePair(ov, nv, o, n, ptr, p, matched, before, true)
	} else {
		d.disprove(ov, nv, p, before)
	}
	for _, k := range sortedKeys(o, n) {
		if k == paramheader.Keyword && p == input && onChain(ptr) {
			continue // judged by headers, as HTTP clients read it
		}
		if !slices.Contains(compared, k) && !slices.Contains(annotationKeys, k) && !slices.Contains(assertions, k) && !slices.Contains(whole, k) && canonical(o[k]) != canonical(n[k]) {
			d.add(rules.DiffUnjudged, ptr+"/"+escape(k), "%s changed (it constrains no value)", k)
		}
	}
}

// compared are the keywords schema compares structurally.
var compared = []string{"$ref", "title", "description", "type", "enum", "const", "pattern", "format", "multipleOf", "uniqueItems",
	"minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties", "minContains",
	"maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties", "maxContains",
	"required", "properties", "additionalProperties", "items", "anyOf", "oneOf", "allOf"}

// deref makes a schema an object: true is {}, false is nil, and a local
// $ref is replaced by its target. A $ref beside other keywords is both
// (2020-12 ANDs an applicator with its siblings): the target and the
// siblings are read as one schema (conjoin: the tighter bound, the common
// enum values and types, every required name), or, where they cannot be,
// as an allOf of the two, which is judged as sets of values. ref names the
// target (with the siblings), for the cycle check; why says why the schema
// cannot be compared ("" when it can). merged, when not nil, keeps what
// a $ref beside keywords read as, by the referring schema, so that a
// schema referred to from many places is merged once.
func deref(v any, root any, merged map[uintptr]derefResult) (m map[string]any, ref, why string) {
	return derefHops(v, root, 0, merged)
}

// derefResult is what deref made of a $ref beside other keywords (src,
// kept so that its address is not reused).
type derefResult struct {
	src, m map[string]any
	ref    string
	idx    map[uintptr]node // under indexKey: the document's resources
}

func derefHops(v any, root any, hops int, merged map[uintptr]derefResult) (m map[string]any, ref, why string) {
	for ; ; hops++ {
		switch s := v.(type) {
		case bool:
			if s {
				return map[string]any{}, ref, ""
			}
			return nil, ref, ""
		case map[string]any:
			r, ok := s["$ref"].(string)
			if !ok {
				return s, ref, ""
			}
			if hops > 32 {
				return nil, "", "$ref " + r + " refers in a loop"
			}
			if !strings.HasPrefix(r, "#") {
				return nil, "", "$ref " + r + notLocal
			}
			target, canon, why := refTarget(s, r, root, merged)
			if why != "" {
				return nil, "", why
			}
			ref = canon
			if len(s) > 1 {
				id := reflect.ValueOf(s).Pointer()
				if c, ok := merged[id]; ok {
					return c.m, c.ref, ""
				}
				base, _, why := derefHops(target, root, hops+1, merged)
				if why != "" {
					return nil, "", why
				}
				c := derefResult{src: s, ref: canon}
				siblings := without(s, "$ref")
				if base != nil { // a false target: nothing is valid
					both, ok := conjoin(base, siblings, 0)
					switch {
					case ok:
						c.m = both // nil when nothing is valid
					default:
						c = derefResult{src: s, m: refAllOf(canon, siblings)}
					}
				}
				if merged != nil {
					merged[id] = c
				}
				return c.m, c.ref, ""
			}
			v = target
		default:
			return nil, "", "a schema that is not an object or a boolean: not compared"
		}
	}
}

// refsMayDiffer reports whether v, the same JSON on both sides, holds a
// $ref whose target may differ: the two schemas differ somewhere.
func (d *differ) refsMayDiffer(v any) bool {
	return hasRef(v) && d.rootsDiffer()
}

// refsBehind lists the keywords judged as sets of values (wholeKeys)
// other than the branches compared one by one, that are the same JSON on
// both sides but hold a $ref whose target may have changed.
func (d *differ) refsBehind(o, n map[string]any) []string {
	var out []string
	for _, k := range wholeKeys {
		if k != "anyOf" && k != "oneOf" && k != "allOf" && hasKey(o, k) && hasKey(n, k) &&
			canonical(o[k]) == canonical(n[k]) && d.refsMayDiffer(o[k]) {
			out = append(out, k)
		}
	}
	if _, ok := o["items"].([]any); ok {
		for _, k := range []string{"items", "additionalItems"} {
			if hasKey(o, k) && hasKey(n, k) && canonical(o[k]) == canonical(n[k]) && d.refsMayDiffer(o[k]) {
				out = append(out, k)
			}
		}
	}
	return out
}

// notLocal ends the reason deref gives for a $ref to another document.
const notLocal = " is not local: not compared"

// hidden reports whether a schema that deref could not read for the
// reason why may refer to a part of its document that changed: a local
// $ref that does not resolve, or one in a loop, or a $ref to another
// document when either document names itself or a part of itself with
// "$id" (the target may be inside).
func (d *differ) hidden(why string) bool {
	switch {
	case why == "" || !strings.HasPrefix(why, "$ref ") || !d.rootsDiffer():
		return false
	case strings.HasSuffix(why, notLocal):
		return hasID(d.oRoot, 0) || hasID(d.nRoot, 0)
	}
	return true
}

// rootsDiffer reports whether the two schemas being compared differ
// anywhere (computed once for each pair).
func (d *differ) rootsDiffer() bool {
	if d.rootsDiff == 0 {
		d.rootsDiff = 1
		if canonical(d.oRoot) != canonical(d.nRoot) {
			d.rootsDiff = 2
		}
	}
	return d.rootsDiff == 2
}

// hasID reports whether a schema or one inside it has an "$id".
func hasID(v any, depth int) bool {
	if depth > maxDepth {
		return true
	}
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			switch {
			case k == "$id":
				if _, ok := e.(string); ok {
					return true
				}
			case k == "enum" || k == "const" || k == "default" || k == "examples":
			case hasID(e, depth+1):
				return true
			}
		}
	case []any:
		for _, e := range x {
			if hasID(e, depth+1) {
				return true
			}
		}
	}
	return false
}

// resolve follows a JSON pointer (with its URI fragment encoding) from
// root, or finds the schema a plain-name fragment names (anchor).
func resolve(root any, ptr string) (any, bool) {
	if ptr == "" {
		return root, true
	}
	if !strings.HasPrefix(ptr, "/") {
		return anchor(root, unescapeURI(ptr))
	}
	cur := root
	for _, tok := range strings.Split(ptr[1:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(unescapeURI(tok), "~1", "/"), "~0", "~")
		switch c := cur.(type) {
		case map[string]any:
			x, ok := c[tok]
			if !ok {
				return nil, false
			}
			cur = x
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(c) {
				return nil, false
			}
			cur = c[i]
		default:
			return nil, false
		}
	}
	return cur, true
}

func unescapeURI(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) {
			if x, err := strconv.ParseUint(s[i+1:i+3], 16, 8); err == nil {
				b.WriteByte(byte(x))
				i += 2
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// types compares "type". Absent allows every type; integer is within number.
func (d *differ) types(o, n map[string]any, ptr string, p polarity) {
	ot, ok1 := typeSet(o["type"])
	nt, ok2 := typeSet(n["type"])
	ptr += "/type"
	switch {
	case !ok1 || !ok2:
		if canonical(o["type"]) != canonical(n["type"]) {
			d.add(rules.DiffUnproven, ptr, "type %s -> %s: not a type name or list of them, not proven compatible", quote(o["type"]), quote(n["type"]))
		}
	case ot == nil && nt == nil:
	case ot == nil:
		d.narrowed(p, aType, ptr, "type %s added", quote(n["type"]))
	case nt == nil:
		d.widened(p, aType, ptr, "type %s removed (any type now)", quote(o["type"]))
	default:
		oInN, nInO := coversAll(nt, ot), coversAll(ot, nt)
		switch {
		case oInN && nInO:
		case oInN:
			d.widened(p, aType, ptr, "type %s -> %s", quote(o["type"]), quote(n["type"]))
		case nInO:
			d.narrowed(p, aType, ptr, "type %s -> %s", quote(o["type"]), quote(n["type"]))
		default:
			d.changed(p, aType, ptr, "type %s -> %s", quote(o["type"]), quote(n["type"]))
		}
	}
}

// typeSet reads "type": nil for absent, ok false for what is not a type.
func typeSet(v any) ([]string, bool) {
	switch t := v.(type) {
	case nil:
		return nil, true
	case string:
		return []string{t}, true
	case []any:
		out := []string{}
		for _, x := range t {
			s, ok := x.(string)
			if !ok {
				return nil, false
			}
			out = append(out, s)
		}
		return out, true
	}
	return nil, false
}

// coversAll reports whether every type of b is allowed by a.
func coversAll(a, b []string) bool {
	for _, t := range b {
		if !slices.Contains(a, t) && (t != "integer" || !slices.Contains(a, "number")) {
			return false
		}
	}
	return true
}

// values compares enum and const: the sets of values allowed.
func (d *differ) values(o, n map[string]any, ptr string, p polarity) {
	ov, okey := valueList(o)
	nv, nkey := valueList(n)
	key := nkey
	if key == "" {
		key = okey
	}
	ptr += "/" + key
	switch {
	case ov == nil && nv == nil:
	case ov == nil:
		d.narrowed(p, aEnum, ptr, "%s %s added", nkey, listedValues(nv))
	case nv == nil:
		d.widened(p, aEnum, ptr, "%s %s removed", okey, listedValues(ov))
	default:
		// Enums mostly change in one place: the values past the common
		// head and tail are the only ones to look up.
		head := 0
		for head < min(len(ov), len(nv)) && sameJSON(ov[head], nv[head]) {
			head++
		}
		tail := 0
		for tail < min(len(ov), len(nv))-head && sameJSON(ov[len(ov)-1-tail], nv[len(nv)-1-tail]) {
			tail++
		}
		if gone := valuesOutside(ov[head:len(ov)-tail], nv); len(gone) > 0 {
			d.narrowed(p, aEnum, ptr, "%s no longer has %s", key, listed(gone))
		}
		if more := valuesOutside(nv[head:len(nv)-tail], ov); len(more) > 0 {
			d.widened(p, aEnum, ptr, "%s now has %s", key, listed(more))
		}
	}
}

// valueList is the values a schema allows by const or enum (nil for no
// such limit), and the keyword that says so.
func valueList(m map[string]any) ([]any, string) {
	if c, ok := m["const"]; ok {
		return []any{c}, "const"
	}
	if e, ok := m["enum"].([]any); ok {
		return e, "enum"
	}
	return nil, ""
}

// sameJSON reports whether two values are equal as JSON; strings, most
// enums' values, without building their canonical form.
func sameJSON(a, b any) bool {
	if x, ok := a.(string); ok {
		y, ok := b.(string)
		return ok && x == y
	}
	return canonical(a) == canonical(b)
}

// maxScanned is how many values valuesOutside looks up by scanning the
// other list rather than by a set of it.
const maxScanned = 16

// valuesOutside is the canonical values of vs, without repeats, that the
// list other lacks. Linear in both: an enum may hold a million values.
func valuesOutside(vs, other []any) []string {
	if len(vs) == 0 {
		return nil
	}
	want := keys(vs)
	found := make(map[string]bool, len(want))
	if len(vs) <= maxScanned {
		for _, x := range other {
			for _, v := range vs {
				if sameJSON(v, x) {
					found[canonical(v)] = true
				}
			}
		}
	} else {
		set := make(map[string]bool, len(other))
		for _, x := range other {
			set[canonical(x)] = true
		}
		found = set
	}
	var out []string
	for _, k := range want {
		if !found[k] {
			out = append(out, k)
		}
	}
	return out
}

// listedValues shows a list's first values.
func listedValues(vs []any) string {
	shown := make([]string, 0, min(len(vs), maxListed))
	for _, v := range vs[:min(len(vs), maxListed)] {
		shown = append(shown, canonical(v))
	}
	if len(vs) > maxListed {
		return strings.Join(shown, ", ") + fmt.Sprintf(" and %d more", len(vs)-maxListed)
	}
	return strings.Join(shown, ", ")
}

// keys is the canonical values of a list, without repeats, in order.
func keys(vs []any) []string {
	out := make([]string, 0, len(vs))
	seen := make(map[string]bool, len(vs))
	for _, v := range vs {
		if k := canonical(v); !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	return out
}

// minus is a's values that b lacks, in a's order: linear, as an enum may
// hold a million values.
func minus(a, b []string) []string {
	in := make(map[string]bool, len(b))
	for _, x := range b {
		in[x] = true
	}
	var out []string
	for _, x := range a {
		if !in[x] {
			out = append(out, x)
		}
	}
	return out
}

// listed shows values, at most maxListed of them.
func listed(vs []string) string {
	if len(vs) > maxListed {
		return strings.Join(vs[:maxListed], ", ") + fmt.Sprintf(" and %d more", len(vs)-maxListed)
	}
	return strings.Join(vs, ", ")
}

const maxListed = 20

// lower and upper bounds: a higher lower bound or a lower upper bound
// accepts less.
var (
	lowerBounds = []string{"minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties", "minContains"}
	upperBounds = []string{"maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties", "maxContains"}
)

func (d *differ) bounds(o, n map[string]any, ptr string, p polarity) {
	for _, k := range append(slices.Clone(lowerBounds), upperBounds...) {
		lower := slices.Contains(lowerBounds, k)
		ov, nv := o[k], n[k]
		at := ptr + "/" + k
		if canonical(ov) == canonical(nv) {
			continue
		}
		oNum, ok1 := jsonDecimal(ov)
		nNum, ok2 := jsonDecimal(nv)
		switch {
		case (ov != nil && !ok1) || (nv != nil && !ok2):
			d.add(rules.DiffUnproven, at, "%s %s -> %s: not a number, not proven compatible", k, quote(ov), quote(nv))
		case ov == nil:
			d.narrowed(p, aBound, at, "%s %s added", k, quote(nv))
		case nv == nil:
			d.widened(p, aBound, at, "%s %s removed", k, quote(ov))
		case (cmpDecimal(nNum, oNum) > 0) == lower && cmpDecimal(nNum, oNum) != 0:
			d.narrowed(p, aBound, at, "%s %s -> %s", k, quote(ov), quote(nv))
		case cmpDecimal(nNum, oNum) != 0:
			d.widened(p, aBound, at, "%s %s -> %s", k, quote(ov), quote(nv))
		}
	}
	d.multipleOf(o, n, ptr, p)
	ou, _ := o["uniqueItems"].(bool)
	nu, _ := n["uniqueItems"].(bool)
	switch {
	case !ou && nu:
		d.narrowed(p, aBound, ptr+"/uniqueItems", "uniqueItems turned on")
	case ou && !nu:
		d.widened(p, aBound, ptr+"/uniqueItems", "uniqueItems turned off")
	}
	for _, k := range []string{"pattern", "format"} {
		ov, nv := o[k], n[k]
		at := ptr + "/" + k
		switch {
		case canonical(ov) == canonical(nv):
		case ov == nil:
			d.narrowed(p, aBound, at, "%s %s added", k, quote(nv))
		case nv == nil:
			d.widened(p, aBound, at, "%s %s removed", k, quote(ov))
		case k == "pattern":
			d.patternChanged(ov, nv, at, p)
		default:
			d.changed(p, aBound, at, "%s %s -> %s", k, quote(ov), quote(nv))
		}
	}
}

// patternChanged judges a changed pattern by strings: one that the pattern
// of the side that must be included matches and the other does not
// breaks; when none is found, that is not a proof (whether a regular
// language holds another is not decided here): a warning. A string the
// other way is reported as the compatible change.
func (d *differ) patternChanged(ov, nv any, at string, p polarity) {
	os, _ := ov.(string)
	ns, _ := nv.(string)
	if d.patterns.capped != "" {
		d.add(rules.DiffUnproven, at, "pattern %s -> %s: not compared: %s", quote(ov), quote(nv), d.patterns.capped)
		return
	}
	oRe, err1 := d.patterns.compile(os)
	nRe, err2 := d.patterns.compile(ns)
	if err1 != nil || err2 != nil {
		d.add(rules.DiffUnproven, at, "pattern %s -> %s: not read as a Go regular expression, not proven compatible", quote(ov), quote(nv))
		return
	}
	from, to := oRe, nRe
	if p == output {
		from, to = nRe, oRe
	}
	if s, ok := stringOutside(from, to); ok {
		verb := map[polarity]string{input: "is now refused", output: "may now be returned"}[p]
		d.changed(p, aBound, at, "pattern %s -> %s: %s %s", quote(ov), quote(nv), quote(s), verb)
		return
	}
	also := ""
	if s, ok := stringOutside(to, from); ok {
		also = fmt.Sprintf(" (and %s matches only the %s one)", quote(s), map[polarity]string{input: "new", output: "old"}[p])
	}
	d.add(rules.DiffUnproven, at, "pattern %s -> %s: every string tried that the %s pattern matches, the %s one matches, but that is not proven%s",
		quote(ov), quote(nv), map[polarity]string{input: "old", output: "new"}[p], map[polarity]string{input: "new", output: "old"}[p], also)
}

// probeStrings are tried against patterns beside the strings made from
// them: the classes a generator prefers least.
var probeStrings = []string{"", "0", "9", "A", "Z", "_", "-", ".", " ", "a0", "0a", "a-b", "a b", "é", "a.b", "a@b"}

// stringOutside finds a string a matches and b does not.
func stringOutside(a, b *regexp.Regexp) (string, bool) {
	for _, s := range patternStrings(a, 0, -1) {
		if !b.MatchString(s) {
			return s, true
		}
	}
	return "", false
}

// patternStrings are the strings re matches that a pattern's comparison
// tries (probeStrings first, then strings made from re), within the
// lengths (maxLen -1: any). The judge's samples of a schema with a
// pattern are these too, so that a string the comparison names, such as
// "a0" matched only by a widened pattern, is validated against both whole
// schemas (attack pass 49b, row 5).
func patternStrings(re *regexp.Regexp, minLen, maxLen int) []string {
	var out []string
	for _, s := range probeStrings {
		if n := len([]rune(s)); re.MatchString(s) && n >= minLen && (maxLen < 0 || n <= maxLen) {
			out = append(out, s)
		}
	}
	for v := range 4 {
		out = append(out, argsgen.PatternStrings(re, minLen, maxLen, v)...)
	}
	return out
}

func (d *differ) multipleOf(o, n map[string]any, ptr string, p polarity) {
	ov, nv := o["multipleOf"], n["multipleOf"]
	if canonical(ov) == canonical(nv) {
		return
	}
	ptr += "/multipleOf"
	oNum, ok1 := number(ov)
	nNum, ok2 := number(nv)
	switch {
	case (ov != nil && !ok1) || (nv != nil && !ok2) || (ok1 && oNum.Sign() <= 0) || (ok2 && nNum.Sign() <= 0):
		d.add(rules.DiffUnproven, ptr, "multipleOf %s -> %s: not a positive number of a usable size, not proven compatible", quote(ov), quote(nv))
	case ov == nil:
		d.narrowed(p, aBound, ptr, "multipleOf %s added", quote(nv))
	case nv == nil:
		d.widened(p, aBound, ptr, "multipleOf %s removed", quote(ov))
	case new(big.Rat).Quo(oNum, nNum).IsInt(): // every multiple of old is one of new
		d.widened(p, aBound, ptr, "multipleOf %s -> %s", quote(ov), quote(nv))
	case new(big.Rat).Quo(nNum, oNum).IsInt():
		d.narrowed(p, aBound, ptr, "multipleOf %s -> %s", quote(ov), quote(nv))
	default:
		d.changed(p, aBound, ptr, "multipleOf %s -> %s", quote(ov), quote(nv))
	}
}

// objects compares required, properties and additionalProperties.
func (d *differ) objects(o, n map[string]any, ptr string, p polarity, depth int) {
	oProps, nProps := asObject(o["properties"]), asObject(n["properties"])
	oReq, nReq := stringSet(o["required"]), stringSet(n["required"])
	nRequired := setOf(nReq)
	for _, name := range sortedKeys(oProps, nProps) {
		at := ptr + "/properties/" + escape(name)
		_, inOld := oProps[name]
		_, inNew := nProps[name]
		switch {
		case inOld && !inNew && p == input:
			d.add(rules.DiffArgumentRemoved, at, "argument %q removed", name)
		case inOld && !inNew:
			d.add(rules.DiffResultMemberRemoved, at, "member %q removed", name)
		case !inOld && inNew && p == input:
			if !nRequired[name] {
				d.add(rules.DiffArgumentAdded, at, "optional argument %q added", name)
			}
		case !inOld && inNew:
			d.add(rules.DiffResultMemberAdded, at, "member %q added", name)
		default:
			d.schema(oProps[name], nProps[name], at, p, depth+1)
		}
	}
	at := ptr + "/required"
	for _, name := range minus(nReq, oReq) {
		_, inOld := oProps[name]
		switch {
		case p == input && inOld:
			d.add(rules.DiffArgumentRequired, at, "argument %q became required", name)
		case p == input:
			d.add(rules.DiffArgumentRequired, at, "required argument %q added", name)
		case inOld:
			d.add(rules.DiffResultMemberAdded, at, "member %q is now always present", name)
		}
	}
	for _, name := range minus(oReq, nReq) {
		_, inOld := oProps[name]
		_, inNew := nProps[name]
		switch {
		case inOld && !inNew:
			// the property itself was removed: reported above
		case p == input:
			d.add(rules.DiffArgumentOptional, at, "argument %q is no longer required", name)
		default:
			d.add(rules.DiffResultMemberRemoved, at, "member %q is no longer always present", name)
		}
	}
	d.additional(o["additionalProperties"], n["additionalProperties"], ptr+"/additionalProperties", p, depth)
}

// stringSet is the strings of a JSON array, once each, in order.
func stringSet(v any) []string {
	var out []string
	l, _ := v.([]any)
	seen := make(map[string]bool, len(l))
	for _, x := range l {
		if s, ok := x.(string); ok && !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// setOf is a set of strings.
func setOf(l []string) map[string]bool {
	m := make(map[string]bool, len(l))
	for _, s := range l {
		m[s] = true
	}
	return m
}

// additional compares additionalProperties: open (absent or true), closed
// (false) or a schema.
func (d *differ) additional(ov, nv any, ptr string, p polarity, depth int) {
	kind := func(v any) string {
		switch x := v.(type) {
		case nil:
			return "open"
		case bool:
			if x {
				return "open"
			}
			return "closed"
		case map[string]any:
			if !constrains(x) {
				return "open" // {} is true
			}
		}
		return "schema"
	}
	ok, nk := kind(ov), kind(nv)
	switch {
	case ok == nk && ok == "schema":
		d.schema(ov, nv, ptr, p, depth+1)
	case ok == nk:
	case ok == "open" || nk == "closed":
		d.narrowed(p, aClosed, ptr, "additionalProperties %s -> %s", describe(ov), describe(nv))
	default:
		d.widened(p, aClosed, ptr, "additionalProperties %s -> %s", describe(ov), describe(nv))
	}
}

func describe(v any) string {
	if v == nil {
		return "absent"
	}
	if _, ok := v.(map[string]any); ok {
		return "a schema"
	}
	return canonical(v)
}

// items compares the schema of an array's items; absent allows anything.
// An array items (a tuple, before 2020-12) is judged as sets of values
// with additionalItems beside it (tupleChanges).
func (d *differ) items(o, n map[string]any, ptr string, p polarity, depth int) {
	ov, nv := o["items"], n["items"]
	_, ol := ov.([]any)
	_, nl := nv.([]any)
	if ov == nil && nv == nil || ol || nl {
		return
	}
	if ov == nil {
		ov = true
	}
	if nv == nil {
		nv = true
	}
	d.schema(ov, nv, ptr+"/items", p, depth+1)
}

// branches compares anyOf and oneOf (alternatives) and allOf (all apply).
// Alternatives are matched by content first, then the remaining ones by
// position; a branch left over was removed or added.
func (d *differ) branches(o, n map[string]any, ptr string, p polarity, depth int) {
	for _, k := range []string{"anyOf", "oneOf"} {
		ol, ok1 := o[k].([]any)
		nl, ok2 := n[k].([]any)
		at := ptr + "/" + k
		switch {
		case canonical(o[k]) == canonical(n[k]):
			if ok1 && d.refsMayDiffer(o[k]) {
				// The same branches, but what their $refs refer to may
				// have changed: each is compared with itself.
				for i := range ol {
					d.schema(ol[i], nl[i], fmt.Sprintf("%s/%d", at, i), p, depth+1)
				}
			}
			continue
		case !ok1 || !ok2:
			continue // added or removed as a whole: judgePair
		}
		oLeft, nLeft := unmatched(ol, nl), unmatched(nl, ol)
		for len(oLeft) > 0 && len(nLeft) > 0 {
			d.schema(ol[oLeft[0]], nl[nLeft[0]], fmt.Sprintf("%s/%d", at, nLeft[0]), p, depth+1)
			oLeft, nLeft = oLeft[1:], nLeft[1:]
		}
		for _, i := range oLeft {
			d.narrowed(p, aBranch, fmt.Sprintf("%s/%d", at, i), "branch %d of %s removed: %s", i, k, quote(ol[i]))
		}
		for _, i := range nLeft {
			d.widened(p, aBranch, fmt.Sprintf("%s/%d", at, i), "branch %d of %s added: %s", i, k, quote(nl[i]))
		}
	}
	ol, ok1 := o["allOf"].([]any)
	nl, ok2 := n["allOf"].([]any)
	switch {
	case canonical(o["allOf"]) == canonical(n["allOf"]) && (!ok1 || !d.refsMayDiffer(ol)):
	case ok1 && ok2 && len(ol) == len(nl):
		for i := range ol {
			d.schema(ol[i], nl[i], fmt.Sprintf("%s/allOf/%d", ptr, i), p, depth+1)
		}
	}
	// An allOf with another number of schemas: judgePair.
}

// unmatched lists the indexes of a's schemas that b does not hold, equal
// as JSON, each of b's matching once.
func unmatched(a, b []any) []int {
	left := make(map[string]int, len(b))
	for _, x := range b {
		left[canonical(x)]++
	}
	var out []int
	for i, x := range a {
		if k := canonical(x); left[k] > 0 {
			left[k]--
			continue
		}
		out = append(out, i)
	}
	return out
}

// canonical is v as compact JSON with sorted keys and numbers in lowest
// terms, so equal values compare equal as strings; "" for absent.
func canonical(v any) string {
	if v == nil {
		return ""
	}
	if s, ok := v.(string); ok && plain(s) {
		return `"` + s + `"` // as json.Marshal writes it, without its cost
	}
	b, _ := json.Marshal(normal(v))
	return string(b)
}

// plain reports whether json.Marshal writes s unescaped.
func plain(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			return false
		}
	}
	return true
}

func normal(v any) any {
	switch x := v.(type) {
	case json.Number:
		if d, ok := parseDecimal(string(x)); ok {
			return json.Number(d.String()) // 1.0, 1e0 and 10e-1 are 1
		}
	case map[string]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[k] = normal(e)
		}
		return m
	case []any:
		l := make([]any, len(x))
		for i, e := range x {
			l[i] = normal(e)
		}
		return l
	}
	return v
}
