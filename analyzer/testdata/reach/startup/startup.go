// want package:"writes to stdout at start: startup.Banner → fmt.Println"

// Package startup prints a banner when the module starts, through a
// function of its own.
package startup

import "fmt"

// Name is what the banner says.
var Name = Banner()

// Banner prints and returns the name.
func Banner() string { // want Banner:"writes to stdout: startup.Banner → fmt.Println"
	fmt.Println("startup")
	return "startup"
}
