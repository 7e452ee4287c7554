// Reach calls helpers of other packages of the module.
//
//subako:package reach
package reach

import (
	"errors"

	"example.com/t/reach/tools"
)

// In is the input.
type In struct{}

// Out is the output.
type Out struct{}

// Greet logs and may exit, through another package.
//
//subako:function
func greet(in In) (Out, error) {
	tools.Log("hi") // want `A014 stdout-write: tools.Log writes to stdout \(tools.Log → tools.say → fmt.Println\)`
	tools.Stderr("fine")
	helper()
	tools.Logger{}.Fail() // want `A015 exit-in-handler: tools.Logger.Fail → \(\*log.Logger\).Fatal is reached from handler greet`
	return Out{}, nil
}

func helper() {
	tools.Must(errors.New("x")) // want `A015 exit-in-handler: tools.Must → deep.Quit → os.Exit is reached from handler greet \(greet → helper\)`
}

func main() {
	tools.Must(nil)  // main is not a handler
	tools.ToStdout() // want `A014 stdout-write: tools.ToStdout writes to stdout`
}
