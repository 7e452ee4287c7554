package tooldiff

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/subako-ai/subako-go/internal/rules"
)

// wholeKeys are the keywords whose change has a pair of schemas judged as
// sets of values (judgePair), rather than keyword by keyword: what they
// allow depends on the schema's other keywords.
var wholeKeys = []string{"anyOf", "oneOf", "allOf", "not", "if", "then", "else", "dependentSchemas", "dependentRequired",
	"patternProperties", "propertyNames", "prefixItems", "contains", "unevaluatedProperties", "unevaluatedItems",
	"dependencies", "$dynamicRef"}

// branchChanges lists the anyOf and oneOf whose branches changed but
// that branches matches one to one. Branches that changed only in their
// notes (withoutNotes) accept the same values, and branches reports the
// notes' changes (D201, D202): judging them as sets of values drew D023
// "not proven compatible" wherever the judge's budget could not prove the
// sets equal, 184 times for a description edited in every property of
// ms365's tool list.
func branchChanges(o, n map[string]any) []string {
	var out []string
	for _, k := range []string{"anyOf", "oneOf"} {
		_, ok1 := o[k].([]any)
		_, ok2 := n[k].([]any)
		if ok1 && ok2 && canonical(o[k]) != canonical(n[k]) && canonical(withoutNotes(o[k])) != canonical(withoutNotes(n[k])) {
			out = append(out, k)
		}
	}
	return out
}

// notes are the annotations a validator ignores and that the comparison
// reports on their own: title and description (D202, D201), and comments
// and examples.
var notes = []string{"title", "description", "$comment", "examples"}

// withoutNotes is a schema (or a list of them) without its notes, in every
// subschema; member names, enum, const and default values stay as they
// are.
func withoutNotes(v any) any {
	switch x := v.(type) {
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = withoutNotes(e)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			switch {
			case slices.Contains(notes, k):
				continue
			case slices.Contains(schemaMaps, k):
				if m, ok := e.(map[string]any); ok {
					sub := make(map[string]any, len(m))
					for name, s := range m {
						sub[name] = withoutNotes(s)
					}
					e = sub
				}
			case slices.Contains(schemaValued, k):
				e = withoutNotes(e)
			}
			out[k] = e
		}
		return out
	}
	return v
}

// schemaMaps hold a subschema under each member's name; schemaValued hold
// a subschema or a list of them.
var (
	schemaMaps   = []string{"properties", "patternProperties", "dependentSchemas", "dependencies", "$defs", "definitions"}
	schemaValued = []string{"additionalProperties", "items", "prefixItems", "additionalItems", "contains", "propertyNames", "not", "if", "then", "else",
		"allOf", "anyOf", "oneOf", "unevaluatedItems", "unevaluatedProperties", "contentSchema"}
)

// semanticChanges lists the wholeKeys that changed from o to n, except an
// anyOf, oneOf or allOf whose branches branches matches one to one.
func semanticChanges(o, n map[string]any) []string {
	var out []string
	for _, k := range wholeKeys {
		if canonical(o[k]) == canonical(n[k]) {
			continue
		}
		ol, ok1 := o[k].([]any)
		nl, ok2 := n[k].([]any)
		switch {
		case (k == "anyOf" || k == "oneOf") && ok1 && ok2:
			continue
		case k == "allOf" && ok1 && ok2 && len(ol) == len(nl):
			continue
		}
		out = append(out, k)
	}
	return out
}

// judgePair judges a pair of schemas whose keys changed as sets of
// values: in the direction that breaks (an input must keep accepting what
// it accepted, an output must only produce what it promised), a value
// found that breaks it is an error (or, on a result, the rule of the
// keyword that refuses it); inclusion proven is compatible, and a value
// gained the other way is shown as info; neither is a warning, "not
// proven compatible". Changes already reported by the keyword-by-keyword
// comparison since before are not reported twice.
//
// With verify, the keys are an anyOf or oneOf whose branches the
// keyword-by-keyword comparison matched: its findings stand, and the
// judgment only adds a break it missed (a oneOf branch added that overlaps
// another) or drops breaks disproven (a branch removed whose values
// another branch accepts).
func (d *differ) judgePair(ov, nv any, o, n map[string]any, ptr string, p polarity, keys []string, before int, verify bool) {
	changed := changeText(o, n, keys)
	if len(keys) == 1 {
		ptr += "/" + escape(keys[0])
	}
	j := d.judge()
	if j == nil {
		if !d.flaggedSince(before) {
			d.add(rules.DiffUnproven, ptr, "%s: not compared: %s", changed, d.list.why())
		}
		return
	}
	j.resetSteps()
	a, as, b, bs := ov, 0, nv, 1
	if p == output {
		a, as, b, bs = nv, 1, ov, 0
	}
	// reported is a break the keyword-by-keyword comparison reported
	// since before; a D023 is none: it says the keyword's change was
	// neither proven compatible nor shown to break.
	// flagged is any warning or error since before, a D023 included.
	reported, flagged := false, false
	for _, c := range d.out[before:] {
		reported = reported || c.Rule.Severity >= rules.Warning && c.Rule != rules.DiffUnproven
		flagged = flagged || c.Rule.Severity >= rules.Warning
	}
	if w, ok := j.witness(a, as, b, bs); ok {
		// What the keyword-by-keyword comparison called compatible here
		// is not, as a whole: "maxLength removed" beside an anyOf added.
		d.keep(before, func(c Change) bool { return c.Rule.Severity >= rules.Warning || cosmetic(c) })
		kw, why := j.blame(b, bs, w)
		if reported && (verify || !slices.Contains(keys, kw)) {
			return // the keyword that refuses it was reported on its own
		}
		// A value the old schema accepts and the new one refuses, each
		// validated whole, is the proof the D023s since before lacked:
		// a pattern widened into another oneOf branch's strings (attack
		// pass 49b, row 5) is a break, not "not proven".
		d.keep(before, func(c Change) bool { return c.Rule != rules.DiffUnproven })
		if p == input {
			d.add(rules.DiffValueRefused, ptr, "%s: %s is now refused, which the old schema accepted (%s); the new schema accepts %s",
				changed, showValue(w), why, j.summary(b, bs))
			return
		}
		r := rules.DiffResultWidened
		if kw == "type" {
			r = rules.DiffResultType
		}
		d.add(r, ptr, "%s: the result may now be %s, which the old outputSchema ruled out (%s); the new one allows %s",
			changed, showValue(w), why, j.summary(a, as))
		return
	}
	j.resetSteps()
	refused := j.members.refused
	if !j.includes(a, as, b, bs, 0) {
		if !flagged {
			searched := "no value was found that " + map[polarity]string{input: "the old schema accepted and the new one refuses", output: "the new schema allows and the old one ruled out"}[p]
			switch {
			case j.broken != "":
				searched = "values were not tried: " + j.broken
			case j.patterns.refused != "":
				searched += "; some were not validated: " + j.patterns.refused
			}
			if j.members.refused > refused {
				searched += "; the proof stopped: " + j.members.why
			}
			d.add(rules.DiffUnproven, ptr, "%s: not proven compatible (%s, and no proof was found that none is); the new schema %s %s",
				changed, searched, map[polarity]string{input: "accepts", output: "allows"}[p], j.summary(nv, 1))
		}
		return
	}
	// Proven: what the keyword-by-keyword comparison said of this pair
	// gives way (a keyword moved into an allOf was not "removed").
	if verify {
		d.keep(before, func(c Change) bool { return c.Rule.Severity < rules.Warning || meaningLost(c) })
		return
	}
	d.keep(before, cosmetic)
	w, gained := j.witness(b, bs, a, as)
	switch {
	case !gained:
		// The same values, or more the search did not find: nothing breaks.
	case p == input:
		d.add(rules.DiffAcceptsMore, ptr, "%s: every value the old schema accepted is still accepted (proven), and more, such as %s", changed, showValue(w))
	default:
		d.add(rules.DiffResultNarrowed, ptr, "%s: every result the new outputSchema allows was allowed (proven); %s no longer is", changed, showValue(w))
	}
}

// flaggedSince reports a warning or error among the changes since before.
func (d *differ) flaggedSince(before int) bool {
	for _, c := range d.out[before:] {
		if c.Rule.Severity >= rules.Warning {
			return true
		}
	}
	return false
}

// judge is the judge of the schemas being compared, made when first
// needed; nil when the list's budget for judgments ran out or the diff
// was stopped (d.list).
func (d *differ) judge() *judge {
	if d.j == nil {
		if d.list.why() != "" {
			return nil
		}
		d.j = newJudge(d.oRoot, d.nRoot)
		d.j.ctx = d.list.ctx
	}
	return d.j
}

// charge takes what the judge spent from the list's budget, and lets it go.
func (d *differ) charge() {
	if d.j != nil && d.list != nil {
		if chargedHook != nil {
			chargedHook(d.j)
		}
		d.list.spent += d.j.spent()
		d.j = nil
	}
}

// chargedHook, when set (by a test), is called with each judge charged.
var chargedHook func(*judge)

// listBudget is what the judgments of a list have spent, against
// maxListWork, and the context that stops them.
type listBudget struct {
	ctx   context.Context
	spent int
}

// why says why no more judgments are made ("" while they are).
func (l *listBudget) why() string {
	switch {
	case l == nil:
	case l.ctx != nil && l.ctx.Err() != nil:
		return "the diff was stopped"
	case l.spent >= maxListWork:
		return fmt.Sprintf("the diff's budget for the list ran out (its judgments of the tools before spent %d thousandths of a tool's budgets, past the %d a list's may: maxListWork)", l.spent, maxListWork)
	}
	return ""
}

// disprove drops the breaks found keyword by keyword since before when
// the pair is proven compatible as a whole: an enum added that lists every
// value the type allowed (["true", "false"] over "boolean"), an enum value
// removed that the other keywords refused anyway.
func (d *differ) disprove(ov, nv any, p polarity, before int) {
	broken := false
	for _, c := range d.out[before:] {
		broken = broken || c.Rule.Severity >= rules.Warning
	}
	if !broken {
		return
	}
	if d.judge() == nil {
		return // the breaks stand, as when a proof stops (not disproven)
	}
	d.j.resetSteps()
	a, as, b, bs := ov, 0, nv, 1
	if p == output {
		a, as, b, bs = nv, 1, ov, 0
	}
	if d.j.includes(a, as, b, bs, 0) {
		d.keep(before, func(c Change) bool { return c.Rule.Severity < rules.Warning || meaningLost(c) })
	}
}

// meaningLost reports a break that no schema proof disproves: an argument
// removed from an open schema is still accepted, but ignored; a result
// member removed is no longer there, whatever values remain allowed.
func meaningLost(c Change) bool {
	return c.Rule == rules.DiffArgumentRemoved || c.Rule == rules.DiffResultMemberRemoved
}

// keep keeps, of the changes since before, those that pass.
func (d *differ) keep(before int, pass func(Change) bool) {
	kept := d.out[:before]
	for _, c := range d.out[before:] {
		if pass(c) {
			kept = append(kept, c)
		}
	}
	d.out = kept
}

// cosmetic reports a change of text, or of what constrains no value.
func cosmetic(c Change) bool {
	return c.Rule == rules.DiffDescription || c.Rule == rules.DiffTitle || c.Rule == rules.DiffUnjudged
}

// changeText says how the keys changed: "anyOf added, type removed".
func changeText(o, n map[string]any, keys []string) string {
	var parts []string
	for _, k := range keys {
		_, inO := o[k]
		_, inN := n[k]
		switch {
		case !inO:
			parts = append(parts, k+" added")
		case !inN:
			parts = append(parts, k+" removed")
		default:
			parts = append(parts, k+" changed")
		}
	}
	return strings.Join(parts, ", ")
}

// summary says in a few words what a schema accepts.
func (j *judge) summary(s any, side int) string {
	t := j.describe(s, side, 0)
	if r := []rune(t); len(r) > 240 {
		t = string(r[:237]) + "..."
	}
	return t
}

func (j *judge) describe(s any, side int, depth int) string {
	m, _, why := j.deref(s, side)
	switch {
	case why != "":
		return "(a schema not read: " + why + ")"
	case m == nil:
		return "nothing"
	case depth > 3:
		return "..."
	}
	var parts []string
	if ts, ok := typeSet(m["type"]); ok && ts != nil {
		parts = append(parts, strings.Join(ts, " or "))
	}
	if c, ok := m["const"]; ok {
		parts = append(parts, "only "+showValue(c))
	}
	if e, ok := m["enum"].([]any); ok {
		vs := make([]string, 0, min(len(e), 6))
		for _, v := range e[:min(len(e), 6)] {
			vs = append(vs, showValue(v))
		}
		if len(e) > 6 {
			vs = append(vs, fmt.Sprintf("%d more", len(e)-6))
		}
		parts = append(parts, "one of "+strings.Join(vs, ", "))
	}
	for _, k := range []string{"minLength", "maxLength", "pattern", "format", "minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum",
		"multipleOf", "minItems", "maxItems", "uniqueItems", "minProperties", "maxProperties"} {
		if v, ok := m[k]; ok {
			parts = append(parts, k+" "+showValue(v))
		}
	}
	if r := stringSet(m["required"]); len(r) > 0 {
		parts = append(parts, "requiring "+strings.Join(quoteAll(r), ", "))
	}
	if m["additionalProperties"] == false {
		parts = append(parts, "with no members but "+strings.Join(quoteAll(sortedKeys(asObject(m["properties"]))), ", "))
	}
	if pn, ok := m["propertyNames"]; ok {
		parts = append(parts, "member names "+j.describe(pn, side, depth+1))
	}
	if ds, ok := m["dependentRequired"].(map[string]any); ok {
		for _, p := range sortedKeys(ds) {
			parts = append(parts, fmt.Sprintf("with %q only together with %s", p, strings.Join(quoteAll(stringSet(ds[p])), ", ")))
		}
	}
	if ds, ok := m["dependentSchemas"].(map[string]any); ok {
		for _, p := range sortedKeys(ds) {
			parts = append(parts, fmt.Sprintf("when %q is present: %s", p, j.describe(ds[p], side, depth+1)))
		}
	}
	for _, k := range []string{"anyOf", "oneOf", "allOf"} {
		if l, ok := m[k].([]any); ok {
			var bs []string
			for _, br := range l {
				bs = append(bs, "("+j.describe(br, side, depth+1)+")")
			}
			word := map[string]string{"anyOf": "matching one of", "oneOf": "matching exactly one of", "allOf": "matching all of"}[k]
			parts = append(parts, word+" "+strings.Join(bs, " | "))
		}
	}
	if x, ok := m["not"]; ok {
		parts = append(parts, "not "+"("+j.describe(x, side, depth+1)+")")
	}
	if x, ok := m["if"]; ok {
		t := "if (" + j.describe(x, side, depth+1) + ")"
		if y, ok := m["then"]; ok {
			t += " then (" + j.describe(y, side, depth+1) + ")"
		}
		if y, ok := m["else"]; ok {
			t += " else (" + j.describe(y, side, depth+1) + ")"
		}
		parts = append(parts, t)
	}
	if len(parts) == 0 {
		if constrains(m) {
			return "values its other keywords allow"
		}
		return "any value"
	}
	return strings.Join(parts, ", ")
}

func quoteAll(l []string) []string {
	out := make([]string, len(l))
	for i, s := range l {
		out[i] = fmt.Sprintf("%q", s)
	}
	return out
}
