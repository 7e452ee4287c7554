package tooldiff

import "strings"

// The dialect of a schema is named by its root's "$schema" (MCP's default,
// without one, is 2020-12). Where the drafts read a keyword differently,
// it is mapped here, in one place: the comparison, the proof and the
// sample values all read array items through tuple.
//
// Other draft keywords need no mapping: draft 7's "dependencies" is
// judged as sets of values (wholeKeys) by the validator, which reads
// "$schema"; "definitions" is a place for schemas like "$defs".

// legacyDrafts are the "$schema" URIs (without a trailing "#", scheme
// either way) of the drafts before 2020-12 in which items may be an array
// of schemas, one per position, with additionalItems for the items past
// them: drafts 4, 6 and 7 (zod-to-json-schema's default target) and
// 2019-09.
var legacyDrafts = []string{
	"json-schema.org/draft-04/schema",
	"json-schema.org/draft-06/schema",
	"json-schema.org/draft-07/schema",
	"json-schema.org/draft/2019-09/schema",
}

// legacyTuples reports whether root's "$schema" names a draft whose items
// may be an array (legacyDrafts).
func legacyTuples(root any) bool {
	s := dialect(root)
	for _, d := range legacyDrafts {
		if s == d {
			return true
		}
	}
	return false
}

// dialect is root's "$schema" without its scheme and trailing "#".
func dialect(root any) string {
	m, _ := root.(map[string]any)
	s, _ := m["$schema"].(string)
	s = strings.TrimSuffix(s, "#")
	return strings.TrimPrefix(strings.TrimPrefix(s, "http://"), "https://")
}

// dialectName is a dialect as a message says it: 2020-12, MCP's default,
// for none.
func dialectName(d string) string {
	if d == "" {
		return "none (2020-12)"
	}
	return quote(d)
}

// numberBounds reads m's bounds on numbers as 2020-12 does. In draft 4,
// "exclusiveMaximum" and "exclusiveMinimum" are booleans that make
// "maximum" and "minimum" exclusive: {"maximum": 10, "exclusiveMaximum":
// true} is 2020-12's {"exclusiveMaximum": 10}, and false is no keyword
// (attack pass 47b, row 7: the boolean added was D023, "not a number",
// where 10 is the value now refused). m is returned as it is outside
// draft 4 and where nothing is to map; otherwise a copy.
func numberBounds(m map[string]any, root any) map[string]any {
	if dialect(root) != "json-schema.org/draft-04/schema" {
		return m
	}
	_, maxFlag := m["exclusiveMaximum"].(bool)
	_, minFlag := m["exclusiveMinimum"].(bool)
	if !maxFlag && !minFlag {
		return m
	}
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	for _, b := range [][2]string{{"maximum", "exclusiveMaximum"}, {"minimum", "exclusiveMinimum"}} {
		incl, excl := b[0], b[1]
		if flag, ok := m[excl].(bool); ok {
			delete(out, excl)
			if flag && m[incl] != nil {
				out[excl] = m[incl]
				delete(out, incl)
			}
		}
	}
	return out
}

// tuple reads an array schema's positional item schemas and the schema
// of the items past them (nil when absent: any item). In 2020-12 they are
// prefixItems and items, and additionalItems is no keyword. Before it
// (legacy), an array items is the positions and additionalItems the rest;
// beside an items that is one schema (or absent) additionalItems is
// ignored, and prefixItems is no keyword. ok is false for an array items
// outside a legacy dialect: the schema has no meaning there.
func tuple(m map[string]any, legacy bool) (pre []any, rest any, ok bool) {
	if l, isList := m["items"].([]any); isList {
		if !legacy {
			return nil, nil, false
		}
		return l, m["additionalItems"], true
	}
	if !legacy {
		pre, _ = m["prefixItems"].([]any)
	}
	return pre, m["items"], true
}

// tupleChanges lists "items" and "additionalItems" when they changed from
// o to n and either side's items is an array (a tuple of the drafts
// before 2020-12): the pair is then judged as sets of values, like
// prefixItems, in whatever dialect (outside a legacy one such a schema
// cannot be judged: D023). Beside an items that is one schema on both
// sides, additionalItems constrains nothing in any draft (D301).
func tupleChanges(o, n map[string]any) []string {
	_, ol := o["items"].([]any)
	_, nl := n["items"].([]any)
	if !ol && !nl {
		return nil
	}
	var out []string
	for _, k := range []string{"items", "additionalItems"} {
		if canonical(o[k]) != canonical(n[k]) {
			out = append(out, k)
		}
	}
	return out
}
