// Everything uses every type and marker the model supports.
//
//subako:package everything
package everything

import (
	"encoding/json"
	"net/netip"
	"time"

	"github.com/subako-ai/subako-go/subako"
)

// Color is a paint color.
type Color string

// The colors.
const (
	Red   Color = "red"   // Warm and bright.
	Green Color = "green" // The color of grass.
	// Blue is cold.
	Blue Color = "blue"
	// Crimson is another name for red.
	Crimson = Red
)

// Level is how loud.
type Level int8

const (
	Quiet Level = iota + 1 // Barely audible.
	Loud                   // Very loud.
)

// ID is an identifier.
type ID string

// Tags are labels.
type Tags []string

// Point is a place on a plane.
type Point struct {
	// Horizontal.
	X float64 `json:"x"`
	// Vertical.
	Y float64 `json:"y"`
}

// Base holds what every input has.
type Base struct {
	// The request's trace ID.
	TraceID string `json:"trace_id,omitempty"`
}

// Node is a tree.
type Node struct {
	// The node's name.
	Name string `json:"name"`
	// The node's children.
	//subako:ignore A020 the schema of every kind of type is under test
	Children []Node `json:"children,omitempty"`
}

// Page is a page of items.
type Page[T any] struct {
	// The items on this page.
	Items []T `json:"items"`
	// Where the next page starts, if there is one.
	Next *string `json:"next,omitempty"`
}

// Input has every supported type.
type Input struct {
	Base
	// A plain string.
	//subako:minLength=1
	//subako:maxLength=80
	//subako:pattern=^[a-z]+$
	Name string `json:"name"`
	// An email address.
	//subako:format=email
	Email string `json:"email,omitempty"`
	// An int8, bounded by its type.
	Small int8 `json:"small"`
	// A uint16 with markers.
	//subako:minimum=1
	//subako:maximum=1000
	//subako:multipleOf=5
	Medium uint16 `json:"medium"`
	// An int64, unbounded.
	Big int64 `json:"big"`
	// A uint64: at least zero.
	Huge uint64 `json:"huge"`
	// A float with exclusive bounds.
	//subako:exclusiveMinimum=0
	//subako:exclusiveMaximum=1.5
	Ratio float64 `json:"ratio"`
	// A float32 with a default.
	//subako:default=0.25
	Weight float32 `json:"weight"`
	// A boolean.
	//subako:default=true
	Verbose bool `json:"verbose"`
	// An enum from constants.
	Color Color `json:"color"`
	// An integer enum.
	Level Level `json:"level,omitempty"`
	// An enum from a marker.
	//subako:enum=asc;desc
	//subako:default=asc
	Order string `json:"order"`
	// An integer enum from a marker.
	//subako:enum=1;2;4
	Stride int `json:"stride"`
	// A named string.
	ID ID `json:"id"`
	// Slice of strings, each constrained.
	//subako:minItems=1
	//subako:maxItems=10
	//subako:maxLength=20
	Tags Tags `json:"tags"`
	// A fixed array.
	Pair [2]int32 `json:"pair"`
	// Bytes, base64.
	Data []byte `json:"data,omitempty"`
	// A time.
	When time.Time `json:"when"`
	// A date.
	//subako:format=date
	Day time.Time `json:"day"`
	// A timeout in seconds.
	//subako:format=seconds
	//subako:default=30
	Timeout time.Duration `json:"timeout"`
	// An ISO duration.
	//subako:format=duration
	Every *time.Duration `json:"every,omitempty"`
	// A map of scores.
	//subako:minProperties=1
	//subako:minimum=0
	//subako:ignore A020 the schema of every kind of type is under test
	Scores map[string]float64 `json:"scores"`
	// Votes by color.
	//subako:ignore A020 the schema of every kind of type is under test
	Votes map[Color]int `json:"votes,omitempty"`
	// An optional point.
	Where *Point `json:"where,omitempty"`
	// A required pointer.
	//subako:required
	Origin *Point `json:"origin"`
	// Optional without omitempty.
	//subako:optional
	Note string `json:"note"`
	// Any JSON value.
	//subako:any
	//subako:ignore A020 the schema of every kind of type is under test
	Extra any `json:"extra,omitempty"`
	// Raw JSON.
	//subako:ignore A020 the schema of every kind of type is under test
	Raw json.RawMessage `json:"raw,omitempty"`
	// An address, converted with MarshalText.
	//subako:format=ipv4
	Addr netip.Addr `json:"addr,omitempty"`
	// A tree.
	//subako:ignore A020 the schema of every kind of type is under test
	Tree *Node `json:"tree,omitempty"`
	// An anonymous struct.
	Window struct {
		// Width in pixels.
		W int `json:"w"`
		// Height in pixels.
		H int `json:"h"`
	} `json:"window"`
	// A generic page.
	Page     Page[Point] `json:"page"`
	Internal string      `json:"-"`
	//subako:ignore A030 an unexported field stays out of the schema, as under test
	unexported int
}

// Output is what the tool answers.
type Output struct {
	// want +2 `A005 description-missing: field Count has no description: write a doc comment for it, which the model reads to understand the result`

	Count int `json:"count"`
	// want +2 `A005 description-missing: field Names has no description: write a doc comment for it, which the model reads to understand the result`

	Names []string `json:"names"`
	Tree  Node     `json:"tree"`
	// want +2 `A005 description-missing: field Skip has no description: write a doc comment for it, which the model reads to understand the result`

	Skip string `json:"skip,omitempty"`
}

// Run does everything.
//
//subako:function
func Run(in Input) (Output, error) {
	_ = in.unexported
	return Output{}, nil
}

// Plot draws a chart.
//
//subako:function name=plot-chart
func plot(in PlotInput) (subako.Answer[Point], error) {
	return subako.NewAnswer(Point{}), nil
}

// PlotInput is empty.
type PlotInput struct{}

// List lists names.
//
//subako:function
func listNames(in PlotInput) ([]string, error) { return nil, nil }
