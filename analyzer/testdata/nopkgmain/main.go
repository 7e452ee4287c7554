// Nopkgmain is a command with no package directive: the suggestion is its
// directory's name, not main.
package main // want `A018 package-directive: no //subako:package directive: name the package in its doc comment, e.g. //subako:package nopkgmain`

// In is the input.
type In struct{}

// Out is the output.
type Out struct{}

// Tool is a tool.
//
//subako:function
func tool(in In) (Out, error) { return Out{}, nil }
