// Command costlyschema lists tools whose inputSchemas are costly to
// generate arguments for (attack passes 48a and 48b, row 1): n tools
// (-X main.n=N, default 20), each declaring an inputSchema of k optional
// string members (-X main.k=K, default 1), each with the pattern
// main.pattern (default some 1,000 instructions) and the minLength
// main.minLength (default 2,000) no string the generator makes can meet;
// it answers every call "ok". First it lists "boom", a tool of no
// arguments whose every call panics (P030, an error), unless main.boom
// is empty. Generating one such tool's cases (argsgen.Cases) cost the
// probes' thread about 0.2 s of CPU a member, charged nothing: k=100 (a
// 7 KB inputSchema), some 20 s; one member of pattern "[abB]{1000}" four
// times and an "x", minLength 8,000, 6.5 s; ten unused $defs of
// "x{0,1000}" 300 times (main.defs=10), 8.1 s to compile.
package main

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/subako-ai/subako-go/internal/mcpfixture"
)

var n, k, pattern, minLength, boom = "20", "1", "(?:[abB]{1000}x)", "2000", "boom"

// nest, when set (-X main.nest=1000), makes each tool's inputSchema one
// required array of at least nest arrays of at least nest integers
// instead: the generator makes its MaxNodes values and gives up,
// validating none (attack pass 49b, row 6: charged nothing, some 0.1 s of
// CPU a tool).
var nest = ""

// defs unused $defs (-X main.defs=D, default none), each a string of the
// pattern main.defPattern 300 times: compiled, never reached.
var defs, defPattern = "0", "x{0,1000}"

type request = mcpfixture.Request[json.RawMessage]

func main() { mcpfixture.Serve("costlyschema", "Stored texts.", answer) }

func answer(req request) {
	switch req.Method {
	case "tools/list":
		count, _ := strconv.Atoi(n)
		props, _ := strconv.Atoi(k)
		least, _ := strconv.Atoi(minLength)
		schema := map[string]any{}
		for j := range props {
			schema["s"+strconv.Itoa(j)] = map[string]any{"type": "string", "pattern": pattern, "minLength": least}
		}
		inputSchema := map[string]any{"type": "object", "properties": schema}
		if d, _ := strconv.Atoi(defs); d > 0 {
			all := map[string]any{}
			for j := range d {
				all["d"+strconv.Itoa(j)] = map[string]any{"type": "string", "pattern": strings.Repeat(defPattern, 300)}
			}
			inputSchema["$defs"] = all
		}
		if m, _ := strconv.Atoi(nest); m > 0 {
			inner := map[string]any{"type": "array", "minItems": m, "items": map[string]any{"type": "integer"}}
			inputSchema = map[string]any{"type": "object", "required": []string{"a"},
				"properties": map[string]any{"a": map[string]any{"type": "array", "minItems": m, "items": inner}}}
		}
		var tools []any
		if boom != "" {
			tools = append(tools, map[string]any{"name": "boom", "description": "Return the stored text zero for you.",
				"inputSchema": map[string]any{"type": "object", "properties": map[string]any{}, "additionalProperties": false}})
		}
		for i := range count {
			tools = append(tools, map[string]any{"name": "t" + strconv.Itoa(i), "description": "Return the stored text number " + strconv.Itoa(i) + " for you.",
				"inputSchema": inputSchema})
		}
		mcpfixture.Reply(req.ID, map[string]any{"tools": tools, "ttlMs": 0, "cacheScope": "public"})
	default:
		if bytes.Contains(req.Params, []byte(`"name":"boom"`)) {
			panic("boom")
		}
		mcpfixture.Reply(req.ID, map[string]any{"content": []any{mcpfixture.Text("ok")}})
	}
}
