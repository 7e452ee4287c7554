// Package manifestcheck validates subako-package.json (the M rules from
// M003 on): JSON with line and column, the project's JSON Schema in
// schemas/, and, after discovery, the manifest against what the module says
// of itself.
package manifestcheck

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/subako-ai/subako-go/rules"
)

// FileName is the manifest file in a package directory.
const FileName = "subako-package.json"

//go:embed schemas/subako-package.schema.json
var manifestSchemaJSON []byte

var manifestSchema = sync.OnceValues(func() (*jsonschema.Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(manifestSchemaJSON))
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	const id = "https://subako.ai/schemas/subako-package.json"
	if err := c.AddResource(id, doc); err != nil {
		return nil, err
	}
	return c.Compile(id)
})

// Manifest is what a valid manifest says.
type Manifest struct {
	ABI         json.Number `json:"abi"`
	Name        string      `json:"name"`
	Description string      `json:"description"`
}

// Check validates subako-package.json with the project's JSON
// Schema for it. Findings carry line and column.
func Check(b []byte) (*Manifest, []rules.Finding) {
	var out []rules.Finding
	at := func(r *rules.Rule, off int, msg string) {
		line, col := lineCol(b, off)
		out = append(out, rules.Finding{Rule: r, Message: msg, Offset: -1, Line: line, Column: col})
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		off := len(b)
		var se *json.SyntaxError
		if errors.As(err, &se) {
			off = int(se.Offset) - 1
		}
		at(rules.ManifestJSON, max(off, 0), "not valid JSON: "+err.Error())
		return nil, out
	}
	obj, ok := inst.(map[string]any)
	if !ok {
		at(rules.ManifestJSON, firstNonSpace(b), "the manifest must be a JSON object")
		return nil, out
	}
	// abi must be the integer 1, written as such: 1.0 or "1" is not it.
	if raw, ok := rawMember(b, "abi"); ok && strings.TrimSpace(raw.text) != "1" {
		at(rules.ManifestABI, raw.offset, "abi is "+strings.TrimSpace(raw.text)+"; it must be the integer 1")
	} else if !ok {
		at(rules.ManifestABI, firstNonSpace(b), "abi is missing; it must be the integer 1")
	}
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if k != "abi" && k != "name" && k != "description" {
			raw, _ := rawMember(b, k)
			at(rules.ManifestUnknownField, raw.keyOffset, "unknown field "+strconv.Quote(k)+": Subako reads only abi, name and description")
		}
	}
	for _, k := range []string{"name", "description"} {
		if _, ok := obj[k]; !ok {
			at(rules.ManifestField, firstNonSpace(b), k+" is missing")
		}
	}
	s, err := manifestSchema()
	if err != nil {
		panic("rules: the manifest schema does not compile: " + err.Error()) // a bug in the embedded schema
	}
	if err := s.Validate(inst); err != nil {
		var ve *jsonschema.ValidationError
		if errors.As(err, &ve) {
			for _, leaf := range leaves(ve) {
				field := ""
				if len(leaf.InstanceLocation) > 0 {
					field = leaf.InstanceLocation[0]
				}
				if field == "abi" || strings.HasPrefix(trimSchemaError(leaf.Error()), "missing propert") {
					continue // said above and below, more plainly
				}
				off := firstNonSpace(b)
				if raw, ok := rawMember(b, field); ok {
					off = raw.offset
				}
				msg := leaf.Error()
				if field != "" {
					msg = field + ": " + trimSchemaError(msg)
				} else {
					msg = trimSchemaError(msg)
				}
				at(rules.ManifestField, off, msg)
			}
		}
	}
	for _, f := range out {
		if f.Rule.Severity == rules.Error {
			return nil, out
		}
	}
	var m Manifest
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	_ = d.Decode(&m)
	return &m, out
}

// leaves flattens a validation error to the causes that name a keyword.
func leaves(e *jsonschema.ValidationError) []*jsonschema.ValidationError {
	if len(e.Causes) == 0 {
		return []*jsonschema.ValidationError{e}
	}
	var out []*jsonschema.ValidationError
	for _, c := range e.Causes {
		out = append(out, leaves(c)...)
	}
	return out
}

// trimSchemaError drops the location prefix the library puts first.
func trimSchemaError(msg string) string {
	if i := strings.Index(msg, ": "); i >= 0 && strings.HasPrefix(msg, "at ") {
		return msg[i+2:]
	}
	return msg
}

type rawValue struct {
	keyOffset, offset int
	text              string
}

// rawMember finds a top-level member's key and value as written.
func rawMember(b []byte, key string) (rawValue, bool) {
	d := json.NewDecoder(bytes.NewReader(b))
	if t, err := d.Token(); err != nil || t != json.Delim('{') {
		return rawValue{}, false
	}
	for d.More() {
		keyOff := int(d.InputOffset())
		t, err := d.Token()
		if err != nil {
			return rawValue{}, false
		}
		var v json.RawMessage
		if err := d.Decode(&v); err != nil {
			return rawValue{}, false
		}
		end := int(d.InputOffset())
		if k, _ := t.(string); k == key {
			start := end - len(v)
			return rawValue{keyOffset: keyOff + firstNonSpace(b[keyOff:]), offset: start, text: string(v)}, true
		}
	}
	return rawValue{}, false
}

func firstNonSpace(b []byte) int {
	for i, c := range b {
		if c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != ',' {
			return i
		}
	}
	return 0
}

// lineCol converts a byte offset to a 1-based line and column.
func lineCol(b []byte, off int) (int, int) {
	off = min(off, len(b))
	line := 1 + bytes.Count(b[:off], []byte{'\n'})
	col := off - bytes.LastIndexByte(b[:off], '\n')
	return line, col
}

// SameAsServer compares the manifest with what the module says of itself:
// the Go SDK (and others) put the package's name and description in the
// serverInfo of every result's _meta, here discover, the server/discover
// result (rule M007).
func SameAsServer(m *Manifest, discover json.RawMessage) []rules.Finding {
	var res struct {
		Meta struct {
			ServerInfo *struct {
				Name        string  `json:"name"`
				Description *string `json:"description"`
			} `json:"io.modelcontextprotocol/serverInfo"`
		} `json:"_meta"`
	}
	if json.Unmarshal(discover, &res) != nil || res.Meta.ServerInfo == nil {
		return nil
	}
	si := res.Meta.ServerInfo
	var out []rules.Finding
	if si.Name != m.Name {
		out = append(out, rules.Finding{Rule: rules.ManifestMismatch, Offset: -1,
			Message: "name is " + strconv.Quote(m.Name) + " but the module calls itself " + strconv.Quote(si.Name)})
	}
	if si.Description != nil && *si.Description != m.Description {
		out = append(out, rules.Finding{Rule: rules.ManifestMismatch, Offset: -1,
			Message: "description is " + strconv.Quote(m.Description) + " but the module says " + strconv.Quote(*si.Description)})
	}
	return out
}
