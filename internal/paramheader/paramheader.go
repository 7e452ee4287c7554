// Package paramheader reads the x-mcp-header annotations of a tool's
// inputSchema (MCP 2026-07-28, server/tools, "x-mcp-header"): the
// arguments a client on the Streamable HTTP transport mirrors into
// Mcp-Param-{Name} headers, and the constraints whose breach makes such a
// client drop the tool from tools/list. lint (T017, T018), diff (D001,
// D024, D025) and serve --http (which checks the headers against the body)
// read them here, so that the three agree on one reading.
package paramheader

import (
	"slices"
	"strconv"
	"strings"
)

// Keyword is the annotation's name in a property's schema.
const Keyword = "x-mcp-header"

// Prefix is what the header's name starts with; the annotation's value
// is the rest.
const Prefix = "Mcp-Param-"

// maxDepth bounds the chain of properties read: 64 nested objects are
// past the 128 JSON levels lint compiles.
const maxDepth = 64

// Annotation is one x-mcp-header annotation reachable from the schema's
// root.
type Annotation struct {
	Path  []string // the property names from the root to the argument
	Value any      // the annotation's value, as decoded
	Type  any      // the property's "type", as decoded (nil when absent)
}

// Name is the annotation's value when it is a string, else "".
func (a Annotation) Name() string {
	s, _ := a.Value.(string)
	return s
}

// Argument names the argument: its path joined by dots ("options.region").
func (a Annotation) Argument() string { return strings.Join(a.Path, ".") }

// Pointer is the JSON pointer of the annotation inside the inputSchema
// ("/properties/options/properties/region/x-mcp-header").
func (a Annotation) Pointer() string {
	var b strings.Builder
	for _, k := range a.Path {
		b.WriteString("/properties/")
		b.WriteString(strings.ReplaceAll(strings.ReplaceAll(k, "~", "~0"), "/", "~1"))
	}
	return b.String() + "/" + Keyword
}

// Find returns the annotations statically reachable from the schema's
// root: on a property of the root's "properties", or of such a
// property's own "properties", and so on (the chain of properties serve
// reads the arguments by). Annotations elsewhere (under anyOf, items or
// $defs) are not read. The order is the paths', sorted, so that findings
// are the same from run to run.
func Find(root map[string]any) []Annotation {
	return find(root, nil, nil)
}

func find(schema map[string]any, path []string, out []Annotation) []Annotation {
	props, _ := schema["properties"].(map[string]any)
	if len(path) >= maxDepth || len(props) == 0 {
		return out
	}
	keys := make([]string, 0, len(props))
	for k := range props {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		sub, ok := props[k].(map[string]any)
		if !ok {
			continue
		}
		at := append(slices.Clip(path), k)
		if v, ok := sub[Keyword]; ok {
			out = append(out, Annotation{Path: at, Value: v, Type: sub["type"]})
		}
		out = find(sub, at, out)
	}
	return out
}

// Problem is an annotation that breaks MCP's constraints, and why.
type Problem struct {
	Annotation
	Why string
}

// Check returns the annotations of anns (Find's) that break MCP's
// constraints on x-mcp-header: a value that is not a non-empty string of
// HTTP token characters (RFC 9110 tchar, which leaves out spaces and
// control characters), on a property whose type is not string, integer
// or boolean ("number", "object", "array", or no "type" at all; a type
// list may add "null", the value a client sends no header for), or equal
// case-insensitively to an earlier one. Clients on the Streamable HTTP
// transport MUST exclude such a tool from tools/list.
func Check(anns []Annotation) []Problem {
	var out []Problem
	seen := map[string]Annotation{}
	for _, a := range anns {
		why := valueProblem(a.Value)
		if why == "" {
			why = typeProblem(a.Type)
		}
		if why == "" {
			key := strings.ToLower(a.Name())
			if first, dup := seen[key]; dup {
				why = "the header " + strconv.Quote(Prefix+a.Name()) + " is also the header of argument " + strconv.Quote(first.Argument()) +
					" (" + strconv.Quote(first.Name()) + "): header names are case-insensitive, and each x-mcp-header value must be unique"
			} else {
				seen[key] = a
			}
		}
		if why != "" {
			out = append(out, Problem{a, why})
		}
	}
	return out
}

// Problems is Check of Find.
func Problems(root map[string]any) []Problem { return Check(Find(root)) }

// valueProblem says what is wrong with an annotation's value, or "".
func valueProblem(v any) string {
	s, ok := v.(string)
	switch {
	case !ok:
		return "the value is " + kind(v) + ", not a header name"
	case s == "":
		return "the value is empty; it must name the header"
	}
	for i := 0; i < len(s); i++ {
		if !tchar(s[i]) {
			return "the value " + strconv.Quote(s) + " is not an HTTP token: " + charName(s, i) + " cannot be in a header name (RFC 9110 tchar: letters, digits and !#$%&'*+-.^_`|~)"
		}
	}
	return ""
}

// typeProblem says why a property's type may not carry a header, or "".
func typeProblem(t any) string {
	const only = "; MCP allows x-mcp-header only on string, integer and boolean arguments"
	switch t := t.(type) {
	case nil:
		return "the property has no \"type\"" + only
	case string:
		if primitive(t) {
			return ""
		}
		return "the property's type is " + strconv.Quote(t) + only
	case []any:
		n := 0
		for _, e := range t {
			s, _ := e.(string)
			switch {
			case primitive(s):
				n++
			case s != "null":
				return "the property's type list holds " + strconv.Quote(s) + only
			}
		}
		if n > 0 {
			return ""
		}
	}
	return "the property's \"type\" is no string, integer or boolean" + only
}

func primitive(t string) bool { return t == "string" || t == "integer" || t == "boolean" }

// tchar is RFC 9110's token character.
func tchar(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	return strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0
}

// charName names the character at s[i] for a message.
func charName(s string, i int) string {
	switch c := s[i]; {
	case c == ' ':
		return "a space"
	case c < 0x20 || c == 0x7f:
		return "a control character (" + strconv.QuoteRune(rune(c)) + ")"
	case c >= 0x80:
		return "a non-ASCII character"
	default:
		return strconv.QuoteRune(rune(c))
	}
}

func kind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case map[string]any:
		return "an object"
	case []any:
		return "an array"
	case string:
		return "a string"
	}
	return "a number"
}
