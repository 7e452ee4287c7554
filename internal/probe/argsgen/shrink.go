package argsgen

import (
	"encoding/json"
	"unicode/utf8"
)

// Shrinker proposes smaller argument objects than a failing one, each
// still valid (or still invalid, as the failing one was) by the tool's
// inputSchema, so that the probes can keep the smallest that fails the
// same way, as QuickCheck and Hypothesis shrink a counterexample.
type Shrinker struct {
	ver  *verifier
	base *object // the tool's plain valid case, whose values are the simplest
}

// NewShrinker compiles the inputSchema once; base is the tool's first
// valid case (nil when there is none).
func NewShrinker(inputSchema, base json.RawMessage) (*Shrinker, error) {
	ver, _, err := newVerifier(inputSchema) // CasesWork charged a refusal, for the same schema
	if err != nil {
		return nil, err
	}
	s := &Shrinker{ver: ver}
	if b, err := decode(base); err == nil {
		s.base, _ = b.(*object)
	}
	return s, nil
}

// Work is what the Smaller calls since the last Work cost: the probes
// charge it as they charge CasesWork's.
func (s *Shrinker) Work() Work { return s.ver.takeWork() }

// maxShrinkChecks bounds the validations of one Smaller call.
const maxShrinkChecks = 400

// Smaller lists the objects one step smaller than args, the biggest steps
// first: a member removed, a member set to the base case's value, then a
// member's value made smaller (a string or array halved or emptied, a
// number set to 0, a nested object shrunk). Each keeps args' validity.
func (s *Shrinker) Smaller(args json.RawMessage, valid bool) []json.RawMessage {
	v, err := decode(args)
	o, ok := v.(*object)
	if err != nil || !ok {
		return nil
	}
	s.ver.checks, s.ver.work = 0, 0
	var out []json.RawMessage
	orig := string(encode(o))
	seen := map[string]bool{orig: true}
	// Once the validations allowed are spent, no candidate is made: each
	// is a copy of args, encoded (a step of Work.Values a candidate and a
	// KiB), and an object of 4,000 members made 20,000 of them, 75 KB
	// each, after the 400 validations.
	spent := func() bool { return s.ver.checks > maxShrinkChecks }
	try := func(c *object) {
		b := encode(c)
		s.ver.charged.Values += 1 + len(b)>>10
		if seen[string(b)] || spent() || !smaller(string(b), orig) {
			return
		}
		seen[string(b)] = true
		if err := s.ver.validate(valid, "#", b); !unverified(err) && (err == nil) == valid {
			out = append(out, b)
		}
	}
	for _, k := range o.keys {
		if spent() {
			return out
		}
		try(o.without(k))
	}
	if s.base != nil {
		for _, k := range o.keys {
			if bv, ok := s.base.vals[k]; ok && !spent() && !equal(bv, o.vals[k]) {
				try(o.with(k, bv))
			}
		}
	}
	for _, k := range o.keys {
		if spent() {
			return out
		}
		for _, sv := range smallerValues(o.vals[k]) {
			try(o.with(k, sv))
		}
	}
	return out
}

// smallerValues are simpler values than v, of its type.
func smallerValues(v any) []any {
	switch v := v.(type) {
	case string:
		n := utf8.RuneCountInString(v)
		if n == 0 {
			return nil
		}
		r := []rune(v)
		return []any{"", string(r[:n/2]), string(r[n/2:]), "a"}
	case json.Number:
		if v == "0" {
			return nil
		}
		return []any{json.Number("0"), json.Number("1")}
	case []any:
		if len(v) == 0 {
			return nil
		}
		return []any{[]any{}, v[:len(v)/2], v[len(v)/2:], v[:len(v)-1]}
	case *object:
		var out []any
		for _, k := range v.keys {
			out = append(out, v.without(k))
		}
		for _, k := range v.keys {
			for _, sv := range smallerValues(v.vals[k]) {
				out = append(out, v.with(k, sv))
			}
		}
		return out
	case bool:
		if v {
			return []any{false}
		}
	}
	return nil
}

// smaller orders candidates strictly (shorter, then lower bytes), so that
// a step is never back to a larger value (the base case's value can be
// larger than a failing one's) and shrinking cannot go round in circles.
func smaller(a, b string) bool {
	return len(a) < len(b) || (len(a) == len(b) && a < b)
}
