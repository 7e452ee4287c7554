// The JSON tree the checks read: it keeps the order of object members,
// so that findings point at the first place in the document.

package toolcheck

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"

	"github.com/subako-ai/subako-go/internal/textutil"
)

// compactLen is the length of raw as compact JSON (its own length when it
// is not valid JSON).
func compactLen(raw []byte) int {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return len(bytes.TrimSpace(raw))
	}
	return b.Len()
}

// rawKind names the JSON type of raw bytes, as "a string", "an object"...
func rawKind(raw []byte) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return "empty"
	}
	if !json.Valid(raw) {
		return "not valid JSON"
	}
	switch raw[0] {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case '"':
		return "a string"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "a number"
}

// jnode is a JSON value that keeps the order of object members, so that
// findings point at the first place in the document.
type jnode struct {
	kind  jkind
	keys  []string // object member names, in order
	vals  []*jnode // object member values, or array elements
	str   string   // a string, or a number's text
	b     bool
	depth int // levels of nesting, 1 for a scalar or an empty object or array
}

type jkind uint8

const (
	jNull jkind = iota
	jBool
	jNumber
	jString
	jArray
	jObject
)

// get returns an object's member (the last one of that name, as
// encoding/json does), or nil.
func (n *jnode) get(key string) *jnode {
	if n == nil || n.kind != jObject {
		return nil
	}
	for i := len(n.keys) - 1; i >= 0; i-- {
		if n.keys[i] == key {
			return n.vals[i]
		}
	}
	return nil
}

func (n *jnode) kindName() string {
	return [...]string{"null", "a boolean", "a number", "a string", "an array", "an object"}[n.kind]
}

// compact writes short values back as JSON, for messages.
func (n *jnode) compact() string {
	b, err := json.Marshal(n.toAny())
	if err != nil {
		return n.kindName()
	}
	return textutil.Truncate(string(b), 80)
}

// toAny converts to what encoding/json decodes with UseNumber.
func (n *jnode) toAny() any {
	switch n.kind {
	case jBool:
		return n.b
	case jNumber:
		return json.Number(n.str)
	case jString:
		return n.str
	case jArray:
		a := make([]any, len(n.vals))
		for i, v := range n.vals {
			a[i] = v.toAny()
		}
		return a
	case jObject:
		m := make(map[string]any, len(n.keys))
		for i, k := range n.keys {
			m[k] = n.vals[i].toAny()
		}
		return m
	}
	return nil
}

func parseJSON(b []byte) (*jnode, error) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	n, err := parseValue(d)
	if err != nil {
		return nil, err
	}
	if _, err := d.Token(); !errors.Is(err, io.EOF) {
		return nil, errors.New("data after the value")
	}
	return n, nil
}

func parseValue(d *json.Decoder) (*jnode, error) {
	t, err := d.Token()
	if err != nil {
		return nil, err
	}
	switch v := t.(type) {
	case json.Delim:
		n := &jnode{kind: jArray}
		if v == '{' {
			n.kind = jObject
		}
		for d.More() {
			if n.kind == jObject {
				k, err := d.Token()
				if err != nil {
					return nil, err
				}
				key, _ := k.(string)
				n.keys = append(n.keys, key)
			}
			e, err := parseValue(d)
			if err != nil {
				return nil, err
			}
			n.vals = append(n.vals, e)
			n.depth = max(n.depth, e.depth)
		}
		if _, err := d.Token(); err != nil { // the closing delimiter
			return nil, err
		}
		n.depth++
		return n, nil
	case string:
		return &jnode{kind: jString, str: v, depth: 1}, nil
	case json.Number:
		return &jnode{kind: jNumber, str: string(v), depth: 1}, nil
	case bool:
		return &jnode{kind: jBool, b: v, depth: 1}, nil
	}
	return &jnode{kind: jNull, depth: 1}, nil
}
