package tooldiff

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// ParseList reads a committed tool list: a tools/list result
// ({"tools": [...]}), or the bare tools array `subakogo schema` prints.
// Errors name the line and column.
func ParseList(data []byte) ([]json.RawMessage, error) {
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			line, col := position(data, se.Offset)
			return nil, fmt.Errorf("%d:%d: %w", line, col, err)
		}
		return nil, err
	}
	var list []json.RawMessage
	switch v.(type) {
	case []any:
		if err := json.Unmarshal(data, &list); err != nil {
			return nil, err
		}
	case map[string]any:
		var result struct {
			Tools *[]json.RawMessage `json:"tools"`
		}
		if err := json.Unmarshal(data, &result); err != nil || result.Tools == nil {
			line, col := position(data, int64(len(bytes.TrimRight(data, " \t\r\n"))))
			return nil, fmt.Errorf("%d:%d: an object without a \"tools\" array: want a tools/list result {\"tools\": [...]} or the tools array", line, col)
		}
		list = *result.Tools
	default:
		return nil, errors.New("1:1: not a tools/list result {\"tools\": [...]} nor a tools array")
	}
	for i, t := range list {
		if _, ok := decode(t).(map[string]any); !ok {
			return nil, fmt.Errorf("tools[%d] is not an object", i)
		}
	}
	return list, nil
}

// position turns a byte offset into a 1-based line and column (in bytes).
func position(data []byte, off int64) (line, col int) {
	off = min(max(off, 0), int64(len(data)))
	before := data[:off]
	line = bytes.Count(before, []byte{'\n'}) + 1
	col = int(off) - (bytes.LastIndexByte(before, '\n') + 1) + 1
	return line, col
}
