package stale

// Greet greets.
//
//subako:function
func greet(in In) (Out, error) { return Out{Message: "Hello, " + in.Name}, nil } // want `A017 generated-stale: subako_gen.go is out of date \(generated from model 000000000000, the package is now [0-9a-f]{12}\): run go generate`
