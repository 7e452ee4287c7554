package subako

import (
	"errors"

	"github.com/subako-ai/subako-go/abi/jsonwire"
)

// Package is a function package: what server/discover and tools/list answer
// and the handlers tools/call runs.
//
// For generated code and hand-written servers; not for use by authors of
// //subako:function handlers, which return their value or an error and
// leave this to subako_gen.go.
type Package struct {
	// Name and Description are the package's, as in subako-package.json.
	// The name also identifies the server in every result's serverInfo.
	Name        string
	Description string
	// Version is reported as serverInfo's version. Subako versions packages
	// itself on upload, so it may stay empty, which reports "0.0.0".
	Version string
	// Tools are listed in this order, which keeps tools/list deterministic.
	Tools []Tool
	// Generator, when set, names what generated the package from source
	// ("subako-go" in subako_gen.go), in each tool's _meta under
	// abi.MetaGenerator: lint then leaves the schema portability hazards
	// to the generator's analyzer, which reports them on the Go source.
	Generator string
}

// Tool is one function of a package.
//
// For generated code and hand-written servers; not for use by authors of
// //subako:function handlers, which return their value or an error and
// leave this to subako_gen.go.
type Tool struct {
	// Name is what the model calls the tool by. Subako takes 1 to 64
	// characters of a-z, 0-9, '_' and '-', and rejects the upload otherwise.
	Name string
	// Description is what the model reads to decide when to call the tool.
	Description string
	// InputSchema is a JSON Schema object for the arguments, with
	// "type": "object" at the top.
	InputSchema []byte
	// OutputSchema is a JSON Schema for the value in structuredContent, or
	// nil for none.
	OutputSchema []byte
	// Annotations are hints for clients about what the tool does to its
	// environment (MCP's ToolAnnotations), listed when any is stated.
	Annotations ToolAnnotations
	// Call runs the tool. args is the raw JSON object of the call's
	// "arguments" ("{}" when the call has none), and belongs to Call.
	// Subako does not check arguments against InputSchema, so Call must:
	// bad arguments are an ErrorResult naming the problem, for the model
	// to fix. A panic is recovered and answered as an ErrorResult too.
	Call func(args []byte) Result
}

// ToolAnnotations are MCP's hints about a tool, which clients use to decide
// what to ask the user before a call: auto-approving a read-only tool,
// warning before a destructive one. A hint left HintUnstated is not listed,
// and clients assume MCP's default: not read-only, destructive, not
// idempotent, open world. Generated code sets what the handler's markers
// state (//subako:readOnly...).
type ToolAnnotations struct {
	// Title is a human-readable name for the tool, for people.
	Title string
	// ReadOnly: the tool does not change its environment.
	ReadOnly Hint
	// Destructive: the tool may delete or overwrite (meaningful only when
	// not read-only).
	Destructive Hint
	// Idempotent: calling it again with the same arguments changes
	// nothing more (meaningful only when not read-only).
	Idempotent Hint
	// OpenWorld: the tool reaches entities outside itself, such as the web.
	OpenWorld Hint
}

// Hint is one boolean hint of ToolAnnotations, or none stated.
type Hint uint8

// The values of a Hint.
const (
	HintUnstated Hint = iota
	HintFalse
	HintTrue
)

// appendAnnotations appends the annotations object, members in MCP's
// order, or nothing when a states nothing.
func appendAnnotations(b []byte, a ToolAnnotations) []byte {
	if a == (ToolAnnotations{}) {
		return b
	}
	b = append(b, `,"annotations":{`...)
	sep := ""
	if a.Title != "" {
		b = jsonwire.AppendString(append(b, `"title":`...), a.Title)
		sep = ","
	}
	for i, v := range [...]Hint{a.ReadOnly, a.Destructive, a.Idempotent, a.OpenWorld} {
		if v != HintUnstated {
			b = append(append(append(b, sep...), hintMembers[i]...), hintValues[v]...)
			sep = ","
		}
	}
	return append(b, '}')
}

// hintMembers are the hints' member names in MCP's order, as
// appendAnnotations writes them, and hintValues each Hint's value. (A
// table and one loop: the runtime is in every module, and WebAssembly
// code for a closure per member cost 3 KB.)
var (
	hintMembers = [...]string{`"readOnlyHint":`, `"destructiveHint":`, `"idempotentHint":`, `"openWorldHint":`}
	hintValues  = [...]string{HintFalse: "false", HintTrue: "true"}
)

// checkSchema checks that schema is a JSON object, as MCP requires of both
// schemas, and for an input schema that its "type" is "object".
func checkSchema(schema []byte, input bool) error {
	s := jsonwire.NewScanner(schema)
	if k := s.PeekKind(); k != jsonwire.ObjectBegin {
		if err := jsonwire.Validate(schema); err != nil {
			return errors.New("is not valid JSON: " + err.Error())
		}
		return errors.New("must be a JSON object")
	}
	typeObject := false
	err := s.Members(func(key string) error {
		raw, err := s.Skip()
		if key == "type" && err == nil {
			typeObject = string(raw) == `"object"`
		}
		return err
	})
	if err == nil {
		err = s.Expect(jsonwire.End) // nothing may follow the object
	}
	switch {
	case err != nil:
		return errors.New("is not valid JSON: " + err.Error())
	case input && !typeObject:
		return errors.New(`must have "type": "object" at the top`)
	}
	return nil
}
