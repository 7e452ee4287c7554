package main

import (
	"github.com/subako-ai/subako-go/internal/input"
)

// readModule reads a module file given on the command line, or standard
// input ("-"), through the one input reader: a regular file of at most
// input.MaxModule bytes, memory-mapped where the system allows (reading a
// 20 MB module into a fresh buffer costs more than validating it).
func readModule(p string) (*input.File, error) { return input.Arg(p, input.MaxModule) }
