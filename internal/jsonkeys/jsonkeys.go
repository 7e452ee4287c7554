// Package jsonkeys reads a JSON object's members by their exact keys and
// refuses the objects JSON readers disagree on: a key written twice (one
// reader keeps the first copy, Go's encoding/json the last, a third
// refuses the document), and a key that is not one of an object's known
// fields but equals one under the Unicode case folding encoding/json
// matches a struct's fields by ("Result", "reſult" with a long s, beside
// "result" or instead of it). What a module wrote must mean one thing to
// the linter and to every client, so the host (a message's envelope, a
// tools/list page), serve (a client's message) and the tool-text checker
// read keys through here.
package jsonkeys

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/subako-ai/subako-go/internal/textutil"
)

// KeyError says which key of an object readers disagree on.
type KeyError struct {
	Key   string // the key as written
	Field string // the known field it folds to; "" for a key written twice
}

// Error quotes the key escaped (strconv.Quote: controls, bidi and
// invisible characters) and cut to 64 bytes.
func (e *KeyError) Error() string {
	key := strconv.Quote(textutil.Truncate(e.Key, 64))
	if e.Field == "" {
		return "the key " + key + " is written twice; JSON readers disagree on which copy counts"
	}
	return "the key " + key + " is " + strconv.Quote(e.Field) + " in another case or before a NUL, which readers that match keys regardless of case" +
		" (Go's encoding/json, Java's equalsIgnoreCase) or compare them as C strings take for it, and the others ignore"
}

// Folded is the field of fields that key equals without being it, or "",
// under any of the ways JSON readers match keys regardless of case:
// Unicode case folding (Go's encoding/json, strings.EqualFold), and rune
// by rune upper- or lower-casing (Java's equalsIgnoreCase, JavaScript's
// toUpperCase, .NET's OrdinalIgnoreCase), under which the dotless ı and
// the dotted İ are an i, as folding keeps them apart, and full
// upper-casing, where one letter becomes two ("ﬆ" is "ST"). A key holding a NUL
// is read up to it, as a reader comparing C strings does
// ("description\u0000"). fields are ASCII, as every protocol's keys are.
func Folded(key string, fields []string) string {
	if slices.Contains(fields, key) {
		return ""
	}
	if i := strings.IndexByte(key, 0); i >= 0 {
		key = key[:i]
	}
	if isASCII(key) { // every reader's matching is ASCII case folding here
		for _, f := range fields {
			if strings.EqualFold(key, f) {
				return f
			}
		}
		return ""
	}
	wide := key
	if strings.ContainsAny(key, wideLetters) {
		wide = wideUpper.Replace(key)
	}
	for _, f := range fields {
		if key == f || sameIgnoringCase(key, f) || (wide != key && sameIgnoringCase(wide, f)) {
			return f
		}
	}
	return ""
}

// wideUpper are the letters whose full upper-casing is two or three
// ASCII letters (Unicode's SpecialCasing: JavaScript's toUpperCase,
// Python's upper and casefold), so a reader matching keys so takes
// "inﬆructions" for "instructions" and "meßages" for "messages": each
// with the letters it becomes.
var wideUpper = strings.NewReplacer(widePairs...)

// widePairs are wideUpper's letters and what each becomes; wideLetters
// the letters alone, so that a key holding none is not copied.
var (
	widePairs   = []string{"ß", "ss", "ﬀ", "ff", "ﬁ", "fi", "ﬂ", "fl", "ﬃ", "ffi", "ﬄ", "ffl", "ﬅ", "st", "ﬆ", "st"}
	wideLetters = func() string {
		var b strings.Builder
		for i := 0; i < len(widePairs); i += 2 {
			b.WriteString(widePairs[i])
		}
		return b.String()
	}()
)

// sameIgnoringCase says whether a and b are the same rune by rune under
// case folding, upper-casing or lower-casing.
func sameIgnoringCase(a, b string) bool {
	if strings.EqualFold(a, b) {
		return true
	}
	if utf8.RuneCountInString(a) != utf8.RuneCountInString(b) {
		return false
	}
	for len(a) > 0 {
		r, n := utf8.DecodeRuneInString(a)
		q, m := utf8.DecodeRuneInString(b)
		a, b = a[n:], b[m:]
		if r != q && unicode.ToUpper(r) != unicode.ToUpper(q) && unicode.ToLower(r) != unicode.ToLower(q) &&
			!strings.EqualFold(string(r), string(q)) {
			return false
		}
	}
	return true
}

// isASCII says whether s is all ASCII, where the known fields are: no
// upper-, lower-casing or folding of an ASCII key differs from ASCII's.
func isASCII(s string) bool {
	for i := range len(s) {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// Members calls visit with each member of the JSON object obj, in order.
// It returns a *KeyError for a key written twice, or for a key that
// Folded finds among fields; the error visit returns; or the decoder's
// error when obj is not one JSON object. It reads one level: the values
// are visit's to read.
func Members(obj []byte, fields []string, visit func(key string, value json.RawMessage) error) error {
	d := json.NewDecoder(bytes.NewReader(obj))
	d.UseNumber()
	if t, err := d.Token(); err != nil {
		return err
	} else if t != json.Delim('{') {
		return errNotObject
	}
	seen := map[string]bool{}
	for d.More() {
		t, err := d.Token()
		if err != nil {
			return err
		}
		key, _ := t.(string)
		var v json.RawMessage
		if err := d.Decode(&v); err != nil {
			return err
		}
		if seen[key] {
			return &KeyError{Key: key}
		}
		seen[key] = true
		if f := Folded(key, fields); f != "" {
			return &KeyError{Key: key, Field: f}
		}
		if visit != nil {
			if err := visit(key, v); err != nil {
				return err
			}
		}
	}
	if _, err := d.Token(); err != nil {
		return err
	}
	if _, err := d.Token(); !errors.Is(err, io.EOF) {
		return errors.New("data after the object")
	}
	return nil
}

var errNotObject = errors.New("not a JSON object")
