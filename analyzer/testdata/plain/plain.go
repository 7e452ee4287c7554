// Package plain is not a function package: nothing is reported.
package plain

import (
	"fmt"
	"os"
)

// Hello prints and exits.
func Hello() {
	fmt.Println("hello")
	os.Exit(1)
}
