// Package chatty is a dependency that writes to stdout, as many do: with
// fmt.Println, and through os.Stdout.
package chatty

import (
	"fmt"
	"os"
)

// Work prints two lines to stdout and returns what it did.
func Work() string {
	fmt.Println("chatty: a stray line from fmt.Println")
	fmt.Fprintf(os.Stdout, "chatty: and one through os.Stdout\n")
	return "printed two lines"
}
