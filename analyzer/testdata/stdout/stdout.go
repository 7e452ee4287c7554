// Stdout writes to stdout.
//
//subako:package stdout
package stdout

import (
	"fmt"
	"log"
	"log/slog"
	"os"
	"syscall"
)

// In is the input.
type In struct{}

// Out is the output.
type Out struct{}

// Tool is a tool.
//
//subako:function
func tool(in In) (Out, error) {
	fmt.Println("hello")                      // want `A031 stdout-redirected: fmt.Println writes to os.Stdout; during a call subako.Serve has made os.Stdout stderr, so this lands on stderr as a log line`
	fmt.Printf("%d\n", 1)                     // want `A031 stdout-redirected: fmt.Printf writes to os.Stdout`
	fmt.Print("x")                            // want `A031 stdout-redirected: fmt.Print writes to os.Stdout`
	fmt.Fprintln(os.Stdout, "x")              // want `A031 stdout-redirected: os.Stdout is read here; during a call`
	_ = log.New(os.Stdout, "", 0)             // want `A031 stdout-redirected: os.Stdout is read here`
	fmt.Fprintln(os.Stderr, "fine")           // stderr is fine
	println("fine")                           // the builtin writes to stderr
	log.Println("fine")                       // log writes to stderr by default
	_, _ = syscall.Write(syscall.Stdout, nil) // want `A014 stdout-write: syscall.Stdout is file descriptor 1, which carries the protocol whatever os.Stdout is`
	later()
	return Out{}, nil
}

// logger is made when the module starts, from the protocol's stdout.
var logger = log.New(os.Stdout, "", 0) // want `A014 stdout-write: os.Stdout is read here when the module starts \(in init or a package variable\), before subako.Serve makes os.Stdout stderr`

// out is file descriptor 1 itself, made when the module starts.
var out = os.NewFile(1, "out") // want `A014 stdout-write: os.NewFile\(1, ...\) is file descriptor 1, which carries the protocol whatever os.Stdout is`

// errs is stderr, which is fine.
var errs = os.NewFile(2, "errs")

// later prints when it is called, during a call.
var later = func() { fmt.Println("later") } // want `A031 stdout-redirected: fmt.Println writes to os.Stdout; during a call`

func init() {
	log.SetOutput(os.Stdout)                          // want `A014 stdout-write: os.Stdout is read here when the module starts`
	_ = slog.New(slog.NewTextHandler(os.Stdout, nil)) // want `A014 stdout-write: os.Stdout is read here when the module starts`
	print := fmt.Println                              // want `A014 stdout-write: fmt.Println writes to os.Stdout when the module starts`
	_ = print
	logger.Print("ready")
}
