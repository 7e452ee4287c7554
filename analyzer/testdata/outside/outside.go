// Outside uses a dependency of another module that writes to stdout: a
// warning at most, since its author cannot edit it.
//
//subako:package outside
package outside

import "example.com/ext/printer" // want `A031 stdout-redirected: package example.com/ext/printer uses printer.banner → fmt.Println at printer.go:\d+, in module example.com/ext, which this module does not edit: what it writes reaches the protocol's stdout`

// In is the input.
type In struct{}

// Out is the output.
type Out struct{}

// Tool calls the dependency.
//
//subako:function
func tool(in In) (Out, error) {
	printer.Say("hi") // want `A031 stdout-redirected: printer.Say writes to stdout \(printer.Say → fmt.Println\), in module example.com/ext, which this module does not edit: what it writes lands on stderr`
	printer.Raw()     // want `A031 stdout-redirected: printer.Raw writes to file descriptor 1 .*in module example.com/ext`
	_ = printer.Ready
	return Out{}, nil
}
