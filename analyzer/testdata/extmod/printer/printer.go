// Package printer is a dependency in a module of its own: what it writes
// is never an error in the module that uses it.
package printer

import (
	"fmt"
	"syscall"
)

// Say prints at call time.
func Say(s string) { fmt.Println(s) }

// Raw writes to file descriptor 1.
func Raw() { _, _ = syscall.Write(syscall.Stdout, nil) }

// Ready is printed when the module starts.
var Ready = banner()

func banner() bool { fmt.Println("ready"); return true }
