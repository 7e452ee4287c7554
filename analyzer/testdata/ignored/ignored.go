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
	//subako:ignore A031 a log line on stderr is what is meant
	fmt.Println("hello")
	fmt.Println("again") // want `A031 stdout-redirected`
	//subako:ignore A015
	os.Exit(1) // want `A015 exit-in-handler`
	return Out{}, nil
}
