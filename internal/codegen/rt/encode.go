package rt

import (
	"time"

	"github.com/subako-ai/subako-go/abi/jsonwire"
)

// subakoEncoder writes a tool's result as JSON and keeps the first error
// met (a NaN, a value a MarshalText refused), which makes the call an
// error result.
type subakoEncoder struct {
	jsonwire.Writer
	err error
}

func (e *subakoEncoder) fail(err error) {
	if e.err == nil {
		e.err = err
	}
}

// result is the JSON written, or the first error.
func (e *subakoEncoder) result() ([]byte, error) {
	if e.err == nil {
		e.err = e.Err()
	}
	if e.err != nil {
		return nil, e.err
	}
	return e.Bytes(), nil
}

// subakoTime writes a time as RFC 3339 with as many fractional digits as it
// needs, or as a date (YYYY-MM-DD) when date is set.
func subakoTime(e *subakoEncoder, t time.Time, date bool) {
	if y := t.Year(); y < 0 || y > 9999 {
		e.fail(subakoErr("", "a time.Time in the result is outside the years 0 to 9999 that RFC 3339 can write"))
	}
	if date {
		e.String(t.Format(time.DateOnly))
		return
	}
	e.String(t.Format(time.RFC3339Nano))
}
