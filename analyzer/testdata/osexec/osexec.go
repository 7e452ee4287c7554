// Osexec runs programs. // want package:"osExec\\(os/exec\\)"
//
//subako:package osexec
package osexec

import (
	"os/exec" // want `A024 os-exec: os/exec cannot run a program under wasip1, which has no processes: every call fails \("executable file not found in \$PATH"\); do the work in Go, or call a web API with subako.Fetch`

	"example.com/t/osexec/wrapper" // want `A024 os-exec: example.com/t/osexec/wrapper imports example.com/t/osexec/runner → os/exec, which cannot run a program under wasip1 \(no processes\)`
)

var _ = wrapper.Today

// In is the input.
type In struct{}

// Out is the output.
type Out struct{}

// Tool is a tool.
//
//subako:function
func tool(in In) (Out, error) {
	_, err := exec.Command("date").Output()
	return Out{}, err
}
