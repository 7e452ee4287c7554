// Greets in 64 ways: a package for BenchmarkToolCount.
//
//subako:package tools64
package main

//go:generate go run ../gentools -n 64 -name tools64
//go:generate go run ../../../cmd/subakogo-generate
