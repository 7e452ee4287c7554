package analyzer

import (
	"reflect"
	"strconv"
	"strings"

	"github.com/subako-ai/subako-go/internal/rules"
	"github.com/subako-ai/subako-go/internal/termsafe"
)

// malformedTag reports a field whose struct tag reflect.StructTag cannot
// read a json key from, because of its syntax (json:name, json: "name",
// json:'name', json="name", or a bad key before the json one), with the
// tag as it should be written (A025). encoding/json and the generator then
// use the Go name, as for no tag; go vet's structtag check, which
// -vettool replaces, would have said so. It reports whether it did.
func (b *builder) malformedTag(e *fieldEntry) bool {
	lit := e.af.Tag
	if lit == nil {
		return false
	}
	raw, err := strconv.Unquote(lit.Value)
	if err != nil {
		return false
	}
	if _, ok := reflect.StructTag(raw).Lookup("json"); ok {
		return false
	}
	fixed := canonicalTag(raw)
	if _, ok := reflect.StructTag(fixed).Lookup("json"); !ok {
		return false // no json key meant, or none that can be read out of it
	}
	text := "`" + fixed + "`"
	if strings.Contains(fixed, "`") {
		text = strconv.Quote(fixed)
	}
	fix := b.replaceFix("write the tag "+termsafe.Line(text), lit, text)
	// The tag is the module's text: escaped, it cannot drive the
	// terminal or reorder what the reviewer reads.
	b.report(rules.GoStructTagMalformed, lit, fix, "the tag of field %s is malformed (%s: not key:\"value\" pairs, which reflect.StructTag.Get reads), so its JSON name is the Go name %s: write %s",
		e.v.Name(), termsafe.Line(lit.Value), e.v.Name(), termsafe.Line(text))
	return true
}

// canonicalTag rewrites a struct tag as key:"value" pairs separated by
// spaces, reading what its author meant: a key, then ':' or '=' with any
// spaces around it, then a value in double quotes, in single quotes or
// bare up to the next space. It returns "" for a tag it cannot read so.
func canonicalTag(raw string) string {
	var pairs []string
	s := strings.TrimSpace(raw)
	for s != "" {
		end := strings.IndexAny(s, " \t:=\"'")
		if end <= 0 {
			return ""
		}
		key := s[:end]
		s = strings.TrimLeft(s[end:], " \t")
		if s == "" || (s[0] != ':' && s[0] != '=') {
			return ""
		}
		s = strings.TrimLeft(s[1:], " \t")
		var value string
		switch {
		case strings.HasPrefix(s, `"`):
			q, err := strconv.QuotedPrefix(s)
			if err != nil {
				return ""
			}
			value, _ = strconv.Unquote(q)
			s = s[len(q):]
		case strings.HasPrefix(s, "'"):
			n := strings.IndexByte(s[1:], '\'')
			if n < 0 {
				return ""
			}
			value, s = s[1:1+n], s[2+n:]
		default:
			n := strings.IndexAny(s, " \t")
			if n < 0 {
				n = len(s)
			}
			value, s = s[:n], s[n:]
		}
		pairs = append(pairs, key+":"+strconv.Quote(value))
		s = strings.TrimLeft(s, " \t")
	}
	return strings.Join(pairs, " ")
}
