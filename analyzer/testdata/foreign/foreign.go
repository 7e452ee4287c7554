// Foreign uses types of another package of the module.
//
//subako:package foreign
package foreign

import "example.com/t/foreign/other"

// In is the input.
type In struct {
	// How to greet.
	Options other.Options `json:"options"` // want `A010 marker-misplaced: //subako:minLength applies to strings, not int \(on field Count of other\)`
	// Wrapped.
	Wrapped other.Wrapper `json:"wrapped"` // want `A008 type-unsupported: field Inner: other.opts is not exported by package example.com/t/foreign/other, so subako_gen.go \(in package foreign\) cannot name it: export it as Opts`
}

// Out is the output.
type Out struct {
	// want +2 `A005 description-missing: field Message has no description: write a doc comment for it, which the model reads to understand the result`

	Message string `json:"message"`
}

// Greet someone.
//
//subako:function
func greet(in In) (Out, error) { return Out{}, nil }
