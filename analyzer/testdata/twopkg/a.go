// Twopkg is named twice.
//
//subako:package twopkg
package twopkg

// In is the input.
type In struct{}

// Out is the output.
type Out struct{}

// Tool is a tool.
//
//subako:function
func tool(in In) (Out, error) { return Out{}, nil }
