// Package main has a handler but does not type-check: generate must say
// so, not take it for a package without handlers or write a file from it.
package main

// In is greet's input.
type In struct {
	// Name is who to greet.
	Name string `json:"name"`
}

// Greet greets.
//
//subako:function
func greet(in In) (string, error) {
	var n int = in.Name
	return "hello", nil
}
