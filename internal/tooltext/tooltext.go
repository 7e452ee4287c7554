// Package tooltext reads the text of a tool list the way an attacker
// would use it: every string a model or a person reads (tool names,
// titles, descriptions at every depth of inputSchema and outputSchema,
// enum and const values, defaults, examples, annotations' titles,
// argument names, the manifest's description) is checked for tool
// poisoning: invisible and control characters (tag characters decoded),
// mixed-script words, text addressed to the model instead of describing
// the tool, requests for secrets or for the conversation, and text that
// changes how the model uses other tools. Each finding is a Signal.
//
// It imports only the standard library and small packages without
// dependencies (abi, internal/rules, internal/textutil, internal/termsafe,
// internal/jsonkeys),
// so that the analyzer (on Go source), toolcheck (lint), tooldiff and serve share it.
//
// The API:
//
//   - CheckList(data) reads a tools array, or a tools/list result
//     ({"tools": [...]}), and returns its signals; CheckTools does the same
//     for tools already split (what toolcheck has).
//   - CheckTool(i, tool, names) reads one tool object, tools[i]; names are
//     the package's tool names, so that naming them is not shadowing.
//   - CheckText(where, text) reads one string (the analyzer's use, and the
//     manifest's description); where becomes the signals' Pointer.
//   - CheckTextOf(where, text, names) is CheckText knowing the package's
//     tool names.
//   - CheckServer(discover, names) reads the text a server/discover
//     result gives the model: its instructions and its serverInfo's title
//     and description.
//   - Signal.Finding turns a signal into a rules.Finding (Tool and Pointer
//     set); Signal.Key identifies it across two versions of a list, and
//     Gained(before, after) returns the signals of after that before does
//     not have: a rug pull, for tooldiff.
//   - Escape(s) writes module text so that a terminal shows every
//     character (\u200b, \U000e0041, \x1b): the messages quote text only
//     through it. It is termsafe.Quote with this package's judgement of
//     what is hidden.
//   - Waivers(tool) reads a tool's _meta[MetaIgnore], the rules lint
//     waives for it with a reason; diff and serve must not honour them.
//
// Precision comes first: a false alarm on an honest package is worse than
// a miss. testdata/real holds unmodified tool lists of well-known servers
// that must give no signal at all; testdata/poisoned holds the published
// attack classes. docs/tool-text.md lists every pattern.
package tooltext

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/subako-ai/subako-go/internal/rules"
)

// Signal is one suspicious piece of text.
type Signal struct {
	Rule *rules.Rule
	// Tool is the tool's name as the list gives it ("" when it has none,
	// and for CheckText); Index is the tool's index in the list, -1 for
	// CheckText.
	Tool  string
	Index int
	// Pointer is the JSON pointer of the string inside the tool object
	// ("/description", "/inputSchema/properties/path/description"); for an
	// argument name, the pointer of the property ("/inputSchema/properties/path").
	// For CheckText it is the where given.
	Pointer string
	// Field says what the string is: "name", "description", "argument
	// name", "enum value", ...
	Field string
	// Start and End are the byte span of Match in the string.
	Start, End int
	// Match is the offending text as written (raw: escape it before
	// printing it, as Message does).
	Match string
	// Hidden is what the text hides, decoded: the ASCII that tag
	// characters spell, or a decoded base64/hex payload; "" when none.
	Hidden string
	// Message says what was found, where and why, with every quoted
	// piece of module text escaped.
	Message string
}

// Severity is the signal's rule's severity.
func (s Signal) Severity() rules.Severity { return s.Rule.Severity }

// Key identifies a signal across two versions of a tool list: the rule,
// the tool, the pointer and the matched text (not its position, which
// moves when text is inserted before it).
func (s Signal) Key() string {
	return s.Rule.ID + "\x00" + s.Tool + "\x00" + s.Pointer + "\x00" + s.Match
}

// Finding is the signal as a lint finding (no byte offset: the text is
// placed by Tool and Pointer).
func (s Signal) Finding() rules.Finding {
	return rules.Finding{Rule: s.Rule, Message: s.Message, Offset: -1, Tool: s.Tool, Pointer: s.Pointer}
}

// Gained returns the signals of after that before has fewer of, by Key:
// what a new version of the text added. The keys are counted, not only
// compared, so a match repeated in a new version is gained: a second
// "<IMPORTANT>" block, or a second "Note to LLM:" beside an old one, is
// as new as the first was.
func Gained(before, after []Signal) []Signal {
	had := make(map[string]int, len(before))
	for _, s := range before {
		had[s.Key()]++
	}
	var out []Signal
	for _, s := range after {
		if k := s.Key(); had[k] > 0 {
			had[k]--
		} else {
			out = append(out, s)
		}
	}
	return out
}

// CheckText reads one string that a model or a person reads; where (a
// JSON pointer, or a Go position) is the signals' Pointer.
func CheckText(where, text string) []Signal {
	return CheckTextOf(where, text, nil)
}

// CheckTextOf is CheckText for a package whose tools are named names:
// text naming them is not shadowing.
func CheckTextOf(where, text string, names []string) []Signal {
	c := &checker{names: nameSet(names)}
	c.text(-1, "", rootPath(where), "text", text)
	return c.out
}

// CheckList reads a tools array, or a tools/list result object with a
// "tools" array. It returns an error when data is neither.
func CheckList(data []byte) ([]Signal, error) {
	if d := bytes.TrimSpace(data); len(d) > 0 && d[0] == '[' {
		var tools []json.RawMessage
		if err := json.Unmarshal(d, &tools); err != nil {
			return nil, err
		}
		return CheckTools(tools), nil
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return nil, err
	}
	if l, ok := v.(map[string]any); ok {
		if _, ok := l["tools"].([]any); ok {
			var list struct {
				Tools []json.RawMessage `json:"tools"`
			}
			if err := json.Unmarshal(data, &list); err != nil {
				return nil, err
			}
			return CheckTools(list.Tools), nil
		}
	}
	return nil, errors.New("not a tools array, nor an object with one")
}

// CheckTools reads every tool of a list; a tool that is not an object, or
// has no name, is read all the same. A tool that is not JSON is skipped.
// A tool that writes a key twice is a signal of its own (T045): its other
// signals are read from the last copy of each key. The tools are decoded
// one at a time (the names first), so a list of 16 MiB (diff's cap) is
// never held decoded whole, some 20 times its JSON (attack pass 40h).
func CheckTools(tools []json.RawMessage) []Signal {
	names := nameSet(Names(tools))
	var out []Signal
	for i, raw := range tools {
		var t any
		if json.Unmarshal(raw, &t) != nil {
			t = nil
		}
		out = append(out, checkTool(i, t, names)...)
		if t != nil {
			out = append(out, keySignal(i, toolName(t), raw)...)
		}
	}
	// a request in one string for the secret file a schema value names
	// (secretvalues.go: attack pass 44f row 9)
	return append(out, splitRequests(tools, out)...)
}

// toolName is a decoded tool's name, "" when it has none.
func toolName(t any) string {
	obj, _ := t.(map[string]any)
	name, _ := obj["name"].(string)
	return name
}

// Names are the tool names a list gives (strings only), each tool's
// members held undecoded only while its name is read.
func Names(tools []json.RawMessage) []string {
	var names []string
	for _, raw := range tools {
		var obj map[string]json.RawMessage
		if json.Unmarshal(raw, &obj) != nil {
			continue
		}
		var n string
		if v, ok := obj["name"]; ok && json.Unmarshal(v, &n) == nil && len(v) > 0 && v[0] == '"' {
			names = append(names, n)
		}
	}
	return names
}

// CheckTool reads tools[i], whatever else is wrong with it; names are
// the package's tool names.
func CheckTool(i int, tool json.RawMessage, names []string) []Signal {
	var v any
	if json.Unmarshal(tool, &v) != nil {
		return nil
	}
	return append(checkTool(i, v, nameSet(names)), keySignal(i, toolName(v), tool)...)
}

func checkTool(i int, v any, names map[string]bool) []Signal {
	if v == nil {
		return nil
	}
	c := &checker{names: names}
	obj, ok := v.(map[string]any)
	if !ok {
		c.value(i, "", &path{}, v, "value")
		return c.out
	}
	c.tool(i, toolName(obj), obj)
	// The schema's members were read in map order: the signals are put
	// in pointer order, and in text order within one string.
	slices.SortStableFunc(c.out, func(a, b Signal) int {
		return cmp.Or(strings.Compare(a.Pointer, b.Pointer), cmp.Compare(a.Start, b.Start), strings.Compare(a.Rule.ID, b.Rule.ID))
	})
	return c.out
}

// place names a string for a message: the tool and the pointer.
func place(tool string, index int, ptr, field string) string {
	var b strings.Builder
	switch {
	case tool != "":
		b.WriteString("tool " + quote(tool))
	case index >= 0:
		b.WriteString("tools[" + strconv.Itoa(index) + "]")
	}
	if ptr != "" {
		if b.Len() > 0 {
			b.WriteString(", ")
		}
		b.WriteString(field + " at " + Escape(ptr)) // a key is module text
	} else if b.Len() == 0 {
		b.WriteString(field)
	}
	return b.String()
}

// MetaIgnore is the member of a tool's _meta that waives tool-text
// warnings for that tool in lint, each with its reason (an error stays,
// quoting the waiver: toolcheck):
//
//	"_meta": {"ai.subako/ignore": {"T041": "the tool signs commits with the user's key, by design"}}
//
// A rule with an empty reason is not waived. tooldiff and serve ignore
// waivers: a waiver must not hide a rug pull.
const MetaIgnore = "ai.subako/ignore"

// Waivers reads a tool's MetaIgnore: rule ID to reason, for the entries
// whose reason is a non-empty string. TextDuplicateKey is never waived:
// with a key written twice, the waiver itself is what the module chose
// the linter should read.
func Waivers(tool json.RawMessage) map[string]string {
	var t struct {
		Meta map[string]json.RawMessage `json:"_meta"`
	}
	if json.Unmarshal(tool, &t) != nil || t.Meta[MetaIgnore] == nil {
		return nil
	}
	var w map[string]any
	if json.Unmarshal(t.Meta[MetaIgnore], &w) != nil {
		return nil
	}
	out := map[string]string{}
	for id, reason := range w {
		if r, ok := reason.(string); ok && strings.TrimSpace(r) != "" && !strings.EqualFold(id, rules.TextDuplicateKey.ID) {
			out[strings.ToUpper(id)] = r
		}
	}
	return out
}
