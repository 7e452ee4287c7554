// Command add is an ABI 1 function package written with Go's standard
// library alone (GOOS=wasip1, not the subako runtime), with one tool, add,
// that sums two integers. A test subject for subakogo's call probes: built
// plain it behaves; -ldflags=-X main.variant=NAME breaks one probe and
// nothing that upload discovery can see:
//
//	rpc_error      bad arguments get a JSON-RPC error instead of an isError result
//	read_to_eof    a call is answered only once stdin reaches end of file
//	slow_exit      after a call, the module sleeps 2 s at end of file before exiting
//	answer_notify  a notification gets an answer
//	bad_output     structuredContent's sum is a string, against the outputSchema
//	string_id      a numeric id is echoed as a string
//	max_trap       a or b at its maximum, 1000000, panics
//	null_id        a call is answered with id null
//
// The edge variants declare three more optional members (mode, an enum;
// label, a string or null of at most 16 characters; tags, at most 4
// strings) and break on one edge of them; edge_good behaves:
//
//	enum_second    mode "difference" gets a JSON-RPC error
//	empty_string   an empty label panics
//	non_ascii      a label starting with a non-ASCII character gets a JSON-RPC error
//	null_member    a null label panics
//	max_items      tags at maxItems (4) panics
//	empty_array    an empty tags array gets a JSON-RPC error
//
// The search variants declare other optional members (note and code,
// strings of at most 32 characters; level, from and to, integers from 0 to
// 1000; when, a date) and break where no schema edge is: only a search
// that reads the module's own constants, or relates two members, finds
// them; search_good behaves:
//
//	magic_string   a note starting with "admin:" panics
//	mid_number     level 613 panics
//	relation       to one more than from (a one-element range) panics
//	exact_length   a code of exactly 11 characters panics
//	leap_date      when on February 29 panics
//	staged         level 347, note "open-sesame!" and from 271
//	               together panic, each compared in a function of its own:
//	               the module's constants give each value, the coverage of
//	               the stage functions the way to combine them
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"strconv"
	"strings"
	"time"
)

var variant string

const tools = `{"tools":[{"name":"add","description":"Adds two integers.",` +
	`"inputSchema":{"type":"object","properties":{` +
	`"a":{"type":"integer","description":"The first addend.","minimum":-1000000,"maximum":1000000},` +
	`"b":{"type":"integer","description":"The second addend.","minimum":-1000000,"maximum":1000000}},` +
	`"required":["a","b"],"additionalProperties":false},` +
	`"outputSchema":{"type":"object","properties":{` +
	`"sum":{"type":"integer","description":"a + b."}},` +
	`"required":["sum"],"additionalProperties":false}}],"resultType":"complete"}`

// edgeTools is the tool list of the edge variants.
const edgeTools = `{"tools":[{"name":"add","description":"Adds two integers.",` +
	`"inputSchema":{"type":"object","properties":{` +
	`"a":{"type":"integer","description":"The first addend.","minimum":-1000000,"maximum":1000000},` +
	`"b":{"type":"integer","description":"The second addend.","minimum":-1000000,"maximum":1000000},` +
	`"mode":{"type":"string","enum":["sum","difference"],"description":"What to compute."},` +
	`"label":{"type":["string","null"],"maxLength":16,"description":"A label for the result."},` +
	`"tags":{"type":"array","items":{"type":"string","maxLength":8},"maxItems":4,"description":"Tags."}},` +
	`"required":["a","b"],"additionalProperties":false},` +
	`"outputSchema":{"type":"object","properties":{` +
	`"sum":{"type":"integer","description":"a + b."}},` +
	`"required":["sum"],"additionalProperties":false}}],"resultType":"complete"}`

// searchTools is the tool list of the search variants.
const searchTools = `{"tools":[{"name":"add","description":"Adds two integers.",` +
	`"inputSchema":{"type":"object","properties":{` +
	`"a":{"type":"integer","description":"The first addend.","minimum":-1000000,"maximum":1000000},` +
	`"b":{"type":"integer","description":"The second addend.","minimum":-1000000,"maximum":1000000},` +
	`"note":{"type":"string","maxLength":32,"description":"A note."},` +
	`"code":{"type":"string","maxLength":32,"description":"A code."},` +
	`"level":{"type":"integer","minimum":0,"maximum":1000,"description":"A level."},` +
	`"from":{"type":"integer","minimum":0,"maximum":1000,"description":"The range's start."},` +
	`"to":{"type":"integer","minimum":0,"maximum":1000,"description":"The range's end."},` +
	`"when":{"type":"string","format":"date","description":"A day."}},` +
	`"required":["a","b"],"additionalProperties":false},` +
	`"outputSchema":{"type":"object","properties":{` +
	`"sum":{"type":"integer","description":"a + b."}},` +
	`"required":["sum"],"additionalProperties":false}}],"resultType":"complete"}`

// search tells the variants that use searchTools.
func search() bool {
	switch variant {
	case "search_good", "magic_string", "mid_number", "relation", "exact_length", "leap_date", "staged":
		return true
	}
	return false
}

// edge tells the variants that use edgeTools.
func edge() bool {
	switch variant {
	case "edge_good", "enum_second", "empty_string", "non_ascii", "null_member", "max_items", "empty_array":
		return true
	}
	return false
}

// rpcError is a fault a variant answers with a JSON-RPC error.
type rpcError struct{ msg string }

func (e rpcError) Error() string { return e.msg }

type message struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params struct {
		Name      string          `json:"name"`
		Arguments json.RawMessage `json:"arguments"`
	} `json:"params"`
}

type content struct {
	Type string `json:"type"`
	Text string `json:"text"`
}

type callResult struct {
	ResultType        string    `json:"resultType"`
	Content           []content `json:"content"`
	StructuredContent any       `json:"structuredContent,omitempty"`
	IsError           bool      `json:"isError,omitempty"`
}

func main() {
	in := bufio.NewReader(os.Stdin)
	called := false
	for {
		line, err := in.ReadBytes('\n')
		if len(line) > 0 {
			called = handle(in, line) || called
		}
		if err != nil {
			break
		}
	}
	if variant == "slow_exit" && called {
		time.Sleep(2 * time.Second)
	}
}

// handle answers one line and says whether it was a call.
func handle(in io.Reader, line []byte) bool {
	var m message
	if json.Unmarshal(line, &m) != nil {
		return false
	}
	if m.ID == nil {
		if variant == "answer_notify" {
			os.Stdout.WriteString(`{"jsonrpc":"2.0","id":null,"result":{}}` + "\n")
		}
		return false
	}
	switch m.Method {
	case "server/discover":
		answer(m.ID, "result", json.RawMessage(`{"supportedVersions":["2026-07-28"],"capabilities":{"tools":{}},"resultType":"complete"}`))
	case "tools/list":
		switch {
		case edge():
			answer(m.ID, "result", json.RawMessage(edgeTools))
		case search():
			answer(m.ID, "result", json.RawMessage(searchTools))
		default:
			answer(m.ID, "result", json.RawMessage(tools))
		}
	case "tools/call":
		if variant == "read_to_eof" {
			_, _ = io.Copy(io.Discard, in)
		}
		call(m.ID, m.Params.Name, m.Params.Arguments)
		return true
	default:
		answer(m.ID, "error", map[string]any{"code": -32601, "message": "method not found"})
	}
	return false
}

func call(id json.RawMessage, name string, args json.RawMessage) {
	sum, err := add(name, args)
	var rpc rpcError
	switch {
	case errors.As(err, &rpc):
		answer(id, "error", map[string]any{"code": -32603, "message": err.Error()})
	case err != nil && variant == "rpc_error":
		answer(id, "error", map[string]any{"code": -32602, "message": err.Error()})
	case err != nil:
		answer(id, "result", callResult{ResultType: "complete", Content: []content{{"text", err.Error()}}, IsError: true})
	default:
		var out any = map[string]int64{"sum": sum}
		if variant == "bad_output" {
			out = map[string]string{"sum": strconv.FormatInt(sum, 10)}
		}
		text, _ := json.Marshal(out)
		answer(id, "result", callResult{ResultType: "complete", Content: []content{{"text", string(text)}}, StructuredContent: out})
	}
}

// add checks the arguments as the schema says and sums them.
func add(name string, args json.RawMessage) (int64, error) {
	if name != "add" {
		return 0, errors.New("there is no such tool: the tool is add")
	}
	var in map[string]json.RawMessage
	if json.Unmarshal(args, &in) != nil || in == nil {
		return 0, errors.New("arguments must be an object with a and b")
	}
	var sum int64
	for _, k := range []string{"a", "b"} {
		v, ok := in[k]
		if !ok {
			return 0, errors.New("a and b are required")
		}
		n, err := strconv.ParseInt(string(bytes.TrimSpace(v)), 10, 64)
		if err != nil || n < -1000000 || n > 1000000 {
			return 0, errors.New("a and b must be integers from -1000000 to 1000000")
		}
		if variant == "max_trap" && n == 1000000 {
			panic("max_trap: an addend at its maximum")
		}
		sum += n
		delete(in, k)
	}
	if edge() {
		if err := edgeMembers(in); err != nil {
			return 0, err
		}
	}
	if search() {
		if err := searchMembers(in); err != nil {
			return 0, err
		}
	}
	if len(in) > 0 {
		return 0, errors.New("unknown argument: add takes a and b only")
	}
	return sum, nil
}

// edgeMembers checks (and removes from in) the edge variants' optional
// members, each variant breaking on its edge.
func edgeMembers(in map[string]json.RawMessage) error {
	if v, ok := in["mode"]; ok {
		var mode string
		if json.Unmarshal(v, &mode) != nil || (mode != "sum" && mode != "difference") {
			return errors.New(`mode must be "sum" or "difference"`)
		}
		if mode == "difference" && variant == "enum_second" {
			return rpcError{"mode difference is not implemented"}
		}
		delete(in, "mode")
	}
	if v, ok := in["label"]; ok {
		var label *string
		if json.Unmarshal(v, &label) != nil {
			return errors.New("label must be a string or null")
		}
		if label == nil && variant == "null_member" {
			panic("null_member: a null label")
		}
		if label != nil {
			if len([]rune(*label)) > 16 {
				return errors.New("label must be at most 16 characters")
			}
			if *label == "" && variant == "empty_string" {
				panic("empty_string: an empty label")
			}
			if *label != "" && (*label)[0] >= 0x80 && variant == "non_ascii" {
				return rpcError{"label must start with an ASCII character"}
			}
		}
		delete(in, "label")
	}
	if v, ok := in["tags"]; ok {
		var tags []string
		if json.Unmarshal(v, &tags) != nil || len(tags) > 4 {
			return errors.New("tags must be at most 4 strings")
		}
		for _, t := range tags {
			if len([]rune(t)) > 8 {
				return errors.New("a tag must be at most 8 characters")
			}
		}
		var first [4]string
		if len(tags) == 4 && variant == "max_items" {
			_ = first[len(tags)] // the index a fixed array of 4 does not have
		}
		if string(bytes.TrimSpace(v)) == "[]" && variant == "empty_array" {
			return rpcError{"tags must not be empty"}
		}
		delete(in, "tags")
	}
	return nil
}

// searchMembers checks (and removes from in) the search variants'
// optional members, each variant breaking inside them.
func searchMembers(in map[string]json.RawMessage) error {
	text := func(k string) (string, bool, error) {
		v, ok := in[k]
		if !ok {
			return "", false, nil
		}
		delete(in, k)
		var s string
		if json.Unmarshal(v, &s) != nil || len([]rune(s)) > 32 {
			return "", false, errors.New(k + " must be a string of at most 32 characters")
		}
		return s, true, nil
	}
	integer := func(k string) (int64, bool, error) {
		v, ok := in[k]
		if !ok {
			return 0, false, nil
		}
		delete(in, k)
		n, err := strconv.ParseInt(string(bytes.TrimSpace(v)), 10, 64)
		if err != nil || n < 0 || n > 1000 {
			return 0, false, errors.New(k + " must be an integer from 0 to 1000")
		}
		return n, true, nil
	}
	note, _, err := text("note")
	if err != nil {
		return err
	}
	if strings.HasPrefix(note, "admin:") && variant == "magic_string" {
		panic("magic_string: an admin note")
	}
	code, _, err := text("code")
	if err != nil {
		return err
	}
	if len(code) == 11 && variant == "exact_length" {
		panic("exact_length: a code of 11 characters")
	}
	level, _, err := integer("level")
	if err != nil {
		return err
	}
	if level == 613 && variant == "mid_number" {
		panic("mid_number: level 613")
	}
	from, hasFrom, err := integer("from")
	if err != nil {
		return err
	}
	to, hasTo, err := integer("to")
	if err != nil {
		return err
	}
	if hasFrom && variant == "staged" {
		stage1(level, note, from)
	}
	if hasFrom && hasTo && to-from == 1 && variant == "relation" {
		panic("relation: a one-element range")
	}
	when, hasWhen, err := text("when")
	if err != nil {
		return err
	}
	if hasWhen {
		day, err := time.Parse("2006-01-02", when)
		if err != nil {
			return errors.New("when must be a date, YYYY-MM-DD")
		}
		if day.Month() == time.February && day.Day() == 29 && variant == "leap_date" {
			panic("leap_date: February 29")
		}
	}
	return nil
}

// The stages of the staged variant, each a function of its own (never
// inlined) so that entry coverage sees it, with the constant it compares.

//go:noinline
func stage1(level int64, note string, from int64) {
	if level == 347 {
		stage2(note, from)
	}
}

//go:noinline
func stage2(note string, from int64) {
	if note == "open-sesame!" {
		stage3(from)
	}
}

//go:noinline
func stage3(from int64) {
	if from == 271 {
		panic("staged: the third stage")
	}
}

// body2json is an answer's body as JSON.
func body2json(body any) []byte {
	b, _ := json.Marshal(body)
	return b
}

// answer writes one response line; kind is "result" or "error".
func answer(id json.RawMessage, kind string, body any) {
	if variant == "null_id" && kind == "result" && bytes.Contains(body2json(body), []byte(`"content"`)) {
		id = json.RawMessage("null")
	}
	if variant == "string_id" && id[0] != '"' {
		id = strconv.AppendQuote(nil, string(id))
	}
	b, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, kind: body})
	if err != nil {
		panic(err)
	}
	os.Stdout.Write(append(b, '\n'))
}
