package toolcheck

import (
	"encoding/json"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/subako-ai/subako-go/internal/rules"
)

// hintNames are ToolAnnotations' boolean hints, in MCP's order.
var hintNames = []string{"readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"}

// annotations checks a tool's annotations against MCP's ToolAnnotations
// (T016): an object, title a string, the hints booleans, and not both
// read-only and destructive. A member that is no hint but reads like one
// (readOnly, readonlyhint) is reported too, since clients ignore it.
func (c *toolsCheck) annotations(label string, members map[string]json.RawMessage) {
	raw, ok := members["annotations"]
	if !ok {
		return
	}
	var a map[string]json.RawMessage
	if rawKind(raw) != "an object" || json.Unmarshal(raw, &a) != nil {
		c.add(rules.ToolAnnotations, label+": annotations is "+rawKind(raw)+", not an object of hints (MCP's ToolAnnotations); clients that check the tool list drop every tool for it")
		return
	}
	if t, ok := a["title"]; ok && rawKind(t) != "a string" {
		c.add(rules.ToolAnnotations, label+": annotations.title is "+rawKind(t)+", not a string")
	}
	hints := map[string]bool{}
	for _, h := range hintNames {
		v, ok := a[h]
		if !ok {
			continue
		}
		if k := rawKind(v); k != "a boolean" {
			c.add(rules.ToolAnnotations, label+": annotations."+h+" is "+k+", not true or false")
			continue
		}
		hints[h] = strings.TrimSpace(string(v)) == "true"
	}
	if hints["readOnlyHint"] && hints["destructiveHint"] {
		c.add(rules.ToolAnnotations, label+": annotations say readOnlyHint and destructiveHint are both true; a read-only tool changes nothing, and clients read destructiveHint only when readOnlyHint is false")
	}
	keys := make([]string, 0, len(a))
	for k := range a {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if k == "title" || slices.Contains(hintNames, k) {
			continue
		}
		if h := likeHint(k); h != "" {
			c.add(rules.ToolAnnotations, label+": annotations."+k+" is not an MCP hint, so clients ignore it: did you mean "+strconv.Quote(h)+"?")
		}
	}
}

// likeHint is the hint a member name means when it is one in another case
// or without "Hint" (readOnly, readonlyhint), or "".
func likeHint(k string) string {
	l := strings.ToLower(strings.NewReplacer("_", "", "-", "").Replace(k))
	for _, h := range hintNames {
		lh := strings.ToLower(h)
		if l == lh || l == strings.TrimSuffix(lh, "hint") {
			return h
		}
	}
	return ""
}
