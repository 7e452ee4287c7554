// Package rt holds the helpers that subakogo generate copies into every
// subako_gen.go, next to the decoders and encoders it writes. They live
// here as ordinary Go so that they are compiled, vetted and tested like any
// other code; the generator copies each declaration the generated code
// uses (and what those use in turn), with their imports.
//
// Every declaration starts with "subako", the prefix the generated file
// keeps to itself in the author's package. Nothing here may import
// reflect, fmt or encoding/json.
package rt

import (
	"strconv"

	"github.com/subako-ai/subako-go/abi/jsonwire"
)

// subakoError is a bad argument: where it is, as a path below "arguments"
// (".items[2].name"), and what is wrong with it.
type subakoError struct {
	path string
	msg  string
}

func (e *subakoError) Error() string { return "arguments" + e.path + ": " + e.msg }

// subakoErr is the error msg about the value at path.
func subakoErr(path, msg string) error { return &subakoError{path: path, msg: msg} }

// subakoAt puts err below path: a decoder returns errors relative to the
// value it decodes, and each caller adds where that value is.
func subakoAt(err error, path string) error {
	switch e := err.(type) { //nolint:errorlint // the decoders never wrap their errors
	case *subakoError:
		e.path = path + e.path
		return e
	case *subakoErrors:
		for _, f := range e.list {
			f.err.path = path + f.err.path
		}
		return e
	}
	return &subakoError{path: path, msg: err.Error()}
}

// subakoErrorsMax bounds the errors one answer lists.
const subakoErrorsMax = 10

// subakoErrors are the bad members of one object, reported together in
// the order of its schema (a member's index there), at most
// subakoErrorsMax of them, and how many more there were.
type subakoErrors struct {
	list []subakoIndexed
	more int
}

// subakoIndexed is one error and the index of its member in the schema.
type subakoIndexed struct {
	index int
	err   *subakoError
}

// note adds err, about the member of schema index i (an object of errors
// adds each), keeping the first subakoErrorsMax in schema order.
func (e *subakoErrors) note(i int, err error) {
	if many, ok := err.(*subakoErrors); ok { //nolint:errorlint // the decoders never wrap their errors
		for _, f := range many.list {
			e.note(i, f.err)
		}
		e.more += many.more
		return
	}
	one, ok := err.(*subakoError) //nolint:errorlint // the decoders never wrap their errors
	if !ok {
		one = &subakoError{msg: err.Error()}
	}
	at := len(e.list)
	for at > 0 && e.list[at-1].index > i {
		at--
	}
	e.list = append(e.list, subakoIndexed{})
	copy(e.list[at+1:], e.list[at:])
	e.list[at] = subakoIndexed{i, one}
	if len(e.list) > subakoErrorsMax {
		e.list = e.list[:subakoErrorsMax]
		e.more++
	}
}

// err is the errors noted as one error: nil for none, the error itself
// for one.
func (e *subakoErrors) err() error {
	switch {
	case len(e.list) == 0:
		return nil
	case len(e.list) == 1 && e.more == 0:
		return e.list[0].err
	}
	return e
}

// Error lists each error on a line of its own, the first first.
func (e *subakoErrors) Error() string {
	msg := ""
	for i, f := range e.list {
		if i > 0 {
			msg += "\n"
		}
		msg += f.err.Error()
	}
	if e.more > 0 {
		msg += "\n(and " + strconv.Itoa(e.more) + " more)"
	}
	return msg
}

// subakoResync passes over what is left of a member's value after an
// error in it, so that the next member can be read: the whole value when
// its first token was not read (the scanner is still at key, the offset of
// the member's key), else up to the end of the containers it opened
// (depth is the object's own).
func subakoResync(s *jsonwire.Scanner, depth, key int) error {
	if s.Offset() == key {
		_, err := s.Skip()
		return err
	}
	for s.Depth() > depth {
		if _, err := s.Next(); err != nil {
			return err
		}
	}
	return nil
}

// subakoIndex is the path step to an array element.
func subakoIndex(i int) string { return "[" + strconv.Itoa(i) + "]" }

// subakoKey is the path step to an object member: .name when the name is
// an identifier, else ["the name"].
func subakoKey(k string) string {
	for i := 0; i < len(k); i++ {
		c := k[i]
		ident := c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || i > 0 && '0' <= c && c <= '9'
		if !ident {
			return "[" + string(jsonwire.AppendString(nil, k)) + "]"
		}
	}
	if k == "" {
		return `[""]`
	}
	return "." + k
}

// subakoUnknown is the error for a member the object does not have.
func subakoUnknown(key, known string) error {
	if known == "" {
		return &subakoError{path: subakoKey(key), msg: "is not allowed: this object takes no members"}
	}
	return &subakoError{path: subakoKey(key), msg: "is not a known member (known: " + known + ")"}
}

// subakoTwice is the error for a member given twice.
func subakoTwice(key string) error {
	return &subakoError{path: subakoKey(key), msg: "is given twice"}
}

// subakoMissing is the error for required members that are absent: the
// first, and how many more.
func subakoMissing(names []string) error {
	msg := "is required"
	if n := len(names) - 1; n == 1 {
		msg += " (so is " + names[1] + ")"
	} else if n > 1 {
		msg += " (so are"
		for i, name := range names[1:] {
			if i > 0 {
				msg += ","
			}
			msg += " " + name
		}
		msg += ")"
	}
	return &subakoError{path: subakoKey(names[0]), msg: msg}
}

// subakoMismatch is the error for a value of the wrong JSON type.
func subakoMismatch(want string, got jsonwire.Kind) error {
	found := got.String()
	switch got {
	case jsonwire.String, jsonwire.Number:
		found = "a " + found
	case jsonwire.ObjectBegin, jsonwire.ArrayBegin:
		found = "an " + found
	}
	return &subakoError{msg: "must be " + want + ", found " + found}
}
