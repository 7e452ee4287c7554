// Adds two integers.
//
//subako:package add
package main

// add is a test subject for subakogo's call probes, written
// with the subako runtime (subako_gen.go is go generate's), beside the
// hand-written Go subject in ../go. It has the search variants alone,
// chosen with -ldflags=-X main.variant=NAME: each declares the search
// members (note and code, strings of at most 32 characters; level, from
// and to, integers from 0 to 1000; when, a date) and breaks inside them,
// where no schema edge is; search_good behaves:
//
//	magic_string   a note starting with "admin:" panics
//	mid_number     level 613 panics
//	relation       to one more than from (a one-element range) panics
//	exact_length   a code of exactly 11 characters panics
//	leap_date      when on February 29 panics
//	staged         level 347, note "open-sesame!" and from 271
//	               together panic, each compared in a function of its own:
//	               the module's constants give each value, the coverage of
//	               the stage functions the way to combine them

import (
	"strings"
	"unicode/utf8"
)

//go:generate go run ../../../../cmd/subakogo-generate

// variant is the build's variant, set by the linker.
var variant string

// AddInput is add's arguments.
type AddInput struct {
	// The first addend.
	//subako:minimum=-1000000
	//subako:maximum=1000000
	A int `json:"a"`
	// The second addend.
	//subako:minimum=-1000000
	//subako:maximum=1000000
	B int `json:"b"`
	// A note.
	//subako:maxLength=32
	Note *string `json:"note"`
	// A code.
	//subako:maxLength=32
	Code *string `json:"code"`
	// A level.
	//subako:minimum=0
	//subako:maximum=1000
	Level *int `json:"level"`
	// The range's start.
	//subako:minimum=0
	//subako:maximum=1000
	From *int `json:"from"`
	// The range's end.
	//subako:minimum=0
	//subako:maximum=1000
	To *int `json:"to"`
	// A day.
	//subako:format=date
	When *string `json:"when"`
}

// Sum is add's answer.
type Sum struct {
	// a + b.
	Sum int `json:"sum"`
}

// Adds two integers.
//
//subako:function
func add(in AddInput) (Sum, error) {
	if variant == "magic_string" && in.Note != nil && strings.HasPrefix(*in.Note, "admin:") {
		panic("magic_string: an admin note")
	}
	if variant == "exact_length" && in.Code != nil && utf8.RuneCountInString(*in.Code) == 11 {
		panic("exact_length: a code of 11 characters")
	}
	if variant == "mid_number" && in.Level != nil && *in.Level == 613 {
		panic("mid_number: level 613")
	}
	if variant == "relation" && in.From != nil && in.To != nil && *in.To-*in.From == 1 {
		panic("relation: a one-element range")
	}
	if variant == "leap_date" && in.When != nil && strings.HasSuffix(*in.When, "-02-29") {
		panic("leap_date: February 29")
	}
	if variant == "staged" && in.Level != nil && in.From != nil {
		note := ""
		if in.Note != nil {
			note = *in.Note
		}
		stage1(*in.Level, note, *in.From)
	}
	return Sum{Sum: in.A + in.B}, nil
}

// The stages of the staged variant, each a function of its own (never
// inlined) so that entry coverage sees it, with the constant it compares.

//go:noinline
func stage1(level int, note string, from int) {
	if level == 347 {
		stage2(note, from)
	}
}

//go:noinline
func stage2(note string, from int) {
	if note == "open-sesame!" {
		stage3(from)
	}
}

//go:noinline
func stage3(from int) {
	if from == 271 {
		panic("staged: the third stage")
	}
}
