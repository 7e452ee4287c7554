// Unsupported uses types without a JSON Schema.
//
//subako:package unsupported
package unsupported

import (
	"fmt"
	"time"
	"unsafe"

	"github.com/subako-ai/subako-go/subako"
)

// Custom has its own JSON methods.
type Custom struct{ v int }

// MarshalJSON writes the value.
func (c Custom) MarshalJSON() ([]byte, error) { return []byte("1"), nil }

// Value is an empty interface type.
type Value interface{}

// In is the input.
type In struct {
	// A channel.
	Ch chan int `json:"ch"` // want `A008 type-unsupported: field Ch: a channel has no JSON form`
	// A function.
	Fn func() `json:"fn"` // want `A008 type-unsupported: field Fn: a function has no JSON form`
	// A complex number.
	C complex128 `json:"c"` // want `A008 type-unsupported: field C: complex128 has no JSON form`
	// Integer keys.
	M map[int]string `json:"m"` // want `A008 type-unsupported: field M: a map's keys must be strings to be a JSON object, not int`
	// An empty interface without a marker.
	Any any `json:"any"` // want `A008 type-unsupported: field Any: an interface\{\} needs //subako:any`
	// A named empty interface without a marker.
	Val Value `json:"val"` // want `A008 type-unsupported: field Val: Value is an interface\{\} needs //subako:any`
	// A slice of them.
	Anys []any `json:"anys"` // want `A008 type-unsupported: field Anys: an interface\{\} needs //subako:any`
	// A non-empty interface.
	S fmt.Stringer `json:"s"` // want `A008 type-unsupported: field S: an interface \(fmt.Stringer\) has no fixed JSON form`
	// A duration without a format.
	D time.Duration `json:"d"` // want `A008 type-unsupported: field D: time.Duration has no obvious JSON form`
	// A pointer to one.
	PD *time.Duration `json:"pd,omitempty"` // want `A008 type-unsupported: field PD: time.Duration`
	// unsafe.
	P unsafe.Pointer `json:"p"` // want `A008 type-unsupported: field P: unsafe.Pointer has no JSON form`
	// uintptr.
	U uintptr `json:"u"` // want `A008 type-unsupported: field U: uintptr has no JSON form`
	// A pointer to a pointer.
	PP **int `json:"pp"` // want `A008 type-unsupported: field PP: a pointer to a pointer \(\*\*int\)`
	// The string option.
	N int `json:"n,string"` // want `A008 type-unsupported: field N: the ,string tag option is not supported`
	// An Answer inside.
	A subako.Answer[int] `json:"a"` // want `A008 type-unsupported: field A: subako.Answer is only a handler's result`
	// Custom JSON.
	X Custom `json:"x"` // want `A008 type-unsupported: field X: Custom has its own MarshalJSON/UnmarshalJSON`
	// Custom JSON, marked.
	//subako:any
	//subako:ignore A020 the schema of every kind of type is under test
	Y         Custom `json:"y"`
	*Embedded        // want `A008 type-unsupported: embedded Embedded: an embedded pointer to a struct is not supported`
	// Fine.
	OK string `json:"ok"`
}

// Embedded is embedded by pointer.
type Embedded struct {
	// Inner.
	Inner string `json:"inner"`
}

// Out is the output.
type Out struct {
	// Whether it worked.
	Ok bool `json:"ok"`
}

// Tool is a tool.
//
//subako:function
func tool(in In) (Out, error) { return Out{}, nil }

// Chans returns a channel.
//
//subako:function
func chans(in Out) (chan int, error) { return nil, nil } // want `A008 type-unsupported: the result of chans: a channel has no JSON form`

// Durations returns a duration.
//
//subako:function
func durations(in Out) (time.Duration, error) { return 0, nil } // want `A008 type-unsupported: the result of durations: time.Duration has no obvious JSON form`
