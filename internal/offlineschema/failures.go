package offlineschema

import (
	"cmp"
	"encoding/json"
	"errors"
	"slices"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Failure is one reason a value fails a schema: where in the value (a
// JSON pointer, "" for the whole value), which keyword, where that keyword
// is in the schema (a fragment such as "#/properties/a/type"), and what is
// wrong.
type Failure struct {
	Pointer, Keyword, SchemaPath, Message string
}

func (f Failure) String() string {
	at := f.Pointer
	if at == "" {
		at = "the root"
	}
	return "at " + at + ": " + f.Message + " (keyword " + f.Keyword + " at " + f.SchemaPath + ")"
}

// Failures lists the reasons in a validation error, one for each keyword
// that failed at the top (an anyOf is one reason, not one per branch), in
// the order of their pointers.
func Failures(err error) []Failure {
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return nil
	}
	causes := ve.Causes
	if len(causes) == 0 {
		causes = []*jsonschema.ValidationError{ve}
	}
	var out []Failure
	for _, c := range causes {
		// A $ref that failed says only that; its causes say why.
		for len(c.Causes) == 1 && len(c.ErrorKind.KeywordPath()) > 0 && c.ErrorKind.KeywordPath()[0] == "$ref" {
			c = c.Causes[0]
		}
		f := Failure{Pointer: pointer(c.InstanceLocation)}
		kp := c.ErrorKind.KeywordPath()
		if len(kp) > 0 {
			f.Keyword = kp[0]
		}
		_, frag, _ := strings.Cut(c.SchemaURL, "#")
		f.SchemaPath = "#" + frag
		for _, k := range kp {
			f.SchemaPath += "/" + escape(k)
		}
		msg, _, _ := strings.Cut(c.Error(), "\n")
		if strings.HasPrefix(msg, "at '") {
			if _, rest, ok := strings.Cut(msg, "': "); ok {
				msg = rest
			}
		}
		f.Message = msg
		out = append(out, f)
	}
	// The validator walks maps in random order; findings must not move.
	slices.SortStableFunc(out, func(a, b Failure) int {
		return cmp.Or(cmp.Compare(a.Pointer, b.Pointer), cmp.Compare(a.SchemaPath, b.SchemaPath))
	})
	return out
}

func pointer(loc []string) string {
	var b strings.Builder
	for _, t := range loc {
		b.WriteByte('/')
		b.WriteString(escape(t))
	}
	return b.String()
}

// HugeNumber finds a number in a decoded JSON value (json.Number) with more
// than 1,000 digits or an exponent past ±1,000: the validator turns numbers
// into exact rationals, and 1e1000000 alone takes a tenth of a second.
func HugeNumber(v any) (json.Number, bool) {
	switch v := v.(type) {
	case json.Number:
		if len(v) > 1000 {
			return v, true
		}
		if i := strings.IndexAny(string(v), "eE"); i >= 0 {
			exp := strings.TrimLeft(string(v[i+1:]), "+-0")
			if len(exp) > 4 || (len(exp) == 4 && exp > "1000") {
				return v, true
			}
		}
	case map[string]any:
		for _, e := range v {
			if n, ok := HugeNumber(e); ok {
				return n, true
			}
		}
	case []any:
		for _, e := range v {
			if n, ok := HugeNumber(e); ok {
				return n, true
			}
		}
	}
	return "", false
}
