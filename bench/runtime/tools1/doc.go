// Greets in 1 way: a package for BenchmarkToolCount.
//
//subako:package tools1
package main

//go:generate go run ../gentools -n 1 -name tools1
//go:generate go run ../../../cmd/subakogo-generate
