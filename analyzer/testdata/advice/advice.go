// Advice draws warnings only, which go vet -vettool leaves out: warnings
// do not fail vet.
//
//subako:package advice
package advice

// In is the input.
type In struct {
	// Labels to greet with.
	Labels map[string]string `json:"labels,omitempty"` // want `A020 schema-portability: field Labels: a map`
	// Who to greet.
	Name string `json:"name"`
}

// Out is the output.
type Out struct {
	// want +2 `A005 description-missing: field Message has no description: write a doc comment for it, which the model reads to understand the result`

	Message string `json:"message"`
}

// Greet greets.
//
//subako:function
func greet(in In) (Out, error) { return Out{}, nil }
