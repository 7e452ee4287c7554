package fresh

// Greet greets.
//
//subako:function
func greet(in In) (Out, error) { return Out{Message: "Hello, " + in.Name}, nil }
