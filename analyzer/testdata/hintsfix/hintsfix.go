// Hintsfix gets the hints its tool could state.
//
//subako:package hintsfix
package hintsfix

// In is the input.
type In struct{}

// Out is the output.
type Out struct{}

// Greet greets.
//
//subako:function
func greet(in In) (Out, error) { // want `A041 hint-suggested: greet could be marked //subako:readOnly and //subako:openWorld=false`
	return Out{}, nil
}
