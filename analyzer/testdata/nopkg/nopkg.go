// Nopkg has no package directive.
package nopkg // want `A018 package-directive: no //subako:package directive: name the package in its doc comment, e.g. //subako:package nopkg`

// In is the input.
type In struct{}

// Out is the output.
type Out struct{}

// Tool is a tool.
//
//subako:function
func tool(in In) (Out, error) { return Out{}, nil }
