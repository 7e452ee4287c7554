// Changed is a function package whose generated file is behind its source.
//
//subako:package changed
package changed

// Options tune a greeting.
type Options struct {
	// How loud.
	//subako:maximum=20
	Volume int `json:"volume"` // want `A017 generated-stale: subako_gen.go is out of date: field Volume of type Options: its markers \(maximum\) changed: run go generate`
}

// In is the input.
type In struct {
	// Who to greet.
	Name string `json:"name"`
	// How to greet.
	Options Options `json:"options"`
	// How often.
	Times int `json:"times"` // want `A017 generated-stale: subako_gen.go is out of date: field Times of type In: the field is new: run go generate`
}

// Out is the output.
type Out struct {
	Message string `json:"msg"` // want `field Message of type Out: its JSON name msg, was message, doc comment changed`
}

// Greet someone warmly.
//
//subako:function
func greet(in In) (Out, error) { return Out{Message: "Hello, " + in.Name}, nil } // want `A017 generated-stale: subako_gen.go is out of date: tool greet: its doc comment changed: run go generate`

// Wave at someone.
//
//subako:function
func wave(in In) (Out, error) { return Out{}, nil }
