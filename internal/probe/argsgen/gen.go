package argsgen

import (
	"errors"
	"fmt"
	"math/big"
	"regexp"
	"slices"
	"strings"
)

// gen makes values from the schema.
type gen struct {
	opt   Options
	doc   *doc
	ver   *verifier
	full  bool // add optional members and one item to empty arrays
	work  int
	notes []string
}

var errBudget = errors.New("the schema needs more work than the generator's budget allows")

func (g *gen) note(s string) {
	if !slices.Contains(g.notes, s) {
		g.notes = append(g.notes, s)
	}
}

// fullDepth is the nesting past which optional members are left out, so a
// recursive type ends.
const fullDepth = 4

// value makes a value every node accepts. depth counts the values it is
// nested in; variant asks for a different value (the i-th item of an array);
// hint is the member's name.
func (g *gen) value(nodes []node, depth, variant int, hint string) (any, error) {
	g.work++
	g.ver.charged.Values++
	if g.work > g.opt.MaxNodes {
		return nil, errBudget
	}
	if depth > g.opt.MaxDepth {
		return nil, fmt.Errorf("the value must be nested deeper than %d levels", g.opt.MaxDepth)
	}
	s := g.doc.read(nodes)
	if s.never != "" {
		return nil, errors.New(s.never)
	}
	var cands []any
	switch {
	case s.hasConst:
		cands = []any{s.constV}
	case s.hasEnum:
		for i := range min(len(s.enum), 8) {
			cands = append(cands, s.enum[(i+variant)%len(s.enum)])
		}
	}
	if len(cands) > 0 {
		for _, c := range cands {
			if g.ver.accepts(s.nodes, c) {
				return c, nil
			}
			if g.ver.spent() {
				return nil, errTooManyChecks
			}
		}
		return nil, fmt.Errorf("no value of the enum or const at %s is valid there", s.nodes[0].loc)
	}
	if variant == 0 && depth > 0 {
		for _, c := range s.examples[:min(len(s.examples), 4)] {
			if c != nil && g.ver.accepts(s.nodes, c) {
				return c, nil
			}
		}
	}
	var firstErr error
	tries := 0
	for _, vs := range g.variants(s) {
		for _, t := range typeOrder(vs) {
			if depth == 0 && t != "object" {
				continue // arguments are an object
			}
			// A value the check refuses (a not, a oneOf that two
			// branches match) may pass as another variant.
			for attempt := range 3 {
				tries++
				if tries > 24 {
					break
				}
				v, err := g.typed(vs, t, depth, variant+attempt, hint)
				if err != nil {
					if errors.Is(err, errBudget) || errors.Is(err, errTooManyChecks) {
						return nil, err
					}
					if firstErr == nil {
						firstErr = err
					}
					break
				}
				if !needsCheck(s) || g.ver.accepts(s.nodes, v) {
					return v, nil
				}
				if g.ver.spent() {
					return nil, errTooManyChecks
				}
			}
		}
	}
	if firstErr == nil {
		firstErr = fmt.Errorf("no value could be found that the schema at %s accepts", s.nodes[0].loc)
	}
	return nil, firstErr
}

// needsCheck tells when a value made from a schema's keywords must still be
// checked: the keywords the generator does not act on, and choices.
func needsCheck(s *schema) bool {
	return len(s.anyOf) > 0 || len(s.oneOf) > 0 || s.hasNot || s.hasIf || s.unevalProp ||
		len(s.contains) > 0 || len(s.multipleOf) > 1 || len(s.types) > 1 || s.types == nil || s.unique
}

// maxVariants bounds the combinations of anyOf, oneOf and if branches tried.
const maxVariants = 8

// variants expands a schema's anyOf, oneOf and if/then/else into plain
// schemas, one alternative of each chosen.
func (g *gen) variants(s *schema) []*schema {
	var groups [][][]node
	for _, alts := range s.anyOf {
		var g [][]node
		for _, a := range alts {
			g = append(g, []node{a})
		}
		groups = append(groups, g)
	}
	for _, alts := range s.oneOf {
		var g [][]node
		for _, a := range alts {
			g = append(g, []node{a})
		}
		groups = append(groups, g)
	}
	for _, te := range s.thenElse {
		var g [][]node
		for _, b := range te {
			if b != nil {
				g = append(g, b)
			}
		}
		g = append(g, nil) // neither
		groups = append(groups, g)
	}
	if len(groups) == 0 {
		return []*schema{s}
	}
	var out []*schema
	for k := range maxVariants {
		nodes := slices.Clone(s.nodes)
		rest := k
		for _, grp := range groups {
			nodes = append(nodes, grp[rest%len(grp)]...)
			rest /= len(grp)
		}
		if rest > 0 && k > 0 {
			break // every combination tried
		}
		vs := g.doc.read(nodes)
		if vs.never == "" {
			// The chosen branches are in vs's nodes; the value must pass s.
			vs.anyOf, vs.oneOf, vs.thenElse = nil, nil, nil
			out = append(out, vs)
		}
	}
	return out
}

// typeOrder is the types to try, the likeliest first and null last.
func typeOrder(s *schema) []string {
	if s.types != nil {
		var out []string
		for _, t := range s.types {
			if t != "null" {
				out = append(out, t)
			}
		}
		if slices.Contains(s.types, "null") {
			out = append(out, "null")
		}
		return out
	}
	switch {
	case len(s.props) > 0 || len(s.required) > 0 || s.additionalFalse || s.additional != nil || s.minProps > 0 || len(s.patternProps) > 0:
		return []string{"object"}
	case s.items != nil || s.prefix != nil || s.minItems > 0 || s.maxItems >= 0 || s.unique:
		return []string{"array"}
	case s.min != nil || s.max != nil || s.multipleOf != nil:
		return []string{"number"}
	}
	return []string{"string", "integer", "boolean", "object", "array", "null"}
}

func (g *gen) typed(s *schema, t string, depth, variant int, hint string) (any, error) {
	switch t {
	case "null":
		return nil, nil
	case "boolean":
		return variant%2 == 0, nil
	case "integer", "number":
		return g.num(s, t == "integer", variant, hint)
	case "string":
		return g.str(s, variant, hint)
	case "array":
		return g.arr(s, depth, variant, hint)
	case "object":
		return g.obj(s, depth, variant)
	}
	return nil, fmt.Errorf("unknown type %q", t)
}

// numberHints are realistic numbers for common member names.
var numberHints = []struct {
	sub   string
	value string
}{
	{"lat", "52.52"},
	{"lon", "13.405"},
	{"lng", "13.405"},
	{"day", "3"},
	{"limit", "10"},
	{"count", "3"},
	{"page", "1"},
	{"year", "2026"},
	{"month", "7"},
	{"age", "36"},
}

// num makes a number within the bounds, a multiple of multipleOf.
func (g *gen) num(s *schema, integer bool, variant int, hint string) (any, error) {
	pref := big.NewRat(1, 1)
	if !integer {
		pref = big.NewRat(3, 2)
	}
	h := strings.ToLower(hint)
	for _, e := range numberHints {
		if strings.Contains(h, e.sub) {
			pref.SetString(e.value)
			break
		}
	}
	var step *big.Rat
	for _, m := range s.multipleOf {
		step = lcm(step, m)
	}
	if integer {
		step = lcm(step, big.NewRat(1, 1))
	}
	if variant > 0 {
		d := big.NewRat(int64(variant), 1)
		if step != nil {
			d.Mul(d, step)
		}
		pref.Add(pref, d)
	}
	above := func(r *big.Rat) bool { // r satisfies the lower bound
		return s.min == nil || r.Cmp(s.min) > 0 || (r.Cmp(s.min) == 0 && !s.exMin)
	}
	below := func(r *big.Rat) bool {
		return s.max == nil || r.Cmp(s.max) < 0 || (r.Cmp(s.max) == 0 && !s.exMax)
	}
	v := new(big.Rat).Set(pref)
	if !above(v) || !below(v) {
		// The lowest value allowed, or the middle of an open interval.
		switch {
		case s.min != nil && (!s.exMin || step != nil):
			v.Set(s.min)
		case s.min != nil && s.max != nil:
			v.Add(s.min, s.max).Quo(v, big.NewRat(2, 1))
		case s.min != nil:
			v.Add(s.min, big.NewRat(1, 1))
		case !s.exMax || step != nil:
			v.Set(s.max)
		default:
			v.Sub(s.max, big.NewRat(1, 1))
		}
	}
	if step != nil {
		for _, c := range []*big.Rat{multipleAtLeast(v, step), multipleAtMost(v, step)} {
			if above(c) && below(c) {
				return number(c), nil
			}
		}
		if s.min != nil {
			c := multipleAtLeast(s.min, step)
			if !above(c) {
				c.Add(c, step)
			}
			if above(c) && below(c) {
				return number(c), nil
			}
		}
		if len(s.multipleOf) == 0 {
			return nil, fmt.Errorf("no integer lies within %s", boundsText(s))
		}
		return nil, fmt.Errorf("no %s multiple of %s lies within %s", kindName(integer), number(step), boundsText(s))
	}
	if above(v) && below(v) {
		return number(v), nil
	}
	return nil, fmt.Errorf("no %s lies within %s", kindName(integer), boundsText(s))
}

func kindName(integer bool) string {
	if integer {
		return "integer"
	}
	return "number"
}

func boundsText(s *schema) string {
	var parts []string
	if s.min != nil {
		op := ">="
		if s.exMin {
			op = ">"
		}
		parts = append(parts, op+" "+string(number(s.min)))
	}
	if s.max != nil {
		op := "<="
		if s.exMax {
			op = "<"
		}
		parts = append(parts, op+" "+string(number(s.max)))
	}
	if parts == nil {
		return "any bounds"
	}
	return strings.Join(parts, " and ")
}

// lcm is the least common multiple of two positive rationals (a nil a is
// none).
func lcm(a, b *big.Rat) *big.Rat {
	if a == nil {
		return new(big.Rat).Set(b)
	}
	// lcm(p1/q1, p2/q2) = lcm(p1, p2) / gcd(q1, q2)
	p1, q1, p2, q2 := a.Num(), a.Denom(), b.Num(), b.Denom()
	g := new(big.Int).GCD(nil, nil, p1, p2)
	l := new(big.Int).Mul(p1, p2)
	l.Quo(l, g)
	d := new(big.Int).GCD(nil, nil, q1, q2)
	return new(big.Rat).SetFrac(l, d)
}

func multipleAtLeast(v, step *big.Rat) *big.Rat {
	q := new(big.Rat).Quo(v, step)
	k := new(big.Int).Quo(q.Num(), q.Denom()) // truncates toward zero
	r := new(big.Rat).SetInt(k)
	if r.Cmp(q) < 0 {
		r.Add(r, big.NewRat(1, 1))
	}
	return r.Mul(r, step)
}

func multipleAtMost(v, step *big.Rat) *big.Rat {
	q := new(big.Rat).Quo(v, step)
	k := new(big.Int).Quo(q.Num(), q.Denom())
	r := new(big.Rat).SetInt(k)
	if r.Cmp(q) > 0 {
		r.Sub(r, big.NewRat(1, 1))
	}
	return r.Mul(r, step)
}

// maxItems bounds the items and members of one generated value.
const maxItems = 1000

// arr makes an array: minItems items (one more in full mode), each prefix
// item from its own schema, unique when the schema asks.
func (g *gen) arr(s *schema, depth, variant int, hint string) (any, error) {
	n := s.minItems
	if g.full && depth < fullDepth {
		n = max(n, len(s.prefix), 1)
	}
	if s.maxItems >= 0 && n > s.maxItems {
		n = s.maxItems
	}
	if n < s.minItems {
		return nil, fmt.Errorf("minItems %d is above maxItems %d", s.minItems, s.maxItems)
	}
	if s.itemsFalse && n > len(s.prefix) {
		if s.minItems > len(s.prefix) {
			return nil, fmt.Errorf("minItems %d, but items is false after %d prefix items", s.minItems, len(s.prefix))
		}
		n = len(s.prefix)
	}
	if n > maxItems {
		return nil, fmt.Errorf("minItems %d is past the generator's limit of %d", n, maxItems)
	}
	itemHint := strings.TrimSuffix(hint, "s")
	out := make([]any, 0, n)
	for i := range n {
		nodes := s.items
		if i < len(s.prefix) {
			nodes = s.prefix[i] // items applies after prefixItems only
		}
		var v any
		var err error
		for k := range 8 {
			if nodes == nil {
				v, err = fmt.Sprintf("%s-%d", hintString(itemHint), i+k+1), nil
			} else {
				iv := variant
				if s.unique {
					iv += i + k
				}
				v, err = g.value(nodes, depth+1, iv, itemHint)
			}
			if err != nil || !s.unique || !slices.ContainsFunc(out, func(o any) bool { return equal(o, v) }) {
				break
			}
		}
		if err != nil {
			if i >= s.minItems {
				break // an optional item
			}
			return nil, fmt.Errorf("item %d: %w", i, err)
		}
		out = append(out, v)
	}
	if len(s.contains) > 0 && !slices.ContainsFunc(out, func(o any) bool { return g.ver.accepts(s.contains, o) }) {
		v, err := g.value(append(slices.Clone(s.contains), s.items...), depth+1, variant, itemHint)
		if err != nil {
			return nil, fmt.Errorf("contains: %w", err)
		}
		if len(out) > 0 && len(out) >= max(s.minItems, 1) && (s.maxItems >= 0 && len(out) >= s.maxItems) {
			out[len(out)-1] = v
		} else {
			out = append(out, v)
		}
	}
	return out, nil
}

// memberNodes is the schema of member k: its properties entry, the
// patternProperties it matches, else additionalProperties.
func (g *gen) memberNodes(s *schema, k string) ([]node, bool) {
	nodes := slices.Clone(s.props[k])
	for _, pp := range s.patternProps {
		if re, err := regexp.Compile(pp.pattern); err == nil && g.ver.matches(re, k) {
			nodes = append(nodes, pp.n)
		}
	}
	if len(nodes) > 0 {
		return nodes, true
	}
	if s.additionalFalse {
		return nil, false
	}
	return s.additional, true
}

// obj makes an object: the required members, the optional ones in full
// mode, and as many more as minProperties asks.
func (g *gen) obj(s *schema, depth, variant int) (any, error) {
	o := newObject()
	o.sch, o.props = s, map[string]*schema{}
	add := func(k string, required bool) error {
		if _, ok := o.vals[k]; ok {
			return nil
		}
		if s.maxProps >= 0 && len(o.keys) >= s.maxProps && !required {
			return nil
		}
		nodes, ok := g.memberNodes(s, k)
		if !ok {
			if required {
				return fmt.Errorf("member %q is required but additionalProperties is false", k)
			}
			return nil
		}
		var v any
		var err error
		if nodes == nil {
			v = hintString(k)
		} else {
			v, err = g.value(nodes, depth+1, variant, k)
		}
		if err != nil {
			if required || errors.Is(err, errBudget) || errors.Is(err, errTooManyChecks) {
				return fmt.Errorf("%q: %w", k, err)
			}
			return nil
		}
		o.set(k, v)
		if nodes != nil {
			o.props[k] = g.doc.read(nodes)
		}
		return nil
	}
	if len(s.required) > maxItems {
		return nil, fmt.Errorf("%d required members is past the generator's limit of %d", len(s.required), maxItems)
	}
	// The required members in the order of properties, then the others.
	isRequired := map[string]bool{}
	for _, k := range s.required {
		isRequired[k] = true
	}
	var required []string
	for _, k := range s.propOrder {
		if isRequired[k] {
			required = append(required, k)
			delete(isRequired, k)
		}
	}
	for _, k := range s.required {
		if isRequired[k] {
			required = append(required, k)
		}
	}
	for _, k := range required {
		if err := add(k, true); err != nil {
			return nil, err
		}
	}
	if g.full && depth < fullDepth {
		for _, k := range s.propOrder[:min(len(s.propOrder), maxItems)] {
			if err := add(k, false); err != nil {
				return nil, err
			}
		}
	}
	// Members another member's presence requires.
	for range 8 {
		grew := false
		for _, k := range slices.Clone(o.keys) {
			for _, dep := range s.dependentRequired[k] {
				if _, ok := o.vals[dep]; !ok {
					if err := add(dep, true); err != nil {
						return nil, err
					}
					grew = true
				}
			}
		}
		if !grew {
			break
		}
	}
	want := s.minProps
	if g.full && depth < fullDepth && len(s.props) == 0 && (s.additional != nil || len(s.patternProps) > 0) {
		want = max(want, 1) // a map gets one entry
	}
	if want > maxItems {
		return nil, fmt.Errorf("minProperties %d is past the generator's limit of %d", want, maxItems)
	}
	for i := 0; len(o.keys) < want && i < want+8; i++ {
		k, err := g.memberName(s, depth+1, i)
		if err != nil {
			return nil, err
		}
		if _, dup := o.vals[k]; dup {
			continue
		}
		if err := add(k, false); err != nil {
			return nil, err
		}
	}
	if len(o.keys) < s.minProps {
		return nil, fmt.Errorf("minProperties %d: no more members can be made", s.minProps)
	}
	return o, nil
}

// memberName makes the i-th name for a member beyond the properties: from
// propertyNames, a patternProperties pattern, or "key".
func (g *gen) memberName(s *schema, depth, i int) (string, error) {
	if s.propertyNames != nil {
		v, err := g.value(s.propertyNames, depth, i, "key")
		if err != nil {
			return "", fmt.Errorf("propertyNames: %w", err)
		}
		name, ok := v.(string)
		if !ok {
			return "", errors.New("propertyNames accepts no string")
		}
		return name, nil
	}
	if s.additionalFalse || (s.additional == nil && len(s.patternProps) > 0) {
		for _, pp := range s.patternProps {
			re, err := regexp.Compile(pp.pattern)
			if err != nil {
				continue
			}
			for _, c := range patternStrings(g.ver.matches, re, 1, -1, i) {
				if _, declared := s.props[c]; !declared {
					return c, nil
				}
			}
		}
		if s.additionalFalse {
			return "", errors.New("minProperties asks for more members than properties and patternProperties give")
		}
	}
	if i == 0 {
		return "key", nil
	}
	return fmt.Sprintf("key%d", i+1), nil
}
