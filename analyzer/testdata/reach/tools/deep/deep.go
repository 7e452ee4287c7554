// Package deep is two packages away from the handlers.
package deep

import "os"

// Quit ends the process.
func Quit(code int) { // want Quit:"exits: deep.Quit → os.Exit"
	os.Exit(code)
}
