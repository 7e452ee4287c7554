// Ignored shows //subako:ignore.
//
//subako:package ignored
package ignored

import (
	"fmt"
	"os"
)

// In is the input.
type In struct {
	// Name to use.
	Name string `json:"name"`
}

// Out is the output.
type Out struct {
	// Message said.
	Message string `json:"message"`
}

// Greet greets.
//
//subako:function
func greet(in In) (Out, error) {
	//subako:ignore A014 printed only by the native build, which is not a module
	fmt.Println("hello")
	fmt.Println("again") // want `A014 stdout-write`
	//subako:ignore A015
	os.Exit(1) // want `A015 exit-in-handler`
	return Out{}, nil
}
