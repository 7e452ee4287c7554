package subako

import (
	"errors"

	"github.com/subako-ai/subako-go/subako/jsonwire"
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
	// Call runs the tool. args is the raw JSON object of the call's
	// "arguments" ("{}" when the call has none), and belongs to Call.
	// Subako does not check arguments against InputSchema, so Call must:
	// bad arguments are an ErrorResult naming the problem, for the model
	// to fix. A panic is recovered and answered as an ErrorResult too.
	Call func(args []byte) Result
}

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
