// Package other declares types that a handler of another package uses.
package other

// Options tune a greeting.
type Options struct { // want Options:"type doc: Options tune a greeting."
	// How loud, 0 to 10.
	//subako:maximum=10
	Volume int `json:"volume"`
	// A marker that does not fit the field's type.
	//subako:minLength=1
	Count int `json:"count"`
	// The mode, from a list.
	//subako:enum=loud;quiet
	Mode string `json:"mode"`
}

type opts struct {
	Fast bool `json:"fast"`
}

// Wrapper holds an unexported type.
type Wrapper struct { // want Wrapper:"type doc: Wrapper holds an unexported type."
	// Inner is not exported.
	Inner opts `json:"inner"`
}
