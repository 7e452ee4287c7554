// Extra covers what the analyzer's everything package leaves out: more
// string formats, float and integer bounds, nested shapes, defaults that
// are decoded, omitzero, outputs of every shape, and a struct of more
// than 64 members.
//
//subako:package extra
package main

import (
	"errors"
	"net/netip"
	"os"
	"time"

	"github.com/subako-ai/subako-go/subako"
)

// Kind is a kind of item.
type Kind string

// The kinds.
const (
	KindA Kind = "a" // The first.
	KindB Kind = "b" // The second.
)

// Code is a short code.
type Code string

// Formats has a string of each format.
type Formats struct {
	// An absolute URI.
	//subako:format=uri
	URI string `json:"uri,omitempty"`
	// A URI reference.
	//subako:format=uri-reference
	Ref string `json:"ref,omitempty"`
	// A UUID.
	//subako:format=uuid
	UUID string `json:"uuid,omitempty"`
	// A host name.
	//subako:format=hostname
	Host string `json:"host,omitempty"`
	// An IPv6 address.
	//subako:format=ipv6
	IPv6 string `json:"ipv6,omitempty"`
	// An IPv4 address.
	//subako:format=ipv4
	IPv4 string `json:"ipv4,omitempty"`
	// A date-time, kept as a string.
	//subako:format=date-time
	Stamp string `json:"stamp,omitempty"`
	// A date, kept as a string.
	//subako:format=date
	Date string `json:"date,omitempty"`
	// A time of day.
	//subako:format=time
	Clock string `json:"clock,omitempty"`
	// A duration, kept as a string.
	//subako:format=duration
	Period string `json:"period,omitempty"`
	// An email address.
	//subako:format=email
	Email string `json:"email,omitempty"`
	// A JSON pointer.
	//subako:format=json-pointer
	Pointer string `json:"pointer,omitempty"`
	// A relative JSON pointer.
	//subako:format=relative-json-pointer
	RelPointer string `json:"rel_pointer,omitempty"`
	// An internationalized host name: annotated, not checked.
	//subako:format=idn-hostname
	IDN string `json:"idn,omitempty"`
	// A time with a default.
	//subako:default=2026-07-28T12:00:00Z
	Start time.Time `json:"start"`
	// A duration with a default.
	//subako:format=duration
	//subako:default=PT1H30M
	Window time.Duration `json:"window"`
	// A second duration, always written too: its encoder declares what
	// Window's does.
	//subako:format=duration
	//subako:default=PT5M
	Pause time.Duration `json:"pause"`
	// An optional count with a default.
	//subako:default=3
	Retries *int `json:"retries,omitempty"`
}

// Numbers has bounded numbers of several sizes.
type Numbers struct {
	// Tenths.
	//subako:multipleOf=0.1
	Tenth float64 `json:"tenth,omitempty"`
	// A bounded float32.
	//subako:minimum=-1.5
	//subako:maximum=2.25
	Bounded float32 `json:"bounded,omitempty"`
	// Strictly between -3 and 3.
	//subako:exclusiveMinimum=-3
	//subako:exclusiveMaximum=3
	Open int16 `json:"open,omitempty"`
	// A byte.
	U8 uint8 `json:"u8,omitempty"`
	// An int16.
	I16 int16 `json:"i16,omitempty"`
	// A uint32.
	U32 uint32 `json:"u32,omitempty"`
	// An int32 in steps of 3.
	//subako:multipleOf=3
	I32 int32 `json:"i32,omitempty"`
	// A uint of at least 10.
	//subako:minimum=10
	Big uint `json:"big,omitempty"`
	// Milliseconds.
	//subako:format=milliseconds
	Millis time.Duration `json:"millis,omitempty"`
	// Nanoseconds.
	//subako:format=nanoseconds
	Nanos time.Duration `json:"nanos,omitempty"`
	// Quarters, at most 10.
	//subako:multipleOf=0.25
	//subako:maximum=10
	Quarter float32 `json:"quarter,omitempty"`
}

// Pair is two numbers.
type Pair struct {
	// The first.
	A int `json:"a"`
	// The second.
	B int `json:"b,omitempty"`
}

// Shapes nests arrays, maps, pointers and anonymous structs.
type Shapes struct {
	// A matrix.
	Matrix [][]int8 `json:"matrix,omitempty"`
	// Groups of names.
	//subako:maxProperties=2
	//subako:ignore A020 the generator is under test, with every shape
	Groups map[string][]string `json:"groups,omitempty"`
	// Rows of flags.
	//subako:ignore A020 the generator is under test, with every shape
	Rows []map[string]bool `json:"rows,omitempty"`
	// Two corners.
	Corners [2]Pair `json:"corners"`
	// Items.
	Items []struct {
		// The item's name.
		//subako:minLength=1
		Name string `json:"name"`
		// The item's kind.
		Kind Kind `json:"kind,omitempty"`
	} `json:"items,omitempty"`
	// Maybe a list.
	Maybe *[]string `json:"maybe,omitempty"`
	// A code.
	//subako:minLength=2
	//subako:maxLength=4
	//subako:pattern=^[A-Z]
	Code Code `json:"code,omitempty"`
	// Kinds.
	//subako:maxItems=3
	Kinds []Kind `json:"kinds,omitempty"`
	// Bytes.
	Blob []byte `json:"blob,omitempty"`
	// Pairs by name.
	//subako:ignore A020 the generator is under test, with every shape
	ByName map[string]*Pair `json:"by_name,omitempty"`
	// Times.
	Times []time.Time `json:"times,omitempty"`
	// Addresses.
	Addrs []netip.Addr `json:"addrs,omitempty"`
}

// Report is an answer with zero members left out.
type Report struct {
	// When.
	When time.Time `json:"when,omitzero"`
	// How many.
	Count int `json:"count,omitzero"`
	// Where.
	Pair Pair `json:"pair,omitzero"`
	// Labels.
	Tags []string `json:"tags,omitempty"`
	// An address.
	Addr netip.Addr `json:"addr,omitzero"`
	// How long.
	//subako:format=seconds
	Span time.Duration `json:"span,omitzero"`
	// Always there.
	Note string `json:"note"`
	// Empty or not.
	Empty string `json:"empty,omitempty,omitzero"`
}

// ReportInput says what report answers.
type ReportInput struct {
	// Answer nil.
	Nil bool `json:"nil,omitempty"`
	// Fill the report in.
	Full bool `json:"full,omitempty"`
	// Fail with this message.
	Fail string `json:"fail,omitempty"`
}

// Empty takes nothing.
type Empty struct{}

// Formats echoes strings of each format.
//
//subako:function
//subako:title=Formats
//subako:readOnly
//subako:openWorld=false
func formats(in Formats) (Formats, error) { return in, nil }

// Numbers echoes numbers.
//
//subako:function
//subako:readOnly=false
//subako:destructive=false
//subako:idempotent
func numbers(in Numbers) (Numbers, error) { return in, nil }

// Shapes echoes nested values.
//
//subako:function
func shapes(in Shapes) (Shapes, error) { return in, nil }

// Wide echoes a struct of 70 members.
//
//subako:function
func wide(in Wide) (Wide, error) { return in, nil }

// Report answers a report, nil, or an error.
//
//subako:function
func report(in ReportInput) (*Report, error) {
	switch {
	case in.Fail != "":
		return nil, errors.New(in.Fail)
	case in.Nil:
		return nil, nil
	case in.Full:
		return &Report{
			When:  time.Date(2026, 7, 28, 12, 0, 0, 500, time.UTC),
			Count: 2,
			Pair:  Pair{A: 1},
			Tags:  []string{"x"},
			Addr:  netip.MustParseAddr("192.0.2.1"),
			Span:  90 * time.Second,
			Note:  "full",
			Empty: "no",
		}, nil
	}
	return &Report{}, nil
}

// Anon answers an anonymous struct.
//
//subako:function
func anon(in Empty) (struct {
	// X.
	X int `json:"x"`
	// Y.
	Y []Kind `json:"y"`
}, error) {
	var out struct {
		X int    `json:"x"`
		Y []Kind `json:"y"`
	}
	out.X = 7
	return out, nil
}

// Counts answers a map.
//
//subako:function
func counts(in Empty) (map[Kind]int, error) {
	return map[Kind]int{KindB: 2, KindA: 1}, nil
}

// Points answers pointers, one of them nil.
//
//subako:function
func points(in Empty) ([]*Pair, error) {
	return []*Pair{{A: 1}, nil}, nil
}

// Shout answers its text in capitals: a string result is the answer's
// text, with no outputSchema.
//
//subako:function
func shout(in Empty) (string, error) { return "HEY \"YOU\"!", nil }

// Pick answers a kind, a named string type: its text too.
//
//subako:function
func pick(in Empty) (*Kind, error) {
	k := KindB
	return &k, nil
}

// Caption answers text and an image.
//
//subako:function
func caption(in Empty) (subako.Answer[Code], error) {
	png := []byte("\x89PNG\r\n\x1a\n")
	return subako.NewAnswer(Code("a caption")).WithImage("image/png", png), nil
}

// ReadInput names a file.
type ReadInput struct {
	// The file's path.
	Path string `json:"path"`
}

// Read answers a file's text; a path outside the mounts is an error that
// names them.
//
//subako:function
func read(in ReadInput) (string, error) {
	b, err := os.ReadFile(in.Path)
	return string(b), err
}

// Flag answers a boolean: its JSON is the text and the structuredContent,
// with no outputSchema.
//
//subako:function
func flag(in Empty) (bool, error) { return true, nil }

// Picture answers a pair and an image.
//
//subako:function
func picture(in Empty) (subako.Answer[Pair], error) {
	png := []byte("\x89PNG\r\n\x1a\n")
	return subako.NewAnswer(Pair{A: 1, B: 2}).WithImage("image/png", png), nil
}

// Tree is a tree of labelled nodes.
type Tree struct {
	// The node's label.
	Label string `json:"label"`
	// Children by name.
	//subako:ignore A020 the generator is under test, with every shape
	Kids map[string]Tree `json:"kids,omitempty"`
	// Children in order.
	//subako:ignore A020 the generator is under test, with every shape
	List []*Tree `json:"list,omitempty"`
}

// Trees echoes a tree: a recursive type as the input and the output.
//
//subako:function
func trees(in Tree) (Tree, error) { return in, nil }

// Sighting is what seen takes and gives back.
type Sighting struct {
	// Who was seen.
	Name string `json:"name"`
}

// Seen echoes a sighting: a handler named as the decoders' own local
// for the members seen, which its inlined decoder must not hide.
//
//subako:function
func seen(in Sighting) (Sighting, error) { return in, nil }
