package tooldiff

import (
	"slices"
	"strings"
)

// A $ref beside other keywords applies both: JSON Schema 2020-12 reads
// "$ref" as an in-place applicator, ANDed with its siblings, so a sibling
// "maxLength": 10 beside a target's "maxLength": 2 leaves 2, and a target
// "required": ["b"] beside a sibling "required": ["a"] requires both.
// conjoin reads the two as one schema where each keyword's meaning says
// what both mean together; the rest is kept as an allOf of the two, which
// the comparison judges as sets of values (judgePair), never dropped.

// maxConjoinDepth bounds how deep conjoin merges members' schemas; below
// it, a member's two schemas stay an allOf.
const maxConjoinDepth = 16

// keywordGroups are keywords read together: additionalProperties applies
// to the members properties and patternProperties do not name, items to
// the positions past prefixItems, the contains counts to contains, then
// and else to if. Two schemas that both use one group are not merged
// keyword by keyword there.
var keywordGroups = [][]string{
	{"properties", "patternProperties", "additionalProperties"},
	{"prefixItems", "items", "additionalItems"},
	{"contains", "minContains", "maxContains"},
	{"if", "then", "else"},
}

// conjoin is one schema whose values are those valid against both base
// and sib (two schema objects, neither a $ref), nil when no value is; ok
// is false when the two cannot be read as one (unevaluatedProperties or
// unevaluatedItems, whose meaning depends on every applicator beside it).
// Where a keyword of sib meets one of base and their meeting has no
// single-keyword form (two patterns, two anyOf, two additionalProperties
// over different properties), sib's keyword is put in an allOf.
func conjoin(base, sib map[string]any, depth int) (map[string]any, bool) {
	if depth > maxConjoinDepth {
		return nil, false
	}
	for _, k := range []string{"unevaluatedProperties", "unevaluatedItems"} {
		if (hasKey(base, k) && constrains(sib)) || (hasKey(sib, k) && constrains(base)) {
			return nil, false
		}
	}
	out := make(map[string]any, len(base)+len(sib))
	for k, v := range base {
		out[k] = v
	}
	var extra []any // sib's keywords that could not be merged: an allOf
	inGroup := map[string]bool{}
	for _, g := range keywordGroups {
		for _, k := range g {
			inGroup[k] = true
		}
		touches := func(m map[string]any) bool {
			return slices.ContainsFunc(g, func(k string) bool { return hasKey(m, k) })
		}
		switch {
		case !touches(sib):
		case !touches(base):
			for _, k := range g {
				if hasKey(sib, k) {
					out[k] = sib[k]
				}
			}
		case sameKeys(base, sib, g):
		case onlyKey(base, g, g[0]) && onlyKey(sib, g, g[0]) && g[0] == "properties":
			props := map[string]any{}
			for name, s := range asObject(base["properties"]) {
				props[name] = s
			}
			for name, s := range asObject(sib["properties"]) {
				if b, ok := props[name]; ok {
					props[name] = conjoinAny(b, s, depth+1)
				} else {
					props[name] = s
				}
			}
			out["properties"] = props
		case onlyKey(base, g, "items") && onlyKey(sib, g, "items") && isSchema(base["items"]) && isSchema(sib["items"]):
			out["items"] = conjoinAny(base["items"], sib["items"], depth+1)
		default:
			part := map[string]any{}
			for _, k := range g {
				if hasKey(sib, k) {
					part[k] = sib[k]
				}
			}
			extra = append(extra, part)
		}
	}
	for _, k := range sortedKeys(sib) {
		v := sib[k]
		cur, has := base[k]
		switch {
		case inGroup[k]:
		case !has || canonical(cur) == canonical(v):
			out[k] = v
		case !slices.Contains(assertions, k) || slices.Contains(noAssertion, k):
			out[k] = v // an annotation: the referring schema's says it
		case k == "type":
			bt, ok1 := typeKinds(base)
			st, ok2 := typeKinds(sib)
			if !ok1 || !ok2 {
				extra = append(extra, map[string]any{k: v})
				continue
			}
			common := bt & st
			if common == 0 {
				return nil, true
			}
			var names []any
			for _, name := range []string{"null", "boolean", "object", "array", "string", "number", "integer"} {
				if kk := kindNames[name]; common&kk == kk && (name != "integer" || common&kNumber != kNumber) {
					names = append(names, name)
				}
			}
			if len(names) == 1 {
				out[k] = names[0]
			} else {
				out[k] = names
			}
		case k == "required":
			req := []any{}
			for _, r := range append(stringSet(cur), stringSet(v)...) {
				if !slices.Contains(req, any(r)) {
					req = append(req, r)
				}
			}
			out[k] = req
		case slices.Contains(lowerBounds, k) || slices.Contains(upperBounds, k):
			x, ok1 := jsonDecimal(cur)
			y, ok2 := jsonDecimal(v)
			if !ok1 || !ok2 {
				extra = append(extra, map[string]any{k: v})
				continue
			}
			if c := cmpDecimal(y, x); (c > 0) == slices.Contains(lowerBounds, k) && c != 0 {
				out[k] = v
			}
		case k == "uniqueItems":
			a, ok1 := cur.(bool)
			b, ok2 := v.(bool)
			if !ok1 || !ok2 {
				extra = append(extra, map[string]any{k: v})
				continue
			}
			out[k] = a || b
		case k == "enum":
			a, ok1 := cur.([]any)
			b, ok2 := v.([]any)
			if !ok1 || !ok2 {
				extra = append(extra, map[string]any{k: v})
				continue
			}
			in := make(map[string]bool, len(b))
			for _, x := range b {
				in[canonical(x)] = true
			}
			common := []any{}
			for _, x := range a {
				if in[canonical(x)] {
					common = append(common, x)
				}
			}
			if len(common) == 0 {
				return nil, true
			}
			out[k] = common
		case k == "const":
			return nil, true // two different values
		case k == "allOf":
			a, ok1 := cur.([]any)
			b, ok2 := v.([]any)
			if !ok1 || !ok2 {
				extra = append(extra, map[string]any{k: v})
				continue
			}
			out[k] = append(slices.Clone(a), b...)
		default:
			// pattern, format, multipleOf, anyOf, oneOf, not,
			// propertyNames, dependentRequired, dependentSchemas...
			extra = append(extra, map[string]any{k: v})
		}
	}
	if c, ok := out["const"]; ok {
		if e, ok := out["enum"].([]any); ok {
			if !slices.ContainsFunc(e, func(x any) bool { return canonical(x) == canonical(c) }) {
				return nil, true
			}
			delete(out, "enum")
		}
	}
	if len(extra) > 0 {
		l, _ := out["allOf"].([]any)
		if _, ok := out["allOf"]; ok && l == nil {
			extra = append(extra, map[string]any{"allOf": out["allOf"]})
		}
		out["allOf"] = append(slices.Clone(l), extra...)
	}
	return out, true
}

// conjoinAny is a schema whose values are those valid against both a and
// b, two schemas of one document: one schema where conjoin can say it,
// else an allOf of the two.
func conjoinAny(a, b any, depth int) any {
	switch {
	case a == false || b == false:
		return false
	case a == true:
		return b
	case b == true || canonical(a) == canonical(b):
		return a
	}
	am, ok1 := a.(map[string]any)
	bm, ok2 := b.(map[string]any)
	if ok1 && ok2 && !hasKey(am, "$ref") && !hasKey(bm, "$ref") && !hasKey(am, "$dynamicRef") && !hasKey(bm, "$dynamicRef") {
		if m, ok := conjoin(am, bm, depth); ok {
			if m == nil {
				return false
			}
			return m
		}
	}
	return map[string]any{"allOf": []any{a, b}}
}

// refAllOf is a $ref beside its siblings as the siblings with the $ref
// moved into their allOf: the same schema (allOf applies in place as $ref
// does, so unevaluatedProperties beside it still sees the target's
// members), whose allOf the comparison judges as sets of values.
func refAllOf(ref string, siblings map[string]any) map[string]any {
	out := without(siblings)
	target := map[string]any{"$ref": ref}
	switch l, ok := siblings["allOf"].([]any); {
	case ok:
		out["allOf"] = append(slices.Clone(l), target)
	case hasKey(siblings, "allOf"):
		out["allOf"] = []any{target, map[string]any{"allOf": siblings["allOf"]}}
	default:
		out["allOf"] = []any{target}
	}
	return out
}

// sameKeys reports whether a and b hold the keys alike.
func sameKeys(a, b map[string]any, keys []string) bool {
	for _, k := range keys {
		if hasKey(a, k) != hasKey(b, k) || canonical(a[k]) != canonical(b[k]) {
			return false
		}
	}
	return true
}

// onlyKey reports whether, of the group g, m holds only k.
func onlyKey(m map[string]any, g []string, k string) bool {
	for _, x := range g {
		if hasKey(m, x) != (x == k) {
			return false
		}
	}
	return true
}

func isSchema(v any) bool {
	switch v.(type) {
	case bool, map[string]any:
		return true
	}
	return false
}

// maxAnchorNodes bounds the schemas anchor looks through.
const maxAnchorNodes = 100_000

// anchor finds the schema a plain-name fragment ("#name") names in root:
// the one whose "$anchor" or "$dynamicAnchor" is name (or, as drafts 6 and
// 7 wrote it, whose "$id" is "#name"), in root's own resource (not inside
// a subschema with an "$id" of its own, which starts another). ok is
// false when none or more than one does, or the search ran past its
// bound.
func anchor(root any, name string) (any, bool) {
	if name == "" {
		return nil, false
	}
	var found []any
	budget := maxAnchorNodes
	var walk func(v any, top bool)
	walk = func(v any, top bool) {
		m, ok := v.(map[string]any)
		if budget--; !ok || budget < 0 || len(found) > 1 {
			return
		}
		id, _ := m["$id"].(string)
		if id != "" && !top && !strings.HasPrefix(id, "#") {
			return // another resource: its anchors are its own
		}
		a, _ := m["$anchor"].(string)
		da, _ := m["$dynamicAnchor"].(string)
		if a == name || da == name || id == "#"+name {
			found = append(found, m)
		}
		for _, k := range sortedKeys(m) {
			switch e := m[k].(type) {
			case map[string]any:
				switch k {
				case "properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies":
					for _, name := range sortedKeys(e) {
						walk(e[name], false)
					}
				case "additionalProperties", "propertyNames", "items", "additionalItems", "contains", "not", "if", "then", "else",
					"unevaluatedProperties", "unevaluatedItems", "contentSchema":
					walk(e, false)
				}
			case []any:
				switch k {
				case "allOf", "anyOf", "oneOf", "prefixItems", "items":
					for _, x := range e {
						walk(x, false)
					}
				}
			}
		}
	}
	walk(root, true)
	if len(found) != 1 || budget < 0 {
		return nil, false
	}
	return found[0], true
}
