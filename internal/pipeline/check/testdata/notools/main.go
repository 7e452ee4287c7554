// Greets no one: the handler's directive has a space after //, so the
// package has no tools (A004, A012) and no generated main to link.
//
//subako:package notools
package main

// GreetInput is greet's arguments.
type GreetInput struct {
	// Who to greet.
	Name string `json:"name"`
}

// Greet greets.
//
// subako:function
func greet(in GreetInput) (string, error) { return "Hello, " + in.Name, nil }
