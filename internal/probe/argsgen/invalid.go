package argsgen

import (
	"encoding/json"
	"fmt"
	"math/big"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/subako-ai/subako-go/internal/offlineschema"
)

// The kinds of invalid case, in the order they are interleaved.
const (
	kindMissing = iota
	kindType
	kindUnknown
	kindRange
	kindEnum
	kindLength
	kindPattern
	kindMultiple
	kindConst
	kindNull
	numKinds
)

// mutation is the valid value changed in one place.
type mutation struct {
	kind  int
	name  string
	value any
}

// maxMutations bounds the candidates made before they are checked.
const maxMutations = 400

// maxLongString bounds the string made to break a maxLength.
const maxLongString = 50_000

// maxMutationDepth is how deep in the value members are changed.
const maxMutationDepth = 3

// mutations changes the valid value in one place at a time, member by
// member, top level first.
func mutations(root any) []mutation {
	var out []mutation
	type at struct {
		path  []any // string members and int indexes
		depth int
	}
	queue := []at{{}}
	for len(queue) > 0 && len(out) < maxMutations {
		cur := queue[0]
		queue = queue[1:]
		o, ok := get(root, cur.path).(*object)
		if !ok || o.sch == nil {
			continue
		}
		p := func(k string) string { return pathText(append(append([]any{}, cur.path...), k)) }
		change := func(kind int, name string, newObj *object) {
			out = append(out, mutation{kind, name, set(root, cur.path, newObj)})
		}
		s := o.sch
		for _, k := range s.required {
			if _, ok := o.vals[k]; ok {
				change(kindMissing, fmt.Sprintf("required field %q missing", p(k)), o.without(k))
			}
		}
		if k, ok := undeclared(s); ok && (s.additionalFalse || s.unevalProp) {
			why := "additionalProperties false"
			if !s.additionalFalse {
				why = "unevaluatedProperties false"
			}
			change(kindUnknown, fmt.Sprintf("unknown field %q (%s)", p(k), why), o.with(k, "zz"))
		}
		for _, k := range o.keys {
			ps, v := o.props[k], o.vals[k]
			if ps == nil {
				continue
			}
			for _, m := range memberMutations(ps, v, contains(s.required, k)) {
				change(m.kind, fmt.Sprintf("%q %s", p(k), m.name), o.with(k, m.value))
			}
			if cur.depth+1 >= maxMutationDepth {
				continue
			}
			child := append(append([]any{}, cur.path...), k)
			switch v := v.(type) {
			case *object:
				queue = append(queue, at{child, cur.depth + 1})
			case []any:
				if len(v) > 0 {
					queue = append(queue, at{append(child, 0), cur.depth + 1})
				}
			}
		}
	}
	return out
}

// undeclared is a member name the schema's properties and
// patternProperties do not cover, if it can find one (a pattern such as ""
// covers every name).
func undeclared(s *schema) (string, bool) {
	for i := 1; i <= 16; i++ {
		k := "zz"
		if i > 1 {
			k = fmt.Sprintf("zz%d", i)
		}
		if !declared(s, k) {
			return k, true
		}
	}
	return "", false
}

// declared reports whether the schema gives member k a schema of its own.
func declared(s *schema, k string) bool {
	if _, ok := s.props[k]; ok {
		return true
	}
	for _, pp := range s.patternProps {
		if re, err := regexp.Compile(pp.pattern); err != nil || re.MatchString(k) {
			return true
		}
	}
	return false
}

// memberMutations are the ways one member's value can break its schema.
// null is tried for a required member only: for an optional one most SDKs
// (the Go runtime, serde's Option, pydantic) read null as absent, models
// send it often, and refusing it would help no one.
func memberMutations(s *schema, v any, required bool) []mutation {
	var out []mutation
	add := func(kind int, name string, nv any) { out = append(out, mutation{kind, name, nv}) }
	if s.types != nil {
		if w, t, ok := wrongType(s.types, v); ok {
			add(kindType, fmt.Sprintf("is %s, schema wants %s", t, strings.Join(s.types, " or ")), w)
		}
		if !contains(s.types, "null") && v != nil && required {
			add(kindNull, fmt.Sprintf("is null, schema wants %s", strings.Join(s.types, " or ")), nil)
		}
	}
	switch v := v.(type) {
	case json.Number:
		r, _ := rat(v)
		one := big.NewRat(1, 1)
		if r == nil {
			break
		}
		if s.max != nil {
			nv := new(big.Rat).Set(s.max)
			word := "exclusiveMaximum"
			if !s.exMax {
				nv.Add(nv, one)
				word = "above maximum"
			}
			add(kindRange, fmt.Sprintf("= %s %s %s", number(nv), word, number(s.max)), number(nv))
		}
		if s.min != nil {
			nv := new(big.Rat).Set(s.min)
			word := "exclusiveMinimum"
			if !s.exMin {
				nv.Sub(nv, one)
				word = "below minimum"
			}
			add(kindRange, fmt.Sprintf("= %s %s %s", number(nv), word, number(s.min)), number(nv))
		}
		for _, m := range s.multipleOf {
			d := new(big.Rat).Quo(m, big.NewRat(2, 1))
			if m.Cmp(one) > 0 {
				d = one
			}
			nv := new(big.Rat).Add(r, d)
			add(kindMultiple, fmt.Sprintf("= %s not a multiple of %s", number(nv), number(m)), number(nv))
		}
	case string:
		n := utf8.RuneCountInString(v)
		if s.maxLen >= 0 && s.maxLen < maxLongString {
			nv := v + strings.Repeat("x", s.maxLen+1-min(n, s.maxLen+1))
			add(kindLength, fmt.Sprintf("has %d characters, maxLength %d", s.maxLen+1, s.maxLen), nv)
		}
		if s.minLen > 0 && s.minLen <= n {
			nv := string([]rune(v)[:s.minLen-1])
			add(kindLength, fmt.Sprintf("has %d characters, minLength %d", s.minLen-1, s.minLen), nv)
		}
		for _, pat := range s.patterns {
			if offlineschema.Unchecked(pat) {
				continue
			}
			re, err := regexp.Compile(pat)
			if err != nil {
				continue
			}
			for _, c := range []string{"!", " ", "", "zz!", "0"} {
				if !re.MatchString(c) {
					add(kindPattern, fmt.Sprintf("= %q does not match pattern %q", c, pat), c)
					break
				}
			}
		}
	case []any:
		if s.maxItems >= 0 && s.maxItems < maxItems && len(v) > 0 {
			nv := append([]any{}, v...)
			for len(nv) <= s.maxItems {
				nv = append(nv, v[len(nv)%len(v)])
			}
			add(kindLength, fmt.Sprintf("has %d items, maxItems %d", len(nv), s.maxItems), nv)
		}
		if s.minItems > 0 && s.minItems <= len(v) {
			add(kindLength, fmt.Sprintf("has %d items, minItems %d", s.minItems-1, s.minItems), append([]any{}, v[:s.minItems-1]...))
		}
	}
	if s.hasEnum {
		if nv, ok := outside(s.enum, v); ok {
			add(kindEnum, fmt.Sprintf("= %s not in enum", encode(nv)), nv)
		}
	}
	if s.hasConst {
		if nv, ok := outside([]any{s.constV}, v); ok {
			add(kindConst, fmt.Sprintf("= %s, const is %s", encode(nv), encode(s.constV)), nv)
		}
	}
	return out
}

// wrongType is a value of a type the schema does not allow, like v where
// it can be (a number written as a string).
func wrongType(types []string, v any) (any, string, bool) {
	allowed := func(t string) bool {
		return contains(types, t) || (t == "integer" && contains(types, "number"))
	}
	if !allowed("string") {
		if n, ok := v.(json.Number); ok {
			return string(n), "a string", true
		}
		if b, ok := v.(bool); ok {
			return fmt.Sprint(b), "a string", true
		}
		return "zz", "a string", true
	}
	for _, c := range []struct {
		t    string
		v    any
		name string
	}{
		{"integer", json.Number("42"), "an integer"},
		{"boolean", true, "a boolean"},
		{"object", newObject(), "an object"},
		{"array", []any{}, "an array"},
	} {
		if !allowed(c.t) {
			return c.v, c.name, true
		}
	}
	return nil, "", false
}

// outside is a value like v (same type) that is none of the listed ones.
func outside(list []any, v any) (any, bool) {
	var cands []any
	switch v := v.(type) {
	case string:
		cands = []any{"zz", v + "-zz", "zz-zz"}
	case json.Number:
		hi := big.NewRat(0, 1)
		for _, e := range list {
			if n, ok := e.(json.Number); ok {
				if r, ok := rat(n); ok && r.Cmp(hi) > 0 {
					hi = r
				}
			}
		}
		cands = []any{number(hi.Add(hi, big.NewRat(1, 1)))}
	case bool:
		cands = []any{!v}
	default:
		cands = []any{"zz"}
	}
	for _, c := range cands {
		in := false
		for _, e := range list {
			in = in || equal(c, e)
		}
		if !in {
			return c, true
		}
	}
	return nil, false
}

// interleave orders the mutations kind by kind: the first of each kind,
// then the second of each, so a few cases cover every kind.
func interleave(ms []mutation) []mutation {
	byKind := make([][]mutation, numKinds)
	for _, m := range ms {
		byKind[m.kind] = append(byKind[m.kind], m)
	}
	var out []mutation
	for i := 0; len(out) < len(ms); i++ {
		for _, l := range byKind {
			if i < len(l) {
				out = append(out, l[i])
			}
		}
	}
	return out
}

// get is the value at path.
func get(v any, path []any) any {
	for _, p := range path {
		switch p := p.(type) {
		case string:
			o, ok := v.(*object)
			if !ok {
				return nil
			}
			v = o.vals[p]
		case int:
			a, ok := v.([]any)
			if !ok || p >= len(a) {
				return nil
			}
			v = a[p]
		}
	}
	return v
}

// set is root with the value at path replaced, copying only along the path.
func set(root any, path []any, nv any) any {
	if len(path) == 0 {
		return nv
	}
	switch p := path[0].(type) {
	case string:
		o := root.(*object)
		return o.with(p, set(o.vals[p], path[1:], nv))
	case int:
		a := append([]any{}, root.([]any)...)
		a[p] = set(a[p], path[1:], nv)
		return a
	}
	return root
}

// pathText names a member: "origin.x", "page.items[0].x".
func pathText(path []any) string {
	var b strings.Builder
	for _, p := range path {
		switch p := p.(type) {
		case string:
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(p)
		case int:
			fmt.Fprintf(&b, "[%d]", p)
		}
	}
	return b.String()
}
