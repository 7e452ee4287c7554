// Portability has input fields some clients refuse, and results that are
// not objects, which draw nothing.
//
//subako:package portability
package portability

import "encoding/json"

// Node is recursive.
type Node struct {
	// The node's name.
	Name string `json:"name"`
	// Its children.
	Kids []Node `json:"kids"` // want `A020 schema-portability: field Kids: recursive type Node needs "\$ref" and "\$defs", which Gemini refuses`
}

// In is the input.
type In struct {
	// Labels to set.
	Labels map[string]string `json:"labels"` // want `A020 schema-portability: field Labels: a map is an object without "properties", which OpenAI strict mode refuses: use a struct with the keys as fields`
	// Raw JSON.
	Raw json.RawMessage `json:"raw"` // want `A020 schema-portability: field Raw: any JSON value is a property without "type", and Gemini CLI skips tools with one: use a concrete type`
	// A tree.
	Tree *Node `json:"tree,omitempty"` // want `A020 schema-portability: field Tree: recursive type Node`
	// Plain fields draw nothing.
	Name string `json:"name"`
}

// Points are a list: a result that is not an object draws nothing, since
// it is answered with no outputSchema.
//
//subako:function
func points(in In) ([]int, error) { return nil, nil }

// Any map: a result needs no //subako:any, and its schema is an object.
//
//subako:function
func anyMap(in In) (map[string]any, error) { return nil, nil }

// Shout answers text.
//
//subako:function
func shout(in In) (string, error) { return "", nil }

// Out is an object: nothing to report.
type Out struct {
	// A map in a result draws nothing: the portability rules are about inputs.
	Counts map[string]int `json:"counts"`
}

// Object answers an object.
//
//subako:function
func object(in In) (Out, error) { return Out{}, nil }
