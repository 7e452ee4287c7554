package main

import "fmt"

// Prints to stdout, which is the protocol's.
//
//subako:function
func shout(in In) (string, error) {
	fmt.Println("hello")
	return "", nil
}
