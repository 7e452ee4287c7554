// The schema walker: subschemas in document order, with their JSON
// pointer, and the references and dialects that would need a fetch.

package toolcheck

import (
	"iter"
	"slices"
	"strconv"
	"strings"

	"github.com/subako-ai/subako-go/internal/offlineschema"
)

// The keywords whose values are subschemas (drafts 4 to 2020-12).
var (
	schemaKeywordOne = map[string]bool{
		"additionalProperties": true, "additionalItems": true, "contains": true, "propertyNames": true,
		"not": true, "if": true, "then": true, "else": true, "unevaluatedItems": true,
		"unevaluatedProperties": true, "contentSchema": true,
	}
	schemaKeywordMap = map[string]bool{
		"properties": true, "patternProperties": true, "$defs": true, "definitions": true,
		"dependentSchemas": true, "dependencies": true,
	}
	schemaKeywordList = map[string]bool{"allOf": true, "anyOf": true, "oneOf": true, "prefixItems": true}
)

// walkSchema calls visit for a schema and every subschema in it, depth
// first, members in document order, with where it is. Values of other
// keywords (enum, const, default, examples) are data and are not walked.
func walkSchema(s *jnode, at schemaPlace, visit func(s *jnode, at schemaPlace)) {
	if nests(s) {
		at.depth++
	}
	visit(s, at)
	if s.kind != jObject {
		return
	}
	for i, k := range s.keys {
		v := s.vals[i]
		child := schemaPlace{ptr: at.ptr + "/" + escapePointer(k), depth: at.depth, parent: k,
			condition: at.condition || k == "if" || k == "not"}
		switch {
		case k == "items" && v.kind == jArray, schemaKeywordList[k] && v.kind == jArray:
			for j, e := range v.vals {
				c := child
				c.ptr += "/" + strconv.Itoa(j)
				walkSchema(e, c, visit)
			}
		case k == "items" || schemaKeywordOne[k]:
			if v.kind == jObject || v.kind == jBool {
				walkSchema(v, child, visit)
			}
		case schemaKeywordMap[k] && v.kind == jObject:
			for j, name := range v.keys {
				if e := v.vals[j]; e.kind == jObject || e.kind == jBool {
					c := child
					c.ptr += "/" + escapePointer(name)
					walkSchema(e, c, visit)
				}
			}
		}
	}
}

// schemaPlace is where walkSchema found a subschema.
type schemaPlace struct {
	ptr       string // JSON pointer from the schema's root
	depth     int    // object and array levels, the root object being 1
	parent    string // the keyword it sits under ("properties", "items", ...), "" at the root
	condition bool   // under "if" or "not": a test on the arguments, not their shape
}

// remoteRefs finds the references that would need a fetch: a $ref that is
// not a fragment of the same document, and a $schema that is not a draft.
// It returns them with the fix.
// patternSize is offlineschema.TreePatternSize over the schema document:
// every pattern it holds, wherever it is, up to a little past
// offlineschema.MaxPatternInsts. The schema library compiles whatever a
// "$ref" reaches as a schema, an unknown keyword's value, a "default" or
// an "enum" item too (attack pass 48e, row 3: walkSchema's keywords alone
// counted 0 there).
func patternSize(root *jnode) int { return offlineschema.TreePatternSize(root, jtree{}) }

// jtree reads a jnode document for offlineschema.TreePatternSize, members
// in document order, so that T015's sum is the same every run.
type jtree struct{}

func (jtree) Member(n *jnode, key string) (*jnode, bool) { v := n.get(key); return v, v != nil }

func (jtree) String(n *jnode) (string, bool) { return n.str, n.kind == jString }

func (jtree) Keys(n *jnode) iter.Seq[string] {
	if n.kind != jObject {
		return slices.Values([]string(nil))
	}
	return slices.Values(n.keys)
}

func (jtree) Children(n *jnode) iter.Seq[*jnode] { return slices.Values(n.vals) }

func remoteRefs(root *jnode) (*places, string) {
	p := &places{}
	var fixes []string
	fix := func(f string) {
		if !slices.Contains(fixes, f) {
			fixes = append(fixes, f)
		}
	}
	walkSchema(root, schemaPlace{}, func(s *jnode, at schemaPlace) {
		if s.kind != jObject {
			return
		}
		for _, k := range refKeywords {
			if v := s.get(k); v != nil && v.kind == jString && remoteRef(v.str) {
				p.note(strconv.Quote(k)+": "+strconv.Quote(v.str), at.ptr)
				fix("inline the referenced schema")
			}
		}
		if v := s.get("$schema"); v != nil && v.kind == jString && draftName(v.str) == "" {
			p.note("\"$schema\": "+strconv.Quote(v.str)+", a dialect the linter does not know,", at.ptr)
			fix("drop \"$schema\" or name https://json-schema.org/draft/2020-12/schema")
		}
	})
	return p, strings.Join(fixes, "; ")
}

var refKeywords = []string{"$ref", "$dynamicRef", "$recursiveRef"}

// remoteRef says whether a reference points outside the schema: anything
// but a fragment ("#/$defs/a", "#anchor") or the schema itself ("").
func remoteRef(ref string) bool {
	return ref != "" && !strings.HasPrefix(ref, "#")
}

// draftName names the JSON Schema draft a $schema URL names, as the
// library recognises them, or "".
func draftName(u string) string {
	u = strings.TrimSuffix(u, "#")
	if strings.Contains(u, "#") {
		return ""
	}
	u, ok := strings.CutPrefix(u, "https://")
	if !ok {
		u = strings.TrimPrefix(u, "http://")
	}
	switch u {
	case "json-schema.org/schema", "json-schema.org/draft/2020-12/schema":
		return "2020-12"
	case "json-schema.org/draft/2019-09/schema":
		return "2019-09"
	case "json-schema.org/draft-07/schema":
		return "draft-07"
	case "json-schema.org/draft-06/schema":
		return "draft-06"
	case "json-schema.org/draft-04/schema":
		return "draft-04"
	}
	return ""
}

func dialectName(root *jnode) string {
	if v := root.get("$schema"); v != nil && v.kind == jString {
		if d := draftName(v.str); d != "" {
			return d
		}
	}
	return "2020-12"
}

func escapePointer(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

func escapeAll(tokens []string) []string {
	out := make([]string, len(tokens))
	for i, t := range tokens {
		out[i] = escapePointer(t)
	}
	return out
}

func lastToken(ptr string) string {
	t := ptr[strings.LastIndexByte(ptr, '/')+1:]
	return strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
}
