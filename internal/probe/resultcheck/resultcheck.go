// Package resultcheck judges the result of one tools/call the way an MCP
// client reads it: is it a CallToolResult (MCP 2026-07-28), does a
// successful result's structuredContent match the tool's outputSchema, and
// does a text block carry the same value, as the ABI's example shows
// ({"content":[{"type":"text","text":"{\"message\":\"Hello, Ada!\"}"}],
// "structuredContent":{"message":"Hello, Ada!"}}). The call probes run it
// on every result; it knows nothing of how the call was made.
//
// A result without resultType is read as "complete", as MCP tells clients
// to and as Subako does (the ABI's examples leave it out). An isError
// result is exempt from the outputSchema and the text block: it reports a
// failure, not the tool's value. The outputSchema is compiled offline
// (internal/offlineschema) once per distinct schema; one that does not
// compile, or would cost too much to validate against, is the tool list's
// finding (the T rules), and here gives a NotChecked problem, not a
// finding of the call. Every check judges each number as the double a
// client reads for it (clientReading), and its messages quote a number as
// it was sent. A number a double cannot hold, or one past
// offlineschema.HugeNumber, is a problem of its own (UnreadableNumber,
// P056) beside the others.
package resultcheck

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/subako-ai/subako-go/internal/mcp"
	"github.com/subako-ai/subako-go/internal/mcpschema"
	"github.com/subako-ai/subako-go/internal/offlineschema"
	"github.com/subako-ai/subako-go/internal/textutil"
)

// Kind is what is wrong with a result; each maps to one rule.
type Kind string

const (
	// NotCallToolResult (P030): the result is not an MCP CallToolResult,
	// or its resultType is not "complete"; Subako reports the call as
	// crashed.
	NotCallToolResult Kind = "not-call-tool-result"
	// OutputSchema (P033): a success result of a tool that declares an
	// outputSchema has no structuredContent, or one that fails the schema.
	OutputSchema Kind = "output-schema"
	// TextContent (P034): structuredContent without a text block that
	// carries the same value as JSON.
	TextContent Kind = "text-content"
	// NotChecked: the outputSchema could not be used (it does not compile,
	// or validating against it would cost too much; the tool list's checks
	// report the schema), or structuredContent holds a number past
	// offlineschema.HugeNumber (UnreadableNumber reports it). No rule of
	// its own.
	NotChecked Kind = "not-checked"
)

// Problem is one thing wrong with a result.
type Problem struct {
	Kind   Kind
	Detail string // one line, for people
}

// maxFailures is how many schema failures one Problem names.
const maxFailures = 3

// Check judges result, the JSON-RPC result member of the answer to a
// tools/call, against the tool's outputSchema (nil or empty when the tool
// declares none).
func Check(result, outputSchema json.RawMessage) []Problem {
	out, _ := check(result, outputSchema)
	return out
}

// check is Check, with the work of validating structuredContent against
// the outputSchema (offlineschema.Cost.Work; 0 when it was not validated).
func check(result, outputSchema json.RawMessage) ([]Problem, int) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(result))
	if err != nil {
		return []Problem{{NotCallToolResult, "the result is not JSON: " + err.Error()}}, 0
	}
	if _, ok := doc.(map[string]any); !ok {
		return []Problem{{NotCallToolResult, "the result is not a JSON object"}}, 0
	}
	// Every check judges the result as Subako's client reads it
	// (clientReading: each number as the double a float64 reader holds;
	// attack pass 51e, rows 2 and 3: the outputSchema and MCP's schema
	// judged exact values, so {"n":1e-400} passed exclusiveMinimum: 0).
	// A number a double cannot hold, or one past HugeNumber, is a problem
	// of its own, and the other checks are still made, the outputSchema's
	// only when structuredContent holds no such number (attack pass 51b,
	// row 3: the number alone made the result not-checked, hiding P030,
	// P033 and P034).
	obj := doc.(map[string]any)
	shape, unreadable := clientReading(obj)
	if !unreadable {
		return checkObject(obj, shape.(map[string]any), outputSchema, "")
	}
	num, _ := numberProblem(obj)
	scNum, _, _ := walkNumbers(obj["structuredContent"], true)
	out, work := checkObject(obj, shape.(map[string]any), outputSchema, scNum)
	return append([]Problem{num}, out...), work
}

// checkObject is check of a result that is a JSON object, obj as decoded
// and shape as Subako's client reads it (clientReading; obj itself when
// they are the same): every check judges shape, and its messages quote obj
// (a number as it was sent). scNum is a number of structuredContent a
// double cannot hold or past HugeNumber ("" for none): it is not
// validated then.
func checkObject(obj, shape map[string]any, outputSchema json.RawMessage, scNum json.Number) ([]Problem, int) {
	if rt, ok := obj["resultType"]; ok && rt != mcp.ResultComplete {
		return []Problem{{NotCallToolResult, fmt.Sprintf("resultType is %s, not \"complete\": Subako reports the call as crashed", short(rt))}}, 0
	}
	withType := make(map[string]any, len(shape)+1)
	for k, v := range shape {
		withType[k] = v
	}
	if _, ok := shape["resultType"]; !ok {
		withType["resultType"] = mcp.ResultComplete
	}
	if blocks, ok := shape["content"].([]any); ok {
		// Each block is judged as the block its type names, stopping at the
		// first bad one, before the whole result: the schema's anyOf of
		// every block type would build a failure for every type of every
		// block, and 350,000 empty blocks (just under stdout's 1 MiB) took
		// 4.5 GB and 20 s of CPU (attack pass 43f, row 5). Blocks that
		// pass stand for the content the result is then validated with.
		orig, _ := obj["content"].([]any)
		if detail := blockFailure(blocks, orig); detail != "" {
			return []Problem{{NotCallToolResult, "not a valid CallToolResult: " + detail}}, 0
		}
		withType["content"] = []any{}
	}
	if err := mcpschema.ValidateValue("CallToolResult", withType); err != nil {
		return []Problem{{NotCallToolResult, "not a valid CallToolResult: " + failureText(err, "", obj)}}, 0
	}
	if isErr, _ := obj["isError"].(bool); isErr {
		return faultProblems(obj), 0
	}
	structured, hasStructured := obj["structuredContent"]
	var out []Problem
	work := 0
	if declared(outputSchema) {
		switch {
		case !hasStructured:
			out = append(out, Problem{OutputSchema, "the tool declares an outputSchema, but the success result has no structuredContent"})
		case scNum != "":
			// The client cannot read it, or validating it would read the
			// number exactly; the number is reported (UnreadableNumber).
			out = append(out, Problem{NotChecked, fmt.Sprintf("structuredContent was not validated: it holds the number %s", shortNumber(scNum))})
		default:
			var ps []Problem
			ps, work = validate(outputSchema, shape["structuredContent"], structured)
			out = append(out, ps...)
		}
	}
	if hasStructured {
		if p, ok := textCarries(obj["content"], structured); !ok {
			out = append(out, p)
		}
	}
	return out, work
}

// declared tells whether an outputSchema was given.
func declared(s json.RawMessage) bool {
	s = bytes.TrimSpace(s)
	return len(s) > 0 && !bytes.Equal(s, []byte("null"))
}

// validate checks structuredContent, v as a client reads it and orig as
// sent, against the outputSchema, and returns the validation's work
// (offlineschema.Cost.Work), 0 when it was not validated.
func validate(outputSchema json.RawMessage, v, orig any) ([]Problem, int) {
	s, cost, err := compiled(outputSchema)
	if err != nil {
		return []Problem{{NotChecked, "the outputSchema was not used: " + textutil.OneLine(err.Error(), 300)}}, 0
	}
	work, err := cost.CheckWork(v)
	if err != nil {
		return []Problem{{NotChecked, "structuredContent was not validated: " + err.Error()}}, 0
	}
	if err := s.Validate(v); err != nil {
		return []Problem{{OutputSchema, "structuredContent does not match the outputSchema: " + failureText(err, "", orig)}}, work
	}
	return nil, work
}

// failureText names where and which keyword failed, the first few; at is
// the pointer of the validated value in the result ("" for the whole),
// orig that value as sent (a number judged as its double is quoted as
// sent too: sentAs).
func failureText(err error, at string, orig any) string {
	fs := offlineschema.Failures(err)
	if len(fs) == 0 {
		return textutil.OneLine(err.Error(), 300)
	}
	var parts []string
	for i, f := range fs {
		if i == maxFailures {
			parts = append(parts, fmt.Sprintf("and %d more", len(fs)-maxFailures))
			break
		}
		note := sentAs(orig, f.Pointer)
		f.Pointer = at + f.Pointer
		parts = append(parts, textutil.OneLine(f.String(), 200)+note)
	}
	return strings.Join(parts, "; ")
}

// blockDefs are the content blocks of MCP 2026-07-28, by type.
var blockDefs = map[string]string{
	mcp.BlockText: "TextContent", mcp.BlockImage: "ImageContent", mcp.BlockAudio: "AudioContent",
	mcp.BlockResourceLink: "ResourceLink", mcp.BlockResource: "EmbeddedResource",
}

// blockFailure says what is wrong with the first broken content block,
// judged as the block its type names: the schema's anyOf of every block
// type would only say that none matched. A block of a type MCP does not
// define is left out (Blocks notes it). blocks are as a client reads them,
// orig as sent. "" when no block is at fault.
func blockFailure(blocks, orig []any) string {
	for i, b := range blocks {
		at := fmt.Sprintf("/content/%d", i)
		m, ok := b.(map[string]any)
		if !ok {
			return "at " + at + ": a content block must be an object"
		}
		typ, isString := m["type"].(string)
		def, ok := blockDefs[typ]
		if !ok && isString {
			continue
		}
		if !ok {
			return fmt.Sprintf("at %s: the block's type is %s, not one of text, image, audio, resource_link or resource", at, short(m["type"]))
		}
		if err := mcpschema.ValidateValue(def, m); err != nil {
			article := "a "
			if strings.ContainsAny(typ[:1], "aeiou") {
				article = "an "
			}
			var sent any
			if i < len(orig) {
				sent = orig[i]
			}
			return article + typ + " block: " + failureText(err, at, sent)
		}
	}
	return ""
}

// The compiled outputSchemas, by their bytes: each tool's schema is
// compiled once however many calls are checked. Bounded: past maxCached
// schemas the cache starts again.
var (
	cacheMu sync.Mutex
	cache   = map[string]*cachedSchema{}
)

const maxCached = 256

type cachedSchema struct {
	once   sync.Once
	schema *jsonschema.Schema
	cost   offlineschema.Cost
	err    error
}

// schemaURL is where an outputSchema lives for the compiler.
const schemaURL = "urn:subako:output-schema"

func compiled(raw json.RawMessage) (*jsonschema.Schema, offlineschema.Cost, error) {
	cacheMu.Lock()
	c := cache[string(raw)]
	if c == nil {
		if len(cache) >= maxCached {
			clear(cache)
		}
		c = &cachedSchema{}
		cache[string(raw)] = c
	}
	cacheMu.Unlock()
	c.once.Do(func() { c.schema, c.cost, c.err = compile(raw) })
	return c.schema, c.cost, c.err
}

func compile(raw json.RawMessage) (s *jsonschema.Schema, cost offlineschema.Cost, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the schema library failed: %v", r)
		}
	}()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return nil, cost, fmt.Errorf("it is not JSON: %w", err)
	}
	if n, huge := offlineschema.HugeNumber(doc); huge {
		return nil, cost, fmt.Errorf("it holds the number %.40s..., too large to use", n)
	}
	if n := offlineschema.Values(doc); n > offlineschema.MaxSchemaValues {
		// The compile is quadratic in the subschemas: an anyOf of 40,000
		// {} (120 KB) took 7.6 s of CPU to compile, charged nothing.
		return nil, cost, fmt.Errorf("it holds %d JSON values, past the %d subakogo compiles", n, offlineschema.MaxSchemaValues)
	}
	if n := offlineschema.SchemaPatternSize(doc); n > offlineschema.MaxPatternInsts {
		// attack pass 48e, row 4: 3,000,000 instructions took 12 s to
		// compile, 1.2 GB at its peak and 241 MB kept in the cache
		return nil, cost, fmt.Errorf("its patterns compile to some %d instructions, past the %d subakogo compiles", n, offlineschema.MaxPatternInsts)
	}
	c := offlineschema.NewCompiler()
	if err := c.AddResource(schemaURL, doc); err != nil {
		return nil, cost, err
	}
	if s, err = c.Compile(schemaURL); err != nil {
		return nil, cost, errors.New(strings.ReplaceAll(err.Error(), schemaURL, "the outputSchema"))
	}
	return s, offlineschema.Estimate(doc), nil
}

// textCarries checks that a text block holds structured as JSON.
func textCarries(content, structured any) (Problem, bool) {
	blocks, _ := content.([]any)
	var texts []string
	for _, b := range blocks {
		if m, ok := b.(map[string]any); ok && m["type"] == mcp.BlockText {
			if t, ok := m["text"].(string); ok {
				texts = append(texts, t)
			}
		}
	}
	if len(texts) == 0 {
		return Problem{TextContent, "the result has structuredContent but no text block: clients that read only content see nothing"}, false
	}
	for _, t := range texts {
		if v, err := jsonschema.UnmarshalJSON(strings.NewReader(t)); err == nil && sameJSON(v, structured) {
			return Problem{}, true
		}
	}
	first := texts[0]
	if _, err := jsonschema.UnmarshalJSON(strings.NewReader(first)); err != nil {
		return Problem{TextContent, fmt.Sprintf("no text block carries the structuredContent value %s as JSON: the text is %s", short(structured), quote(first))}, false
	}
	return Problem{TextContent, fmt.Sprintf("the text block carries %s, not the structuredContent value %s", quote(first), short(structured))}, false
}

// sameJSON compares two decoded JSON values: objects whatever their order,
// numbers as the doubles a client reads (1.0 is 1), strings and the rest
// exactly.
func sameJSON(a, b any) bool {
	switch a := a.(type) {
	case map[string]any:
		bm, ok := b.(map[string]any)
		if !ok || len(a) != len(bm) {
			return false
		}
		for k, av := range a {
			bv, ok := bm[k]
			if !ok || !sameJSON(av, bv) {
				return false
			}
		}
		return true
	case []any:
		bl, ok := b.([]any)
		if !ok || len(a) != len(bl) {
			return false
		}
		for i := range a {
			if !sameJSON(a[i], bl[i]) {
				return false
			}
		}
		return true
	case json.Number:
		// Numbers as a client reads them: the doubles (±Inf past a
		// double's range); strconv reads each in time linear in its bytes.
		bn, ok := b.(json.Number)
		if !ok {
			return false
		}
		if a == bn {
			return true
		}
		x, _ := strconv.ParseFloat(string(a), 64)
		y, _ := strconv.ParseFloat(string(bn), 64)
		return x == y
	default:
		return a == b
	}
}

func short(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return textutil.Truncate(string(b), 80)
}

func quote(s string) string {
	return fmt.Sprintf("%q", textutil.Truncate(s, 80))
}
