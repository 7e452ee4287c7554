// Fresh is a function package.
//
//subako:package fresh
package fresh

// In is the input.
type In struct {
	// Who to greet.
	Name string `json:"name"`
}

// Out is the output.
type Out struct {
	// The greeting.
	Message string `json:"message"`
}

// Second is declared later in the file, but sorts first.
//
//subako:function
func second(in In) (Out, error) { return Out{}, nil }
