// Package tooldiff compares two versions of a package's tool list, as
// tools/list answers them, and says what each change does to the agents
// built against the old one: breaking, worth a warning (or not proven
// compatible), compatible, or cosmetic (the D rules of package rules).
// Schemas are compared structurally, keyword by keyword, with local $ref
// resolved; where keywords that depend on each other change (combinators,
// conditionals, dependencies), the two schemas are judged as sets of values
// (judgePair, with a judge). An inputSchema and an outputSchema are judged
// in opposite directions, since a tool must accept every call it accepted
// but may only return what it promised.
package tooldiff

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/subako-ai/subako-go/internal/rules"
)

// Change is one difference between the old and the new tool list.
type Change struct {
	Rule *rules.Rule
	Tool string // the tool's name
	// Where names what changed when it is not a tool: "server/discover"
	// (the server's own text), "subako-package.json" (the manifest).
	Where string
	// Pointer is the JSON pointer (RFC 6901) of the member that changed,
	// inside the tool object: "/inputSchema/properties/days/maximum"; ""
	// for the tool as a whole.
	Pointer string
	What    string // what changed, in words
}

// Message is the change as one line: tool (or where), pointer, what
// changed.
func (c Change) Message() string {
	if c.Where != "" {
		if c.Pointer == "" {
			return c.Where + ": " + c.What
		}
		return c.Where + " " + c.Pointer + ": " + c.What
	}
	if c.Pointer == "" {
		return c.Tool + ": " + c.What
	}
	return c.Tool + " " + c.Pointer + ": " + c.What
}

// Findings turns changes into findings, which have no position in a file
// but a tool and a pointer.
func Findings(cs []Change) []rules.Finding {
	out := make([]rules.Finding, len(cs))
	for i, c := range cs {
		out[i] = rules.Finding{Rule: c.Rule, Message: c.Message(), Offset: -1, Tool: c.Tool, Pointer: c.Pointer}
	}
	return out
}

// MaxListed is how many changes Compare lists one by one. Two lists under
// diff's 16 MiB cap can differ in hundreds of thousands of places (attack
// pass 40h: 20,000 tools of 20 arguments each, every one retyped, 420,000
// changes, 2.4 GB); past MaxListed the changes are counted by rule, and
// each rule with changes left out gets one change saying how many
// (Where NotListed), under that rule: the verdict (the exit code,
// --fail-on, --ignore) is the one all of them give, and the memory is
// bounded.
const MaxListed = 10_000

// NotListed is the Where of the changes that count what MaxListed left out.
const NotListed = "changes not listed"

// listing collects changes up to MaxListed and counts the rest by rule.
type listing struct {
	out   []Change
	more  map[*rules.Rule]int
	rules []*rules.Rule // the rules of more, in the order first met
}

func (l *listing) add(cs ...Change) {
	for _, c := range cs {
		if len(l.out) < MaxListed {
			l.out = append(l.out, c)
			continue
		}
		if l.more == nil {
			l.more = map[*rules.Rule]int{}
		}
		if l.more[c.Rule] == 0 {
			l.rules = append(l.rules, c.Rule)
		}
		l.more[c.Rule]++
	}
}

// changes is what was listed, then one change a rule for what was not.
func (l *listing) changes() []Change {
	for _, r := range l.rules {
		l.out = append(l.out, Change{Rule: r, Where: NotListed, What: fmt.Sprintf(
			"%d more %s changes: diff lists the first %d changes one by one (compare fewer tools at a time to see the rest)",
			l.more[r], r.ID, MaxListed)})
	}
	return l.out
}

// Compare lists the changes from the old tool list to the new one: the
// entries that cannot be compared (not an object, no name, a name already
// used: D015), then the tools in old's order, then the tools added in
// new's order, at most MaxListed of them one by one (see listing). Of two
// tools with one name the first is compared. The tools are decoded one
// pair at a time, so its memory is the lists', the listed changes' and one
// pair's trees.
func Compare(old, new []json.RawMessage) []Change {
	return CompareContext(context.Background(), old, new)
}

// CompareContext is Compare, stopped by ctx: its judgments check ctx
// before each compile, validation and proof step, and once ctx is done no
// more tools are compared (the changes found so far are returned; the
// caller reports the stop). The judgments of the whole list share one
// budget (maxListWork): past it, the changes left to judge are D023.
func CompareContext(ctx context.Context, old, new []json.RawMessage) []Change {
	o, n := index(old), index(new)
	list := &listBudget{ctx: ctx}
	var out listing
	for i, l := range []tools{o, n} {
		side := [2]string{"the old", "the new"}[i]
		for _, p := range l.problems {
			out.add(Change{Rule: rules.DiffToolListMalformed, Tool: p.tool, What: side + " list's " + p.what})
		}
	}
	added := addedBySchema(n, o)
	for _, name := range o.names {
		if ctx.Err() != nil {
			return out.changes()
		}
		ot := o.tool(name)
		nraw, ok := n.byName[name]
		if !ok {
			what := "tool removed"
			if to := added[canonical(ot["inputSchema"])]; to != "" {
				what += fmt.Sprintf(" (renamed to %q? it has the same inputSchema)", to)
			}
			out.add(Change{Rule: rules.DiffToolRemoved, Tool: name, What: what})
			continue
		}
		d := &differ{tool: name, list: list}
		d.tool2(ot, decodeTool(nraw))
		d.charge()
		out.add(d.out...)
		if comparedHook != nil {
			comparedHook()
		}
	}
	for _, name := range n.names {
		if _, ok := o.byName[name]; !ok {
			out.add(Change{Rule: rules.DiffToolAdded, Tool: name, What: "tool added"})
		}
	}
	out.add(rugPulls(old, new)...)
	return out.changes()
}

// comparedHook, when set (by a test), is called after each pair of tools
// is compared.
var comparedHook func()

// tools indexes a list by name, keeping each tool's JSON: a tool is
// decoded when it is compared (tool), not held decoded for the whole
// comparison (a decoded tree is some 20 times its JSON).
type tools struct {
	names    []string
	byName   map[string]json.RawMessage
	problems []problem
}

// tool is the named tool, decoded.
func (ts tools) tool(name string) map[string]any { return decodeTool(ts.byName[name]) }

// decodeTool decodes a tool that index let through (an object).
func decodeTool(raw json.RawMessage) map[string]any {
	t, _ := decode(raw).(map[string]any)
	return t
}

// problem is an entry of a list that cannot be compared.
type problem struct{ tool, what string }

func index(list []json.RawMessage) tools {
	ts := tools{byName: map[string]json.RawMessage{}}
	first := map[string]int{}
	for i, raw := range list {
		at := fmt.Sprintf("tools[%d]", i)
		name, ok := toolName(raw)
		if !ok {
			ts.problems = append(ts.problems, problem{at, at + " is not an object"})
			continue
		}
		if name == "" {
			ts.problems = append(ts.problems, problem{at, at + " has no name"})
			continue
		}
		if j, dup := first[name]; dup {
			ts.problems = append(ts.problems, problem{name, fmt.Sprintf("%s has the name of tools[%d]: one name, two tools (the first is compared)", at, j)})
			continue
		}
		first[name] = i
		ts.names = append(ts.names, name)
		ts.byName[name] = raw
	}
	return ts
}

// toolName reads a tool's name as decode does ("" when it is not a
// string) and says whether the tool is an object, holding its members'
// JSON only while it reads the name.
func toolName(raw json.RawMessage) (string, bool) {
	var t map[string]json.RawMessage
	if json.NewDecoder(bytes.NewReader(raw)).Decode(&t) != nil || t == nil {
		return "", false
	}
	var name string
	if json.Unmarshal(t["name"], &name) != nil {
		return "", true
	}
	return name, true
}

// addedBySchema indexes the tools of the new list absent from the old one
// by their inputSchema (the first of each), to name a removed tool's
// likely new name: one pass over each list, not one per removed tool.
func addedBySchema(n, o tools) map[string]string {
	out := map[string]string{}
	for _, name := range n.names {
		if _, inOld := o.byName[name]; inOld {
			continue
		}
		if k := canonical(n.tool(name)["inputSchema"]); out[k] == "" {
			out[k] = name
		}
	}
	return out
}

// decode parses JSON keeping numbers exact; nil for what is not JSON.
func decode(raw []byte) any {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if dec.Decode(&v) != nil {
		return nil
	}
	return v
}

// differ collects the changes of one tool.
type differ struct {
	tool string
	out  []Change
	// The roots of the schemas being compared, for local $ref.
	oRoot, nRoot any
	// active holds the pairs of $ref targets being compared, so that
	// recursive schemas end; steps counts the schemas compared, against
	// maxSteps.
	active map[string]bool
	steps  int
	// j judges the pairs whose combinators changed (judgePair), for the
	// schemas of oRoot and nRoot; nil until one is met.
	j *judge
	// rootsDiff caches rootsDiffer for oRoot and nRoot: 0 not known yet,
	// 1 the same, 2 different.
	rootsDiff int8
	// merged keeps what deref made of a $ref beside other keywords, for
	// oRoot and nRoot.
	merged [2]map[uintptr]derefResult
	// patterns compiles the patterns of oRoot and nRoot, none when they
	// count past offlineschema.MaxPatternInsts.
	patterns *patterns
	// list is the budget the judgments of the whole list share.
	list *listBudget
}

func (d *differ) add(r *rules.Rule, ptr, format string, args ...any) {
	d.out = append(d.out, Change{Rule: r, Tool: d.tool, Pointer: ptr, What: fmt.Sprintf(format, args...)})
}

// toolKeys are the members of a tool compared one by one; the others are
// compared as wholes and reported unjudged when they differ, except _meta,
// which carries the implementation's bookkeeping, not the contract.
var toolKeys = []string{"name", "title", "description", "annotations", "inputSchema", "outputSchema", "_meta"}

func (d *differ) tool2(o, n map[string]any) {
	d.text(rules.DiffTitle, "/title", "title", o["title"], n["title"])
	d.text(rules.DiffDescription, "/description", "description", o["description"], n["description"])
	d.annotations(asObject(o["annotations"]), asObject(n["annotations"]))
	oIn, oOK := o["inputSchema"].(map[string]any)
	nIn, nOK := n["inputSchema"].(map[string]any)
	switch {
	case !nOK:
		d.add(rules.DiffInputSchemaMissing, "/inputSchema", "the new version has %s: MCP requires an object schema, so no call is proven to still work", schemaAbsence(n))
	case !oOK:
		d.add(rules.DiffInputSchemaFixed, "/inputSchema", "the old version had %s; the new one declares its arguments (not compared)", schemaAbsence(o))
	default:
		if t := nIn["type"]; t != "object" {
			// MCP's Tool.inputSchema has "type": "object" at its top: a
			// client that validates refuses the list (attack pass 47b,
			// row 8: dropping it was D104 info alone). The arguments are
			// still compared.
			d.add(rules.DiffInputSchemaMissing, "/inputSchema/type", "the new version's inputSchema has %s at its top: MCP requires \"type\": \"object\", so a client that validates refuses the tool", rootType(t))
		}
		if od, nd := dialect(oIn), dialect(nIn); od != nd {
			// The same keywords read in another draft may mean otherwise
			// or nothing (draft 4's boolean exclusiveMaximum is no
			// 2020-12 keyword): attack pass 48d, row 4, the change was
			// not reported.
			d.add(rules.DiffUnproven, "/inputSchema/$schema", "the schema's dialect changed, %s -> %s: its keywords may be read otherwise, not proven compatible", dialectName(od), dialectName(nd))
		}
		d.oRoot, d.nRoot, d.active, d.j, d.rootsDiff, d.merged = oIn, nIn, map[string]bool{}, nil, 0, [2]map[uintptr]derefResult{{}, {}}
		d.patterns = newPatterns(oIn, nIn)
		d.schema(oIn, nIn, "/inputSchema", input, 0)
		d.headers(oIn, nIn)
	}
	oOut, nOut := o["outputSchema"], n["outputSchema"]
	switch {
	case oOut != nil && nOut == nil:
		d.add(rules.DiffOutputSchemaRemoved, "/outputSchema", "outputSchema removed")
	case oOut == nil && nOut != nil:
		d.add(rules.DiffOutputSchemaAdded, "/outputSchema", "outputSchema added")
	case oOut != nil:
		d.charge()
		d.oRoot, d.nRoot, d.active, d.j, d.rootsDiff, d.merged = oOut, nOut, map[string]bool{}, nil, 0, [2]map[uintptr]derefResult{{}, {}}
		d.patterns = newPatterns(oOut, nOut)
		d.schema(oOut, nOut, "/outputSchema", output, 0)
	}
	for _, k := range sortedKeys(o, n) {
		if !slices.Contains(toolKeys, k) && canonical(o[k]) != canonical(n[k]) {
			d.add(rules.DiffUnjudged, "/"+escape(k), "%s changed", k)
		}
	}
}

// schemaAbsence says what a tool has instead of an object inputSchema.
func schemaAbsence(t map[string]any) string {
	v, ok := t["inputSchema"]
	switch {
	case !ok:
		return "no inputSchema"
	case v == nil:
		return "\"inputSchema\": null"
	}
	return "an inputSchema that is not an object (" + quote(v) + ")"
}

// rootType says what an inputSchema has for "type" at its top.
func rootType(t any) string {
	if t == nil {
		return "no \"type\""
	}
	return "\"type\": " + quote(t)
}

// text reports a changed description or title, showing what changed
// whole enough to be read (textChange).
func (d *differ) text(r *rules.Rule, ptr, what string, o, n any) {
	ot, oText := o.(string)
	nt, nText := n.(string)
	switch {
	case canonical(o) == canonical(n):
	case o == nil:
		d.add(r, ptr, "%s added: %s", what, quoteText(n))
	case n == nil:
		d.add(r, ptr, "%s removed (was %s)", what, quoteText(o))
	case oText && nText:
		d.add(r, ptr, "%s %s", what, textChange(ot, nt))
	default:
		d.add(r, ptr, "%s changed from %s to %s", what, quoteText(o), quoteText(n))
	}
}

// The hints of MCP's ToolAnnotations with their defaults and the value
// that makes a tool riskier.
var hints = []struct {
	name          string
	def, riskier  bool
	whileWritable bool // meaningful only while readOnlyHint is false
}{
	{"readOnlyHint", false, false, false},
	{"destructiveHint", true, true, true},
	{"idempotentHint", false, false, true},
	{"openWorldHint", true, true, false},
}

func (d *differ) annotations(o, n map[string]any) {
	d.text(rules.DiffTitle, "/annotations/title", "annotations title", o["title"], n["title"])
	readOnly := func(m map[string]any) bool { v, ok := m["readOnlyHint"].(bool); return ok && v }
	for _, h := range hints {
		if h.whileWritable && (readOnly(o) || readOnly(n)) {
			continue
		}
		ov, nv := hint(o, h.name, h.def), hint(n, h.name, h.def)
		if ov == nv {
			continue
		}
		r := rules.DiffHintSafer
		if nv == h.riskier {
			r = rules.DiffHintRiskier
		}
		d.add(r, "/annotations/"+h.name, "%s %s -> %s", h.name, hintText(o, h.name, ov), hintText(n, h.name, nv))
	}
	for _, k := range sortedKeys(o, n) {
		known := k == "title"
		for _, h := range hints {
			known = known || k == h.name
		}
		if !known && canonical(o[k]) != canonical(n[k]) {
			d.add(rules.DiffUnjudged, "/annotations/"+escape(k), "annotation %s changed", k)
		}
	}
}

func hint(m map[string]any, name string, def bool) bool {
	if v, ok := m[name].(bool); ok {
		return v
	}
	return def
}

func hintText(m map[string]any, name string, v bool) string {
	if _, ok := m[name].(bool); ok {
		return fmt.Sprint(v)
	}
	return fmt.Sprintf("%v (absent)", v)
}

func asObject(v any) map[string]any {
	m, _ := v.(map[string]any)
	if m == nil {
		return map[string]any{}
	}
	return m
}

// sortedKeys is the keys of the maps, once each, sorted: n·log n, as an
// object may list thousands of properties.
func sortedKeys(ms ...map[string]any) []string {
	var keys []string
	for _, m := range ms {
		for k := range m {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return slices.Compact(keys)
}

// escape escapes a JSON pointer token.
func escape(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// quote shows a value as JSON, shortened.
func quote(v any) string {
	s := canonical(v)
	if r := []rune(s); len(r) > 60 {
		s = string(r[:57]) + "..."
	}
	return s
}
