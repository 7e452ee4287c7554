package missing

// Greet greets.
//
//subako:function
func greet(in In) (Out, error) { return Out{Message: "Hello, " + in.Name}, nil } // want `A017 generated-stale: subako_gen.go is missing: run go generate`
