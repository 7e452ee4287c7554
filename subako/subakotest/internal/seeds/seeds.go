// Package seeds makes a fuzz target's first inputs from a tool's
// inputSchema: valid arguments at the schema's edges, one member at a
// time, then arguments each broken in one place. The fuzzer goes on from
// them. It reads the JSON Schema the generator writes (type, properties,
// required, items, enum, const, default, bounds, lengths, anyOf, $ref to
// $defs) with the standard library alone, so that an author's test build
// links neither the probes' argument generator nor a schema library.
package seeds

import (
	"encoding/json"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Max bounds the seeds of one schema.
const Max = 64

// maxDepth bounds how deep values nest (a recursive $ref stops there), and
// maxLen the length of a string or array made to reach a bound.
const (
	maxDepth = 6
	maxLen   = 4000
)

// maxVariants bounds the values of an array's item, or of an object's
// members, beyond the first, that make arrays and objects of their own.
const maxVariants = 8

// For is the seeds of a tool whose inputSchema is schema, each a JSON
// object, without repeats, at most Max: the object of the required members,
// the object of all, each member's edge values in turn, then objects each
// broken in one place (a required member missing or null, a value of the
// wrong type, past a bound, outside the enum, an unknown member). A schema
// that is not a JSON object gives only {}.
func For(schema []byte) [][]byte {
	var root map[string]any
	d := json.NewDecoder(strings.NewReader(string(schema)))
	d.UseNumber()
	if d.Decode(&root) != nil || root == nil {
		return [][]byte{[]byte(`{}`)}
	}
	g := &gen{root: root}
	var out [][]byte
	add := func(v map[string]any) {
		b, err := json.Marshal(v)
		if err == nil && len(out) < Max && !slices.ContainsFunc(out, func(o []byte) bool { return string(o) == string(b) }) {
			out = append(out, b)
		}
	}
	s := g.resolve(root)
	props, _ := s["properties"].(map[string]any)
	names := make([]string, 0, len(props))
	for n := range props {
		names = append(names, n)
	}
	slices.Sort(names)
	required := map[string]bool{}
	if rs, ok := s["required"].([]any); ok {
		for _, r := range rs {
			if n, ok := r.(string); ok {
				required[n] = true
			}
		}
	}
	base := func(all bool) map[string]any {
		o := map[string]any{}
		for _, n := range names {
			if all || required[n] {
				if vs := g.valid(asSchema(props[n]), 1); len(vs) > 0 {
					o[n] = vs[0]
				}
			}
		}
		return o
	}
	add(base(false))
	add(base(true))
	for _, n := range names {
		for _, v := range g.valid(asSchema(props[n]), 1) {
			o := base(false)
			o[n] = v
			add(o)
		}
	}
	for _, n := range names {
		if required[n] {
			o := base(true)
			delete(o, n)
			add(o)
			o[n] = nil
			add(o)
		}
		for _, v := range g.invalid(asSchema(props[n])) {
			o := base(true)
			o[n] = v
			add(o)
		}
	}
	if s["additionalProperties"] == false {
		o := base(true)
		o["notAMember"] = 1
		add(o)
	}
	return out
}

// gen reads one schema; root holds its $defs.
type gen struct{ root map[string]any }

func asSchema(v any) map[string]any { m, _ := v.(map[string]any); return m }

// resolve follows a $ref to #/$defs/NAME (or #/definitions/NAME).
func (g *gen) resolve(s map[string]any) map[string]any {
	for range maxDepth {
		ref, ok := s["$ref"].(string)
		if !ok {
			return s
		}
		path := strings.Split(strings.TrimPrefix(ref, "#/"), "/")
		if len(path) != 2 {
			return nil
		}
		s = asSchema(asSchema(g.root[path[0]])[path[1]])
	}
	return s
}

// types is the schema's type keyword as a list ("" when absent).
func types(s map[string]any) []string {
	switch t := s["type"].(type) {
	case string:
		return []string{t}
	case []any:
		var out []string
		for _, x := range t {
			if n, ok := x.(string); ok {
				out = append(out, n)
			}
		}
		return out
	}
	return []string{""}
}

// valid is values the schema s accepts, the likeliest first: its default,
// its enum or const, then each type's values at its bounds.
func (g *gen) valid(s map[string]any, depth int) []any {
	s = g.resolve(s)
	if s == nil || depth > maxDepth {
		return nil
	}
	var out []any
	if v, ok := s["default"]; ok {
		out = append(out, v)
	}
	if v, ok := s["const"]; ok {
		return append(out, v)
	}
	if e, ok := s["enum"].([]any); ok {
		return append(out, e...)
	}
	for _, key := range []string{"anyOf", "oneOf"} {
		if bs, ok := s[key].([]any); ok {
			for _, b := range bs {
				out = append(out, g.valid(asSchema(b), depth+1)...)
			}
			return out
		}
	}
	for _, t := range types(s) {
		switch t {
		case "string":
			out = append(out, stringsFor(s)...)
		case "integer", "number":
			out = append(out, numbers(s, t == "integer")...)
		case "boolean":
			out = append(out, false, true)
		case "null":
			out = append(out, nil)
		case "array":
			vs := g.valid(asSchema(s["items"]), depth+1)
			var first any = ""
			if len(vs) > 0 {
				first = vs[0]
			}
			lo, hi := bound(s, "minItems", 0), bound(s, "maxItems", -1)
			out = append(out, repeat(first, lo))
			if hi > lo {
				out = append(out, repeat(first, hi))
			} else if hi < 0 {
				out = append(out, repeat(first, lo+1))
			}
			// The item's other values, each first in an array (an array
			// of one "" for a []string): a handler that special-cases
			// one item breaks on these, not on the array's lengths.
			if n := max(lo, 1); hi < 0 || n <= hi {
				for _, v := range vs[min(1, len(vs)):min(len(vs), 1+maxVariants)] {
					a := repeat(first, n)
					a[0] = v
					out = append(out, a)
				}
			}
		case "object":
			o := map[string]any{}
			var variants []map[string]any
			if rs, ok := s["required"].([]any); ok {
				props := asSchema(s["properties"])
				for _, r := range rs {
					n, _ := r.(string)
					vs := g.valid(asSchema(props[n]), depth+1)
					if len(vs) == 0 {
						continue
					}
					o[n] = vs[0]
					// The member's other values, one at a time, so an
					// array's items and an object's members get their
					// edges at every depth.
					for _, v := range vs[1:min(len(vs), 1+maxVariants-len(variants))] {
						variants = append(variants, map[string]any{n: v})
					}
				}
			}
			out = append(out, o)
			for _, v := range variants {
				c := maps.Clone(o)
				maps.Copy(c, v)
				out = append(out, c)
			}
		case "":
			out = append(out, "a", 0, nil)
		}
	}
	return out
}

// invalid is values s refuses, each wrong in one way.
func (g *gen) invalid(s map[string]any) []any {
	s = g.resolve(s)
	if s == nil {
		return nil
	}
	var out []any
	if _, ok := s["enum"]; ok {
		out = append(out, "not one of the enum")
	}
	ts := types(s)
	for _, t := range ts {
		if w, ok := wrongType[t]; ok && !accepts(ts, kindOf(w)) {
			out = append(out, w)
		}
	}
	isInt := slices.Contains(ts, "integer")
	if isInt && !slices.Contains(ts, "number") {
		out = append(out, 1.5)
	}
	if n := bound(s, "minLength", 0); n > 0 {
		out = append(out, strings.Repeat("a", n-1))
	}
	if n := bound(s, "maxLength", -1); n >= 0 && n < maxLen {
		out = append(out, strings.Repeat("a", n+1))
	}
	if n := bound(s, "minItems", 0); n > 0 {
		out = append(out, repeat(nil, n-1))
	}
	step := 1.0
	if !isInt {
		step = 0.5
	}
	for _, b := range []struct {
		key  string
		sign float64
	}{{"minimum", -1}, {"exclusiveMinimum", 0}, {"maximum", 1}, {"exclusiveMaximum", 0}} {
		if f, ok := number(s[b.key]); ok {
			out = append(out, f+b.sign*step)
		}
	}
	return out
}

// wrongType is a value of another JSON type than each type.
var wrongType = map[string]any{"string": 0, "integer": "1", "number": "1.5", "boolean": "true", "array": map[string]any{}, "object": []any{}, "null": false}

// accepts says whether a schema of the types ts takes a value of the type
// k: an integer is a number too.
func accepts(ts []string, k string) bool {
	return slices.Contains(ts, k) || k == "integer" && slices.Contains(ts, "number")
}

// kindOf is the JSON Schema type of a value wrongType holds.
func kindOf(v any) string {
	switch v.(type) {
	case string:
		return "string"
	case int:
		return "integer"
	case bool:
		return "boolean"
	case map[string]any:
		return "object"
	case []any:
		return "array"
	}
	return ""
}

// stringsFor is strings of s's bounds and format.
func stringsFor(s map[string]any) []any {
	lo, hi := bound(s, "minLength", 0), bound(s, "maxLength", -1)
	if f, ok := s["format"].(string); ok {
		if v, ok := formats[f]; ok {
			return []any{v}
		}
	}
	out := []any{strings.Repeat("a", max(lo, 1))}
	if hi < 0 || hi >= 1 {
		if lo == 0 {
			out = append(out, "")
		} else {
			out = append(out, strings.Repeat("a", lo))
		}
	}
	if hi > lo {
		out = append(out, strings.Repeat("é", min(hi, maxLen)))
	} else if hi < 0 {
		out = append(out, "Zoë \u202e\x00 ☃ "+strings.Repeat("x", 64))
	}
	return out
}

// formats are a valid example of each format the generator writes.
var formats = map[string]string{
	"date-time": "2026-12-05T12:00:00Z", "date": "2026-12-05", "time": "12:00:00Z",
	"email": "a@example.com", "uri": "https://example.com/", "uuid": "123e4567-e89b-12d3-a456-426614174000",
	"duration": "PT1S", "hostname": "example.com", "ipv4": "192.0.2.1", "ipv6": "2001:db8::1",
}

// numbers is a type's numbers at its bounds, and 0 when it is within them.
func numbers(s map[string]any, integer bool) []any {
	lo, hasLo := number(s["minimum"])
	hi, hasHi := number(s["maximum"])
	if f, ok := number(s["exclusiveMinimum"]); ok {
		lo, hasLo = f+0.5, true
		if integer {
			lo = math.Floor(f) + 1
		}
	}
	if f, ok := number(s["exclusiveMaximum"]); ok {
		hi, hasHi = f-0.5, true
		if integer {
			hi = math.Ceil(f) - 1
		}
	}
	var out []any
	if (!hasLo || lo <= 0) && (!hasHi || hi >= 0) {
		out = append(out, 0)
	}
	if hasLo {
		out = append(out, lo)
	} else {
		out = append(out, -1)
	}
	if hasHi {
		out = append(out, hi)
	} else if integer {
		out = append(out, 1<<53)
	} else {
		out = append(out, 1.5e300)
	}
	if m, ok := number(s["multipleOf"]); ok && m > 0 {
		for i, v := range out {
			if f, ok := v.(float64); ok {
				f = math.Round(f/m) * m
				if hasLo && f < lo {
					f += m
				}
				if hasHi && f > hi {
					f -= m
				}
				out[i] = f
			}
		}
	}
	return out
}

func number(v any) (float64, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, false
	}
	f, err := strconv.ParseFloat(string(n), 64)
	return f, err == nil && !math.IsInf(f, 0)
}

// bound is the whole number s holds under key, or def.
func bound(s map[string]any, key string, def int) int {
	if f, ok := number(s[key]); ok && f >= 0 && f <= maxLen {
		return int(f)
	}
	return def
}

func repeat(v any, n int) []any {
	out := make([]any, min(n, maxLen))
	for i := range out {
		out[i] = v
	}
	return out
}
