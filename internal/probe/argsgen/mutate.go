package argsgen

import (
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
)

// Mutator makes valid variations of a tool's arguments for the probes'
// search (--probes=deep), as coverage-guided fuzzers mutate the inputs
// that reached new code: one member changed to another of its values (its
// edges, the values inside its schema, the module's constants that fit
// it), a member set to any value of the module's dictionary its schema
// takes, two members related (equal, one apart), two cases spliced. Every
// variation is validated against the schema before it is returned.
type Mutator struct {
	g    *gen
	base *object
	ms   []member
	rng  *rand.Rand
}

// maxMutateChecks bounds the validations of one Mutate call, and
// mutateTries the variations it tries before it gives up.
const (
	maxMutateChecks = 64
	mutateTries     = 8
)

// NewMutator reads the schema as Cases does (opt's Reach and Dict widen
// the values, its Seed seeds the choices); when no valid arguments can be
// made, it returns nil and the reason.
func NewMutator(inputSchema json.RawMessage, opt Options) (*Mutator, string) {
	g, top, note, _ := newGen(inputSchema, opt) // CasesWork charged a refusal, for the same schema
	if g == nil {
		return nil, note
	}
	g.full = true
	v, err := g.value(top, 0, 0, "")
	if err != nil {
		return nil, "no valid arguments could be made: " + oneLine(err.Error())
	}
	base, ok := v.(*object)
	if !ok {
		return nil, "the arguments are not an object"
	}
	ms, _ := g.members(base)
	return &Mutator{g: g, base: base, ms: ms, rng: rand.New(rand.NewPCG(g.opt.Seed, 0x5ea4c4))}, ""
}

// Work is what the Mutator's making and checking of cases cost since the
// last Work (NewMutator's included): the probes charge it as they charge
// CasesWork's.
func (m *Mutator) Work() Work { return m.g.ver.takeWork() }

// Mutate returns a valid variation of parent (a case the search kept),
// spliced at times with other (another one; nil for none), and false when
// none of its tries was valid and new.
func (m *Mutator) Mutate(parent, other json.RawMessage) (Case, bool) {
	p, ok := m.object(parent)
	if !ok {
		return Case{}, false
	}
	q, _ := m.object(other)
	for range mutateTries {
		m.g.ver.reset(maxMutateChecks)
		o, labels := p.without(""), []string(nil)
		for n := 1 + m.rng.IntN(2); n > 0; n-- {
			var label string
			if o, label = m.step(o, q); label != "" {
				labels = append(labels, label)
			}
		}
		b := encode(o)
		if len(labels) == 0 || string(b) == string(parent) || len(b) > m.g.opt.MaxBytes {
			continue
		}
		if m.g.ver.validate(true, "#", b) == nil {
			return Case{Name: "valid (search): " + strings.Join(labels, ", "), Args: b, Valid: true, Edge: true}, true
		}
	}
	return Case{}, false
}

// object decodes a case, with the schema of each member the base knows.
func (m *Mutator) object(b json.RawMessage) (*object, bool) {
	if b == nil {
		return nil, false
	}
	v, err := decode(b)
	o, ok := v.(*object)
	if err != nil || !ok {
		return nil, false
	}
	o.sch, o.props = m.base.sch, m.base.props
	return o, true
}

// step makes one change of o, and says which ("" for none).
func (m *Mutator) step(o, other *object) (*object, string) {
	if len(m.ms) == 0 {
		return o, ""
	}
	switch k := m.rng.IntN(10); {
	case k < 4: // one member to another of its values
		mb := m.ms[m.rng.IntN(len(m.ms))]
		e := mb.edges[m.rng.IntN(len(mb.edges))]
		if e.absent {
			return o.without(mb.key), fmt.Sprintf("%q absent", mb.key)
		}
		if cur, ok := o.vals[mb.key]; ok && composite(cur, e.v) && m.rng.IntN(2) == 0 {
			v, label := m.blend(cur, e.v, 0)
			return o.with(mb.key, v), fmt.Sprintf("%q %s (from %s)", mb.key, label, e.label)
		}
		return o.with(mb.key, e.v), fmt.Sprintf("%q %s", mb.key, e.label)
	case k < 6: // one member to a value of the module's dictionary
		return m.fromDict(o)
	case k < 8: // two members related
		return m.pair(o)
	default: // spliced with another case
		if other == nil {
			return o, ""
		}
		for _, key := range other.keys {
			if m.rng.IntN(2) == 0 {
				o = o.with(key, other.vals[key])
			}
		}
		return o, "spliced with another case"
	}
}

// fromDict sets a member to a value of the dictionary its schema takes.
func (m *Mutator) fromDict(o *object) (*object, string) {
	d := m.g.opt.Dict
	if d == nil {
		return o, ""
	}
	mb := m.ms[m.rng.IntN(len(m.ms))]
	s := m.base.props[mb.key]
	var v any
	switch m.base.vals[mb.key].(type) {
	case json.Number:
		if len(d.Numbers) > 0 {
			v = d.Numbers[m.skewed(min(len(d.Numbers), maxDictScan))]
		}
	case string:
		if len(d.Strings) > 0 {
			v = d.Strings[m.skewed(min(len(d.Strings), maxDictScan))]
		}
	}
	if v == nil || s == nil || !m.g.ver.accepts(s.nodes, v) {
		return o, ""
	}
	return o.with(mb.key, v), fmt.Sprintf("%q = %s from the module", mb.key, clip(encode(v)))
}

// skewed is a random index below n, the first ones likeliest (the
// dictionary's likeliest values first): n times a uniform number cubed.
func (m *Mutator) skewed(n int) int {
	u := m.rng.Float64()
	return min(n-1, int(float64(n)*u*u*u))
}

// pair relates two members of the same kind (numbers, strings): the
// second set to the first's value, or (numbers) one above or below it.
// Half the time the second is the next of that kind in the schema's order,
// where related members sit (from and to, min and max, width and height).
func (m *Mutator) pair(o *object) (*object, string) {
	var same []int
	i := m.rng.IntN(len(m.ms))
	kind := func(k int) string { return fmt.Sprintf("%T", m.base.vals[m.ms[k].key]) }
	for k := range m.ms {
		if k != i && kind(k) == kind(i) {
			same = append(same, k)
		}
	}
	if len(same) == 0 {
		return o, ""
	}
	j := same[m.rng.IntN(len(same))]
	if m.rng.IntN(2) == 0 {
		if next := slices.IndexFunc(same, func(k int) bool { return k > i }); next >= 0 {
			j = same[next]
		}
		if m.rng.IntN(2) == 0 { // the relation either way round
			i, j = j, i
		}
	}
	a, b := m.ms[i].key, m.ms[j].key
	av, ok := o.vals[a]
	if !ok {
		return o, ""
	}
	switch av := av.(type) {
	case json.Number:
		if _, ok := m.base.vals[b].(json.Number); !ok {
			return o, ""
		}
		r, ok := new(big.Rat).SetString(string(av))
		if !ok {
			return o, ""
		}
		d := int64(m.rng.IntN(3) - 1)
		r.Add(r, big.NewRat(d, 1))
		return o.with(b, number(r)), fmt.Sprintf("%q = %q %+d", b, a, d)
	case string:
		if _, ok := m.base.vals[b].(string); !ok {
			return o, ""
		}
		return o.with(b, av), fmt.Sprintf("%q = %q", b, a)
	}
	return o, ""
}

// Splice returns the valid variations of parent that set one member to one
// value of d (its numbers first, then its strings, in d's order): each
// value in each member whose schema takes it, at most limit of them. The
// search calls it with the constants of the code a case reached first,
// so that the member the new code compares gets the value it compares
// against, as a fuzzer splices the operands of the comparisons it saw.
func (m *Mutator) Splice(parent json.RawMessage, d *Dict, limit int) []Case {
	p, ok := m.object(parent)
	if !ok || d == nil {
		return nil
	}
	var out []Case
	try := func(v any) {
		for _, mb := range m.ms {
			if len(out) >= limit {
				return
			}
			s := m.base.props[mb.key]
			if s == nil || p.vals[mb.key] == v {
				continue
			}
			at, x := "", v
			if !m.g.ver.accepts(s.nodes, v) {
				// An array's first item, where the value is no member's
				// but an item's (a []string compared with a constant).
				if s.items == nil || len(s.prefix) > 0 || !m.g.ver.accepts(s.items, v) {
					continue
				}
				if at, x = "[0] ", m.withFirst(p.vals[mb.key], v); x == nil {
					continue
				}
			}
			b := encode(p.with(mb.key, x))
			m.g.ver.reset(maxMutateChecks)
			if len(b) <= m.g.opt.MaxBytes && m.g.ver.validate(true, "#", b) == nil {
				out = append(out, Case{Name: fmt.Sprintf("valid (search): %q %s= %s from the code it reached", mb.key, at, clip(encode(v))), Args: b, Valid: true, Edge: true})
			}
		}
	}
	for _, n := range d.Numbers {
		try(n)
	}
	for _, s := range d.Strings {
		try(s)
	}
	return out
}

// withFirst is the array cur with its first item set to v ([v] when cur
// is empty or absent), nil when cur is another value or already starts
// with v.
func (m *Mutator) withFirst(cur, v any) any {
	arr, ok := cur.([]any)
	if cur != nil && !ok {
		return nil
	}
	if len(arr) == 0 {
		return []any{v}
	}
	if equal(arr[0], v) {
		return nil
	}
	out := slices.Clone(arr)
	out[0] = v
	return out
}

// maxBlendItems bounds the arrays blend makes longer, and maxBlendDepth
// how deep it goes into the values it blends.
const (
	maxBlendItems = 64
	maxBlendDepth = 8
)

// composite says whether a and b are both arrays or both objects, which
// blend can mix.
func composite(a, b any) bool {
	switch a.(type) {
	case []any:
		_, ok := b.([]any)
		return ok
	case *object:
		_, ok := b.(*object)
		return ok
	}
	return false
}

// blend mixes cur, a member's value in the case mutated, with e, one of
// the member's edge values, one place changed: an item of cur replaced
// by an item of e (or blended with it, one level down), an item of e
// inserted, an item removed or repeated; a member of cur set from e's.
// The item edges give arrays whose first item is at its schema's edge,
// so the search goes on into arrays of any length and mix, at any depth,
// where the edges alone are a few arrays of one item. Neither value is
// changed; the caller validates the result.
func (m *Mutator) blend(cur, e any, depth int) (any, string) {
	switch c := cur.(type) {
	case []any:
		ev := e.([]any)
		out := slices.Clone(c)
		switch op := m.rng.IntN(4); {
		case op == 0 && len(ev) > 0 && len(out) < maxBlendItems:
			i := m.rng.IntN(len(out) + 1)
			return slices.Insert(out, i, ev[m.rng.IntN(len(ev))]), fmt.Sprintf("item inserted at [%d]", i)
		case op == 1 && len(out) > 0:
			i := m.rng.IntN(len(out))
			return slices.Delete(out, i, i+1), fmt.Sprintf("[%d] removed", i)
		case op == 2 && len(out) > 0 && len(out) < maxBlendItems:
			i := m.rng.IntN(len(out))
			return slices.Insert(out, i, out[i]), fmt.Sprintf("[%d] repeated", i)
		case len(ev) > 0 && len(out) > 0:
			i, item := m.rng.IntN(len(out)), ev[m.rng.IntN(len(ev))]
			if depth < maxBlendDepth && composite(out[i], item) {
				v, label := m.blend(out[i], item, depth+1)
				out[i] = v
				return out, fmt.Sprintf("[%d] %s", i, label)
			}
			out[i] = item
			return out, fmt.Sprintf("[%d] set from another item", i)
		}
		return e, "as the edge"
	case *object:
		eo := e.(*object)
		keys := append(slices.Clone(c.keys), eo.keys...)
		if len(keys) == 0 {
			return e, "as the edge"
		}
		k := keys[m.rng.IntN(len(keys))]
		ev, ok := eo.vals[k]
		if !ok {
			return c.without(k), fmt.Sprintf("with %q absent", k)
		}
		if cv, has := c.vals[k]; has && depth < maxBlendDepth && composite(cv, ev) {
			v, label := m.blend(cv, ev, depth+1)
			return c.with(k, v), fmt.Sprintf("with %q %s", k, label)
		}
		return c.with(k, ev), fmt.Sprintf("with %q from the edge", k)
	}
	return e, "as the edge"
}
