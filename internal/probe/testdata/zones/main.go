// Command zones is a module built on the subako runtime, by hand (no
// generated code), whose one tool tells the time in Europe/Paris with
// time.LoadLocation: built with -tags tzdata it imports time/tzdata and
// answers; without, every call fails as the zone files cannot be opened.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"time"

	"github.com/subako-ai/subako-go/abi/jsonwire"
	"github.com/subako-ai/subako-go/subako"
)

func main() {
	subako.Serve(&subako.Package{Name: "zones", Version: "1.0.0", Tools: []subako.Tool{{
		Name:        "paris",
		Description: "Tells the time zone abbreviation in Paris at a Unix time.",
		InputSchema: []byte(`{"type":"object","properties":{"unix":{"type":"integer","description":"The time, in seconds since 1970.","minimum":0,"maximum":4000000000}},"required":["unix"],"additionalProperties":false}`),
		Call: func(args []byte) subako.Result {
			var in struct {
				Unix *int64 `json:"unix"`
			}
			d := json.NewDecoder(bytes.NewReader(args))
			d.DisallowUnknownFields()
			if err := d.Decode(&in); err != nil || in.Unix == nil || *in.Unix < 0 || *in.Unix > 4000000000 {
				return subako.ErrorResult(errors.New("invalid arguments"))
			}
			loc, err := time.LoadLocation("Europe/Paris")
			if err != nil {
				return subako.ErrorResult(err)
			}
			name, _ := time.Unix(*in.Unix, 0).In(loc).Zone()
			return subako.TextResult(string(jsonwire.AppendString(nil, name)))
		},
	}}})
}
