package tooldiff

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// ParseList reads a committed tool list: a tools/list result
// ({"tools": [...]}), a saved JSON-RPC response holding one
// ({"jsonrpc": "2.0", "id": 1, "result": {"tools": [...]}}), or the bare
// tools array `subakogo schema` prints. Numbers of any size are read as
// JSON numbers. An entry that is not an object, has no name or repeats an
// earlier name is refused: the two lists could not be matched tool by
// tool. Every error starts with the line and column it is about
// ("2:17: ...").
func ParseList(data []byte) ([]json.RawMessage, error) {
	if !json.Valid(data) {
		return nil, syntaxError(data)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	start := skip(data, 0)
	tok, _ := dec.Token()
	switch tok {
	case json.Delim('['):
		return elements(dec, data)
	case json.Delim('{'):
		return members(dec, data, start)
	}
	return nil, errorAt(data, start, "not a tools/list result {\"tools\": [...]} nor a tools array")
}

// syntaxError says where data, not valid JSON, goes wrong.
func syntaxError(data []byte) error {
	check := json.NewDecoder(bytes.NewReader(data))
	check.UseNumber()
	var whole any
	if err := check.Decode(&whole); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return errorAt(data, se.Offset, "%w", err)
		}
		return errorAt(data, 0, "%w", err)
	}
	rest := data[check.InputOffset():]
	return errorAt(data, int64(len(data)-len(bytes.TrimLeft(rest, " \t\r\n"))), "more after the tool list")
}

// members reads an object whose '{' dec has read, at offset start, for its
// "tools", or the "result" of a JSON-RPC response that holds them.
func members(dec *json.Decoder, data []byte, start int64) ([]json.RawMessage, error) {
	for dec.More() {
		key, _ := dec.Token()
		at := skip(data, dec.InputOffset())
		switch key {
		case "tools":
			if tok, _ := dec.Token(); tok != json.Delim('[') {
				return nil, errorAt(data, at, "\"tools\" is not an array")
			}
			return elements(dec, data)
		case "result":
			if tok, _ := dec.Token(); tok != json.Delim('{') {
				return nil, errorAt(data, at, "\"result\" is not an object")
			}
			return members(dec, data, at)
		case "error":
			return nil, errorAt(data, at, "a JSON-RPC error response: it holds no tools")
		}
		var value json.RawMessage
		if err := dec.Decode(&value); err != nil {
			return nil, errorAt(data, dec.InputOffset(), "%w", err)
		}
	}
	return nil, errorAt(data, start, "an object without \"tools\": want a tools/list result {\"tools\": [...]}, a JSON-RPC response holding one, or the tools array")
}

// elements reads the tools of an array whose '[' dec has read.
func elements(dec *json.Decoder, data []byte) ([]json.RawMessage, error) {
	list := []json.RawMessage{}
	first := map[string]int{}
	for i := 0; dec.More(); i++ {
		at := skip(data, dec.InputOffset())
		var t json.RawMessage
		if err := dec.Decode(&t); err != nil {
			return nil, errorAt(data, at, "%w", err)
		}
		if t[0] != '{' {
			return nil, errorAt(data, at, "tools[%d] is not an object", i)
		}
		var head struct {
			Name any `json:"name"`
		}
		_ = json.Unmarshal(t, &head) // valid JSON, an object
		name, _ := head.Name.(string)
		if name == "" {
			return nil, errorAt(data, at, "tools[%d] has no name", i)
		}
		if j, dup := first[name]; dup {
			return nil, errorAt(data, at, "tools[%d] is named %s, as tools[%d] is: one name, two tools", i, quote(name), j)
		}
		first[name] = i
		list = append(list, t)
	}
	return list, nil
}

// skip moves off past white space and a comma, to the next value.
func skip(data []byte, off int64) int64 {
	for off < int64(len(data)) && bytes.IndexByte([]byte(" \t\r\n,:"), data[off]) >= 0 {
		off++
	}
	return off
}

// errorAt is an error prefixed with the 1-based line and column (in
// bytes) of offset off.
func errorAt(data []byte, off int64, format string, args ...any) error {
	off = min(max(off, 0), int64(len(data)))
	before := data[:off]
	line := bytes.Count(before, []byte{'\n'}) + 1
	col := int(off) - (bytes.LastIndexByte(before, '\n') + 1) + 1
	return fmt.Errorf("%d:%d: "+format, append([]any{line, col}, args...)...)
}
