// Package tooldiff compares two versions of a package's tool list, as
// tools/list answers them, and says what each change does to the agents
// built against the old one: breaking, worth a warning, compatible,
// cosmetic, or not judged (the D rules of package rules). Schemas are
// compared structurally, keyword by keyword, with local $ref resolved; an
// inputSchema and an outputSchema are judged in opposite directions, since
// a tool must accept every call it accepted but may only return what it
// promised.
package tooldiff

import (
	"bytes"
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
	// Pointer is the JSON pointer (RFC 6901) of the member that changed,
	// inside the tool object: "/inputSchema/properties/days/maximum"; ""
	// for the tool as a whole.
	Pointer string
	What    string // what changed, in words
}

// Message is the change as one line: tool, pointer, what changed.
func (c Change) Message() string {
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

// Compare lists the changes from the old tool list to the new one: the
// tools in old's order, then the tools added in new's order. Entries that
// are not objects with a name are left out (toolcheck reports them), and
// of two tools with one name the first counts, as at upload.
func Compare(old, new []json.RawMessage) []Change {
	o, n := index(old), index(new)
	var out []Change
	for _, name := range o.names {
		nt, ok := n.byName[name]
		if !ok {
			what := "tool removed"
			if to := renamedTo(o.byName[name], n, o); to != "" {
				what += fmt.Sprintf(" (renamed to %q? it has the same inputSchema)", to)
			}
			out = append(out, Change{Rule: rules.DiffToolRemoved, Tool: name, What: what})
			continue
		}
		d := &differ{tool: name}
		d.tool2(o.byName[name], nt)
		out = append(out, d.out...)
	}
	for _, name := range n.names {
		if _, ok := o.byName[name]; !ok {
			out = append(out, Change{Rule: rules.DiffToolAdded, Tool: name, What: "tool added"})
		}
	}
	return append(out, rugPulls(old, new)...)
}

type tools struct {
	names  []string
	byName map[string]map[string]any
}

func index(list []json.RawMessage) tools {
	ts := tools{byName: map[string]map[string]any{}}
	for _, raw := range list {
		t, ok := decode(raw).(map[string]any)
		if !ok {
			continue
		}
		name, _ := t["name"].(string)
		if name == "" {
			continue
		}
		if _, dup := ts.byName[name]; dup {
			continue
		}
		ts.names = append(ts.names, name)
		ts.byName[name] = t
	}
	return ts
}

// renamedTo names a tool of the new list, absent from the old one, whose
// inputSchema is the removed tool's: a likely rename.
func renamedTo(removed map[string]any, n, o tools) string {
	want := canonical(removed["inputSchema"])
	for _, name := range n.names {
		if _, inOld := o.byName[name]; !inOld && canonical(n.byName[name]["inputSchema"]) == want {
			return name
		}
	}
	return ""
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
	d.oRoot, d.nRoot, d.active = o["inputSchema"], n["inputSchema"], map[string]bool{}
	d.schema(o["inputSchema"], n["inputSchema"], "/inputSchema", input, 0)
	oOut, nOut := o["outputSchema"], n["outputSchema"]
	switch {
	case oOut != nil && nOut == nil:
		d.add(rules.DiffOutputSchemaRemoved, "/outputSchema", "outputSchema removed")
	case oOut == nil && nOut != nil:
		d.add(rules.DiffOutputSchemaAdded, "/outputSchema", "outputSchema added")
	case oOut != nil:
		d.oRoot, d.nRoot, d.active = oOut, nOut, map[string]bool{}
		d.schema(oOut, nOut, "/outputSchema", output, 0)
	}
	for _, k := range sortedKeys(o, n) {
		if !slices.Contains(toolKeys, k) && canonical(o[k]) != canonical(n[k]) {
			d.add(rules.DiffUnjudged, "/"+escape(k), "%s changed", k)
		}
	}
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

func sortedKeys(ms ...map[string]any) []string {
	var keys []string
	for _, m := range ms {
		for k := range m {
			if !slices.Contains(keys, k) {
				keys = append(keys, k)
			}
		}
	}
	slices.Sort(keys)
	return keys
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
