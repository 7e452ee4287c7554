// Package mcpschema validates messages against the JSON Schema of MCP
// revision 2026-07-28. It is production code: the probes' result check
// (internal/probe/resultcheck, P030) judges a call's result with it. The
// tests of the runtime, the analyzer and serve check what they write
// against it too, the protocol's own definitions rather than hand-written
// expectations.
//
// schema.json is an unchanged copy of schema/2026-07-28/schema.json from the
// specification repository (github.com/modelcontextprotocol/modelcontextprotocol,
// MIT License, newer contributions Apache-2.0, as its LICENSE says), taken
// from /work/shared/spec/mcp-2026-07-28/schema.json; sha256
// ef70b61f99b6d2e5e3b46863822eab08dff6a45bedc7a08914e0e5b133f40203.
// Replace the file and the hash when the project moves to a newer revision.
//
// Formats are asserted (the library's "uri" check is loose: tests that care
// about RFC 3986 check URIs themselves).
package mcpschema

import (
	"bytes"
	_ "embed"
	"fmt"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

//go:embed schema.json
var schemaJSON []byte

var (
	compiler = sync.OnceValues(func() (*jsonschema.Compiler, error) {
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schemaJSON))
		if err != nil {
			return nil, fmt.Errorf("mcpschema: embedded schema.json: %w", err)
		}
		c := jsonschema.NewCompiler()
		c.AssertFormat()
		if err := c.AddResource(resource, doc); err != nil {
			return nil, err
		}
		return c, nil
	})
	mu       sync.Mutex
	compiled = map[string]*jsonschema.Schema{}
)

const resource = "mcp-2026-07-28.json"

// Definition returns the compiled schema of one of the revision's $defs, by
// name ("CallToolResult", "JSONRPCErrorResponse"). It is safe for concurrent
// use and compiles each definition once.
func Definition(name string) (*jsonschema.Schema, error) {
	c, err := compiler()
	if err != nil {
		return nil, err
	}
	mu.Lock()
	defer mu.Unlock()
	if s := compiled[name]; s != nil {
		return s, nil
	}
	s, err := c.Compile(resource + "#/$defs/" + name)
	if err != nil {
		return nil, fmt.Errorf("mcpschema: definition %q: %w", name, err)
	}
	compiled[name] = s
	return s, nil
}

// Validate checks that message, one JSON value, is a valid instance of the
// definition name. The error says which keyword failed where.
func Validate(name string, message []byte) error {
	s, err := Definition(name)
	if err != nil {
		return err
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(message))
	if err != nil {
		return fmt.Errorf("mcpschema: not JSON: %w", err)
	}
	if err := s.Validate(v); err != nil {
		return fmt.Errorf("not a valid %s: %w", name, err)
	}
	return nil
}

// ValidateValue is Validate for a value already decoded the way
// jsonschema.UnmarshalJSON decodes (numbers as json.Number).
func ValidateValue(name string, v any) error {
	s, err := Definition(name)
	if err != nil {
		return err
	}
	if err := s.Validate(v); err != nil {
		return fmt.Errorf("not a valid %s: %w", name, err)
	}
	return nil
}
