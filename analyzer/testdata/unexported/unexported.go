// Unexported has argument and result types with unexported fields.
//
//subako:package unexported
package unexported

import "sync"

// In is the input.
type In struct {
	// Who to shout at.
	name string // want `A030 field-unexported: field name is not exported, so it is not part of the tool's arguments \(the schema leaves it out and a call that sends it is refused\): export it \(Name string .json:"name".\), or tag it json:"-" if it is meant to stay out`
	// Loud or not.
	Loud bool `json:"loud"`
	// Meant to stay out, and says so.
	cache map[string]string `json:"-"`
	_     struct{}
	// Meant, with a reason.
	//subako:ignore A030 filled in by the handler, never sent
	seen int
}

// Out is the output.
type Out struct {
	// The text.
	Text  string     `json:"text"`
	mu    sync.Mutex // want `A030 field-unexported: field mu is not exported, so it is not part of the tool's result`
	count int        `json:"count"` // want `A030 field-unexported: field count.*export it \(Count int .json:"count".\)`
}

// Shout shouts.
//
//subako:function
func shout(in In) (*Out, error) { return &Out{}, nil }
