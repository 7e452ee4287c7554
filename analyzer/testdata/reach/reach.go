// Reach calls helpers of other packages of the module.
//
//subako:package reach
package reach

import (
	"errors"

	"example.com/t/reach/startup" // want `A014 stdout-write: package example.com/t/reach/startup uses startup.Banner → fmt.Println at startup.go:\d+ when the module starts`
	"example.com/t/reach/tools"
)

var _ = startup.Name

// In is the input.
type In struct{}

// Out is the output.
type Out struct{}

// Greet logs and may exit, through another package.
//
//subako:function
func greet(in In) (Out, error) {
	tools.Log("hi") // want `A031 stdout-redirected: tools.Log writes to stdout \(tools.Log → tools.say → fmt.Println\); during a call`
	tools.Raw()     // want `A014 stdout-write: tools.Raw writes to file descriptor 1 \(tools.Raw → tools.raw → syscall.Stdout\), which carries the protocol`
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
	tools.ToStdout() // want `A031 stdout-redirected: tools.ToStdout writes to stdout`
}
