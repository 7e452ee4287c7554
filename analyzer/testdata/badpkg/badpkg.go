// Badpkg has an invalid name.
// want +2 `A018 package-directive: package name "Bad Name" is not 1 to 64 characters`
//
//subako:package Bad Name
package badpkg

// In is the input.
type In struct{}

// Out is the output.
type Out struct{}

// Tool is a tool.
//
//subako:function
func tool(in In) (Out, error) { return Out{}, nil }
