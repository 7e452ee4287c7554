package tooldiff

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// ParseList reads a committed tool list: a tools/list result
// ({"tools": [...]}), or the bare tools array `subakogo schema` prints.
// Every error starts with the line and column it is about ("2:17: ...").
func ParseList(data []byte) ([]json.RawMessage, error) {
	if err := json.Unmarshal(data, new(any)); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return nil, errorAt(data, se.Offset, "%w", err)
		}
		return nil, errorAt(data, 0, "%w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	start := skip(data, 0)
	tok, _ := dec.Token()
	switch tok {
	case json.Delim('['):
		return elements(dec, data)
	case json.Delim('{'):
		for dec.More() {
			key, _ := dec.Token()
			if key == "tools" {
				at := skip(data, dec.InputOffset())
				if tok, _ := dec.Token(); tok != json.Delim('[') {
					return nil, errorAt(data, at, "\"tools\" is not an array")
				}
				return elements(dec, data)
			}
			var value json.RawMessage
			if err := dec.Decode(&value); err != nil {
				return nil, errorAt(data, dec.InputOffset(), "%w", err)
			}
		}
		return nil, errorAt(data, start, "an object without \"tools\": want a tools/list result {\"tools\": [...]} or the tools array")
	}
	return nil, errorAt(data, start, "not a tools/list result {\"tools\": [...]} nor a tools array")
}

// elements reads the tools of an array whose '[' dec has read.
func elements(dec *json.Decoder, data []byte) ([]json.RawMessage, error) {
	list := []json.RawMessage{}
	for i := 0; dec.More(); i++ {
		at := skip(data, dec.InputOffset())
		var t json.RawMessage
		if err := dec.Decode(&t); err != nil {
			return nil, errorAt(data, at, "%w", err)
		}
		if t[0] != '{' {
			return nil, errorAt(data, at, "tools[%d] is not an object", i)
		}
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
