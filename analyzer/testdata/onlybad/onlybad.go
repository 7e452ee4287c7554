// Onlybad has one handler, of the wrong shape: no "no tools" on top.
//
//subako:package onlybad
package onlybad

// In is the input.
type In struct{}

// Greet takes a pointer.
//
//subako:function
func Greet(in *In) (string, error) { return "", nil } // want `A001 handler-shape: Greet takes \*In`
