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
	fmt.Println("hello")                      // want `A014 stdout-write: fmt.Println writes to stdout, and stdout carries the protocol`
	fmt.Printf("%d\n", 1)                     // want `A014 stdout-write: fmt.Printf writes to stdout`
	fmt.Print("x")                            // want `A014 stdout-write: fmt.Print writes to stdout`
	fmt.Fprintln(os.Stdout, "x")              // want `A014 stdout-write: os.Stdout is stdout`
	fmt.Fprintln(os.Stderr, "fine")           // stderr is fine
	println("fine")                           // the builtin writes to stderr
	log.Println("fine")                       // log writes to stderr by default
	_, _ = syscall.Write(syscall.Stdout, nil) // want `A014 stdout-write: syscall.Stdout is stdout's file descriptor`
	return Out{}, nil
}

func init() {
	log.SetOutput(os.Stdout)                          // want `A014 stdout-write: os.Stdout is stdout`
	_ = slog.New(slog.NewTextHandler(os.Stdout, nil)) // want `A014 stdout-write: os.Stdout is stdout`
	print := fmt.Println                              // want `A014 stdout-write: fmt.Println writes to stdout`
	_ = print
}
