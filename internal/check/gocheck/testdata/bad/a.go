// Bad has handlers that break the analyzers' rules, one file each, and a
// file built only off wasip1 that does not compile: Analyze loads the
// package as it is built for wasip1, so that file is never seen.
//
//subako:package bad
package main

// In is the input.
type In struct {
	// A number.
	N int `json:"n"`
}

// Takes a pointer.
//
//subako:function
func pointer(in *In) (string, error) { return "", nil }
