//go:build !wasip1

package main

var notWasip1 int = "not an int"
