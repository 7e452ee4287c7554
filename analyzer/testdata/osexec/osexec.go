// Osexec runs programs. // want package:"osExec\\(os/exec\\)"
//
//subako:package osexec
package osexec

import (
	"os/exec" // want `A024 os-exec: os/exec cannot run a program under wasip1, which has no processes: every call fails \("executable file not found in \$PATH"\); do the work in Go, or call a web API with subako.Fetch`

	"example.com/t/osexec/run"     // only a _linux.go file imports os/exec: no finding
	"example.com/t/osexec/shell"   // only a !wasip1 file imports os/exec: no finding
	"example.com/t/osexec/wrapper" // want `A024 os-exec: example.com/t/osexec/wrapper imports example.com/t/osexec/runner → os/exec, which cannot run a program under wasip1 \(no processes\)`
)

var _, _, _ = wrapper.Today, shell.Version, run.Do

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
