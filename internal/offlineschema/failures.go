package offlineschema

import (
	"cmp"
	"encoding/json"
	"errors"
	"slices"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// The library's error text is read in one place, here: Message, Leaves
// and Failures. Everything else takes what they return.

// english prints the library's messages as its own Error text does.
var english = message.NewPrinter(language.English)

// Message is what one validation error says is wrong, in the library's
// words but without the "at '<pointer>': " its Error text puts first:
// callers say where in their own words. A reference that failed through one
// cause says what that cause says, as the library's text does.
func Message(e *jsonschema.ValidationError) string {
	for len(e.Causes) == 1 {
		if _, ok := e.ErrorKind.(*kind.Reference); !ok {
			break
		}
		e = e.Causes[0]
	}
	return e.ErrorKind.LocalizedString(english)
}

// Leaves flattens a validation error to the causes at its leaves, the ones
// that name the keyword that failed, depth first.
func Leaves(e *jsonschema.ValidationError) []*jsonschema.ValidationError {
	if len(e.Causes) == 0 {
		return []*jsonschema.ValidationError{e}
	}
	var out []*jsonschema.ValidationError
	for _, c := range e.Causes {
		out = append(out, Leaves(c)...)
	}
	return out
}

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
		f.Message, _, _ = strings.Cut(Message(c), "\n")
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
