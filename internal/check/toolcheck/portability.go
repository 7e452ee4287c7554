// The portability rules: the input-schema shapes that MCP clients and
// model APIs refuse or mangle (mcp-anchors §4).

package toolcheck

import (
	"strconv"
	"strings"

	"github.com/subako-ai/subako-go/internal/rules"
	"github.com/subako-ai/subako-go/internal/textutil"
)

// places counts where a rule applies in one schema: the first is described.
type places struct {
	first string
	n     int
}

func (p *places) note(what, ptr string) {
	if p.n == 0 {
		where := ptr
		if where == "" {
			where = "the root"
		}
		p.first = what + " at " + where
	}
	p.n++
}

func (p *places) text() string {
	switch p.n {
	case 1:
		return p.first
	case 2:
		return p.first + " (and 1 more place)"
	}
	return p.first + " (and " + strconv.Itoa(p.n-1) + " more places)"
}

// portability reports the input-schema hazards of mcp-anchors §4, one
// finding per rule.
func portability(label string, root *jnode, add func(*rules.Rule, string)) {
	var comp []string
	for _, k := range []string{"oneOf", "anyOf", "allOf"} {
		if root.get(k) != nil {
			comp = append(comp, k)
		}
	}
	if len(comp) > 0 {
		add(rules.SchemaRootComposition, label+": inputSchema has "+textutil.JoinAnd(comp)+" at its root; the Anthropic API (and Bedrock, Vertex AI, Azure) refuses oneOf, anyOf and allOf at the top level and Claude Code drops the tool: keep the root a plain object, or split the tool")
	}
	var refs, conds, open, untyped, deep, enums places
	walkSchema(root, schemaPlace{}, func(s *jnode, at schemaPlace) {
		ptr, depth := at.ptr, at.depth
		declares := at.parent == "properties" && !at.condition // a property of the arguments
		if s.kind != jObject {
			if declares {
				untyped.note("property "+strconv.Quote(lastToken(ptr))+" without \"type\" and \"description\"", ptr)
			}
			return
		}
		for _, k := range refKeywords {
			if v := s.get(k); v != nil && (v.kind != jString || !remoteRef(v.str)) { // remote ones are errors
				what := strconv.Quote(k)
				if v.kind == jString {
					what += ": " + strconv.Quote(v.str)
				}
				refs.note(what, ptr)
			}
		}
		for _, k := range []string{"$defs", "definitions"} {
			if s.get(k) != nil {
				refs.note(strconv.Quote(k), ptr)
			}
		}
		var cond []string
		for _, k := range []string{"if", "then", "else"} {
			if s.get(k) != nil {
				cond = append(cond, k)
			}
		}
		if len(cond) > 0 {
			conds.note(strings.Join(cond, "/"), ptr)
		}
		if hasType(s, "object") && !at.condition {
			ap := s.get("additionalProperties")
			closed := ap != nil && ap.kind == jBool && !ap.b
			switch props := s.get("properties") != nil; {
			case !closed && !props:
				open.note("an object without \"properties\" or \"additionalProperties\": false", ptr)
			case !closed:
				open.note("an object without \"additionalProperties\": false", ptr)
			case !props:
				open.note("an object without \"properties\"", ptr)
			}
		}
		if declares {
			var missing []string
			if !typed(s) {
				missing = append(missing, "\"type\"")
			}
			if s.get("description") == nil {
				missing = append(missing, "\"description\"")
			}
			if len(missing) > 0 {
				untyped.note("property "+strconv.Quote(lastToken(ptr))+" without "+strings.Join(missing, " and "), ptr)
			}
		}
		if depth == toolNestingMax+1 && nests(s) {
			deep.note(kindOfNesting(s)+" nested "+strconv.Itoa(depth)+" levels deep", ptr)
		}
		if e := s.get("enum"); e != nil && e.kind == jArray && len(e.vals) > toolEnumMax {
			enums.note("an enum of "+strconv.Itoa(len(e.vals))+" values", ptr)
		}
	})
	for _, r := range []struct {
		rule   *rules.Rule
		p      *places
		advice string
	}{
		{rules.SchemaRef, &refs, "Gemini refuses references in tool schemas: inline the definitions"},
		{rules.SchemaConditional, &conds, "Gemini refuses if/then/else: say the condition in the descriptions and check it in the tool"},
		{rules.SchemaOpenObject, &open, "OpenAI strict mode needs \"properties\" and \"additionalProperties\": false on every object"},
		{rules.SchemaUntypedProperty, &untyped, "Gemini CLI skips tools with untyped properties, and the model reads the descriptions"},
		{rules.SchemaDeep, &deep, "OpenAI strict mode allows " + strconv.Itoa(toolNestingMax) + " levels: flatten the arguments"},
		{rules.SchemaLargeEnum, &enums, "more than " + strconv.Itoa(toolEnumMax) + " values strain OpenAI strict mode and the model's context: take a string and validate it in the tool"},
	} {
		if r.p.n > 0 {
			add(r.rule, label+": inputSchema has "+r.p.text()+"; "+r.advice)
		}
	}
}

// hasType says whether a schema's "type" is t or a list including t.
func hasType(s *jnode, t string) bool {
	v := s.get("type")
	if v == nil {
		return false
	}
	if v.kind == jString {
		return v.str == t
	}
	for _, e := range v.vals {
		if e.kind == jString && e.str == t {
			return true
		}
	}
	return false
}

// typed says whether a property schema says its type: with "type", with a
// reference, or with anyOf/oneOf branches that all do (or an allOf branch).
func typed(s *jnode) bool {
	if s.kind != jObject {
		return false
	}
	if s.get("type") != nil || s.get("$ref") != nil || s.get("$dynamicRef") != nil {
		return true
	}
	for _, k := range []string{"anyOf", "oneOf"} {
		if v := s.get(k); v != nil && v.kind == jArray && len(v.vals) > 0 {
			all := true
			for _, b := range v.vals {
				all = all && typed(b)
			}
			if all {
				return true
			}
		}
	}
	if v := s.get("allOf"); v != nil && v.kind == jArray {
		for _, b := range v.vals {
			if typed(b) {
				return true
			}
		}
	}
	return false
}

// nests says whether a schema is an object or array level: by its type,
// or, untyped, by its properties or items.
func nests(s *jnode) bool {
	if s.kind != jObject {
		return false
	}
	if s.get("type") != nil {
		return hasType(s, "object") || hasType(s, "array")
	}
	return s.get("properties") != nil || s.get("items") != nil || s.get("prefixItems") != nil
}

func kindOfNesting(s *jnode) string {
	if hasType(s, "array") && !hasType(s, "object") || s.get("type") == nil && s.get("properties") == nil {
		return "an array"
	}
	return "an object"
}
