package argsgen

import (
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// edge is one value of a member at the schema's edge: a bound, an enum's
// other value, an empty or odd string, null, absence. prio orders them,
// the likeliest to break a handler first (0 first).
type edge struct {
	v      any
	absent bool
	label  string
	prio   int
	valid  bool // the schema accepts it (null for an optional member is not)
}

// The priorities of edges: what broke real handlers most often first.
const (
	prioTop  = iota // a maximum, an enum's second value, null where nullable, maxItems
	prioHigh        // empty string or array, non-ASCII first, null for an optional member
	prioMid         // a minimum, zero, negatives, other branches
	prioLow         // large integers, other scripts, escapes, absent, defaults
	prioRest        // the rest of an enum
)

// maxNullCases bounds the invalid cases of optional members set to null.
const maxNullCases = 3

// maxEdgesPerMember bounds the values one member contributes;
// maxReachEdges with Options.Reach, past any enum a tool declares in
// practice (every enum value is kept before the others are cut).
const (
	maxEdgesPerMember = 12
	maxReachEdges     = 512
)

// maxReachCover bounds the cover's cases with Options.Reach.
const maxReachCover = 512

// maxEdgeItems is the longest array or string made for a maxItems or
// maxLength edge; longer limits are left out.
const maxEdgeItems = 256

// edgeStrings are the strings a text member is tried with, when the schema
// allows them: each has broken a parser or a buffer somewhere.
var edgeStrings = []struct {
	s, label string
	prio     int
}{
	{"", "empty string", prioHigh},
	{"Ünïcödé first", "non-ASCII first", prioHigh},
	{"日本語のテキスト", "multi-byte", prioMid},
	{"astral 😀𝄞", "astral characters", prioLow},
	{"שלום עולם مرحبا", "right-to-left text", prioLow},
	{"e\u0301a\u0308 combining", "combining marks", prioLow},
	{"nul\u0000byte", `a \u0000 escape`, prioLow},
	{"quote \" back\\slash\nline\ttab \u2028", "escapes", prioLow},
}

// cover makes up to max valid argument objects beside base that together
// give every member each of its edge values at least once, and then as
// many pairs of edge values of two members as fit (a greedy pairwise
// cover), likeliest breakers first; then one invalid case per optional
// member set to null, which models send for a member they leave out.
func (g *gen) cover(base *object, max, random int, seed uint64) []Case {
	ms, nulls := g.members(base)
	// Optional members of the schema the base left out are not edges:
	// the required-members-only case covers their absence.
	type pick struct{ m, e int }
	covered := map[pick]bool{}
	pairs := map[[2]pick]bool{}
	var out []Case
	seen := map[string]bool{string(encode(base)): true}
	uncovered := func() (pick, bool) {
		best, ok := pick{}, false
		for i, m := range ms {
			for j := 1; j < len(m.edges); j++ {
				p := pick{i, j}
				if !covered[p] && (!ok || m.edges[j].prio < ms[best.m].edges[best.e].prio) {
					best, ok = p, true
				}
			}
		}
		return best, ok
	}
	build := func(as []pick) (*object, []string) {
		o := base.without("")
		var labels []string
		for _, a := range as {
			if a.e == 0 {
				continue
			}
			m := ms[a.m]
			e := m.edges[a.e]
			if e.absent {
				o = o.without(m.key)
			} else {
				o.vals[m.key] = e.v
			}
			labels = append(labels, fmt.Sprintf("%q %s", m.key, e.label))
		}
		return o, labels
	}
	if g.opt.Reach {
		max = maxReachCover // until every edge value was sent once
	}
	for len(out) < max && !g.ver.spent() {
		seed, ok := uncovered()
		if !ok {
			break
		}
		as := []pick{seed}
		// Each other member takes the value that covers most new pairs
		// with those chosen, an uncovered value first, else its base.
		for i, m := range ms {
			if i == seed.m {
				continue
			}
			bestE, bestScore := 0, 0
			for j := 1; j < len(m.edges); j++ {
				score := 0
				if !covered[pick{i, j}] {
					score += 2 * len(ms)
				}
				for _, a := range as {
					if !pairs[pairKey(a, pick{i, j})] {
						score++
					}
				}
				if score > bestScore {
					bestE, bestScore = j, score
				}
			}
			as = append(as, pick{i, bestE})
		}
		o, labels := build(as)
		if g.ver.validate(true, "#", encode(o)) != nil {
			as = as[:1]
			o, labels = build(as)
			if g.ver.validate(true, "#", encode(o)) != nil {
				covered[seed] = true
				continue
			}
		}
		for x, a := range as {
			covered[a] = true
			for _, b := range as[x+1:] {
				pairs[pairKey(a, b)] = true
			}
		}
		b := encode(o)
		if seen[string(b)] {
			continue
		}
		seen[string(b)] = true
		out = append(out, Case{Name: "valid: " + strings.Join(labels, ", "), Args: b, Valid: true, Edge: true})
	}
	out = append(out, g.random(base, ms, random, seed, seen)...)
	for i, c := range nulls {
		if i >= maxNullCases || seen[string(c.Args)] || validOrUnverified(g.ver.validate(false, "#", c.Args)) {
			continue
		}
		seen[string(c.Args)] = true
		out = append(out, c)
	}
	return out
}

// members lists the members of base that have edge values, each with its
// base value first, and the invalid cases of optional members set to null.
func (g *gen) members(base *object) (ms []member, nulls []Case) {
	for _, k := range base.keys {
		s := base.props[k]
		if s == nil {
			continue
		}
		required := slices.Contains(base.sch.required, k)
		es := g.edges(s, base.vals[k], required, 1, k)
		m := member{key: k, edges: []edge{{v: base.vals[k], label: "base"}}}
		for _, e := range es {
			if !e.valid && e.v == nil && !e.absent {
				nulls = append(nulls, Case{Name: fmt.Sprintf("invalid: %q is %s", k, e.label), Args: encode(base.with(k, e.v)), Edge: true})
				continue
			}
			if e.valid {
				m.edges = append(m.edges, e)
			}
		}
		if len(m.edges) > 1 {
			ms = append(ms, m)
		}
	}
	return ms, nulls
}

// member is one member of the arguments and its edge values.
type member struct {
	key   string
	edges []edge // edges[0] is the base value
}

// random makes n valid cases each member of which takes, at random, its
// base value half the time and one of its edge values otherwise: random
// within the schema, biased to its edges (--probes=deep).
func (g *gen) random(base *object, ms []member, n int, seed uint64, seen map[string]bool) []Case {
	if len(ms) == 0 {
		return nil
	}
	rng := rand.New(rand.NewPCG(seed, 0x5ab0))
	var out []Case
	for try := 0; len(out) < n && try < 4*n && !g.ver.spent(); try++ {
		o := base.without("")
		var labels []string
		for _, m := range ms {
			if rng.IntN(2) == 0 {
				continue
			}
			e := m.edges[1+rng.IntN(len(m.edges)-1)]
			if e.absent {
				o = o.without(m.key)
			} else {
				o.vals[m.key] = e.v
			}
			labels = append(labels, fmt.Sprintf("%q %s", m.key, e.label))
		}
		b := encode(o)
		if len(labels) == 0 || seen[string(b)] || g.ver.validate(true, "#", b) != nil {
			continue
		}
		seen[string(b)] = true
		out = append(out, Case{Name: "valid (random): " + strings.Join(labels, ", "), Args: b, Valid: true, Edge: true})
	}
	return out
}

func pairKey[P interface{ comparable }](a, b P) [2]P { return [2]P{a, b} }

// edges lists a member's edge values (not its base value), each checked
// against the member's schema; an optional member also gets its absence
// and null (valid only where the schema allows null).
func (g *gen) edges(s *schema, base any, required bool, depth int, hint string) []edge {
	var out []edge
	add := func(v any, label string, prio int) {
		if equal(v, base) || slices.ContainsFunc(out, func(e edge) bool { return !e.absent && equal(e.v, v) }) {
			return
		}
		if g.ver.spent() {
			return
		}
		out = append(out, edge{v: v, label: label, prio: prio, valid: g.ver.accepts(s.nodes, v)})
	}
	switch {
	case s.hasConst:
	case s.hasEnum:
		for i, v := range s.enum {
			p := prioRest
			if len(out) == 0 {
				p = prioTop
			}
			add(v, fmt.Sprintf("= enum value %d of %d, %s", i+1, len(s.enum), clip(encode(v))), p)
		}
	default:
		types := s.types
		if types == nil {
			types = typeOrder(s)
		}
		for _, t := range types {
			switch t {
			case "null":
				add(nil, "= null (nullable)", prioTop)
			case "boolean":
				add(true, "= true", prioMid)
				add(false, "= false", prioMid)
			case "integer", "number":
				g.numberEdges(s, t == "integer", add)
				if g.opt.Reach {
					g.numberReach(s, t == "integer", add)
				}
			case "string":
				for _, e := range g.stringEdges(s) {
					add(e.s, e.label, e.prio)
				}
				if g.opt.Reach {
					g.stringReach(s, base, add)
				}
			case "array":
				g.arrayEdges(s, depth, hint, add)
				if g.opt.Reach {
					g.arrayReach(s, base, depth, hint, add)
				}
				if g.nestedEdges(depth) {
					g.itemEdges(s, base, depth, hint, add)
				}
			case "object":
				if o, ok := base.(*object); ok && g.nestedEdges(depth) {
					for _, k := range o.keys {
						ps := o.props[k]
						if ps == nil {
							continue
						}
						req := o.sch != nil && slices.Contains(o.sch.required, k)
						for _, e := range g.edges(ps, o.vals[k], req, depth+1, k) {
							if !e.valid {
								continue
							}
							v := o.with(k, e.v)
							if e.absent {
								v = o.without(k)
							}
							add(v, fmt.Sprintf("with %q %s", k, e.label), e.prio)
						}
					}
				}
			}
		}
		// Other anyOf/oneOf branches.
		if vs := g.variants(s); len(vs) > 1 {
			for i, v := range vs {
				for _, t := range typeOrder(v) {
					if x, err := g.typed(v, t, depth, 0, hint); err == nil {
						add(x, fmt.Sprintf("from branch %d of %d", i+1, len(vs)), prioMid)
						break
					}
				}
			}
		}
	}
	for _, v := range s.examples {
		add(v, "= a default or example, "+clip(encode(v)), prioLow)
	}
	if !required {
		out = append(out, edge{absent: true, label: "absent", prio: prioLow, valid: true})
		if !slices.ContainsFunc(out, func(e edge) bool { return !e.absent && e.v == nil }) {
			out = append(out, edge{v: nil, label: "null (an optional member)", prio: prioHigh, valid: g.ver.accepts(s.nodes, nil)})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].prio < out[j].prio })
	limit := maxEdgesPerMember
	if g.opt.Reach {
		limit = maxReachEdges
	}
	if len(out) > limit {
		out = out[:limit]
	}
	return out
}

// nestedEdges says whether the edges of what a value at depth holds (an
// object's members, an array's items) are made: two levels down, or to
// the depth where optional members stop with Options.Reach.
func (g *gen) nestedEdges(depth int) bool {
	return depth < 3 || g.opt.Reach && depth <= fullDepth
}

// itemEdges are arrays whose first item is at the item schema's edges (an
// array of one "" for a []string, an item at its maximum, an item object
// with a member at its edge, and so on down): the base array, or one of
// max(minItems, 1) items where the base is empty, with its first item set
// to each edge value of its schema. A handler that special-cases one item
// breaks on these and not on the array's own edges.
func (g *gen) itemEdges(s *schema, base any, depth int, hint string, add func(any, string, int)) {
	arr, _ := base.([]any)
	if len(arr) == 0 {
		arr = g.items(s, max(s.minItems, 1), depth, hint)
	}
	if len(arr) == 0 || (s.maxItems >= 0 && len(arr) > s.maxItems) {
		return
	}
	nodes := s.items
	if len(s.prefix) > 0 {
		nodes = s.prefix[0]
	}
	if nodes == nil {
		return
	}
	is := g.doc.read(nodes)
	if is.never != "" {
		return
	}
	for _, e := range g.edges(is, arr[0], true, depth+1, strings.TrimSuffix(hint, "s")) {
		if !e.valid || e.absent {
			continue
		}
		v := slices.Clone(arr)
		v[0] = e.v
		add(v, "with [0] "+e.label, e.prio)
	}
}

// items makes n items of an array of schema s (nil when one cannot be
// made), each prefix item from its own schema.
func (g *gen) items(s *schema, n, depth int, hint string) []any {
	out := make([]any, 0, n)
	for i := range n {
		nodes := s.items
		if i < len(s.prefix) {
			nodes = s.prefix[i]
		}
		if nodes == nil {
			out = append(out, fmt.Sprintf("item-%d", i+1))
			continue
		}
		v, err := g.value(nodes, depth+1, i, strings.TrimSuffix(hint, "s"))
		if err != nil {
			return nil
		}
		out = append(out, v)
	}
	return out
}

// numberEdges are a number's bounds (an exclusive one at the nearest
// representable value inside), zero, -1 and large integers, where allowed.
func (g *gen) numberEdges(s *schema, integer bool, add func(any, string, int)) {
	num := number
	if s.max != nil {
		if v, ok := inside(s.max, s.exMax, integer, +1); ok {
			label := "= maximum " + string(num(s.max))
			if s.exMax {
				label = "just under exclusiveMaximum " + string(num(s.max))
			}
			add(v, label, prioTop)
		}
	}
	if s.min != nil {
		if v, ok := inside(s.min, s.exMin, integer, -1); ok {
			label := "= minimum " + string(num(s.min))
			if s.exMin {
				label = "just over exclusiveMinimum " + string(num(s.min))
			}
			add(v, label, prioMid)
		}
	}
	add(json.Number("0"), "= 0", prioMid)
	add(json.Number("-1"), "= -1", prioMid)
	if s.max == nil {
		add(json.Number("9007199254740993"), "= 2^53+1", prioLow)
		add(json.Number("2147483648"), "= 2^31", prioLow)
	}
	if s.min == nil {
		add(json.Number("-2147483649"), "= -2^31-1", prioLow)
	}
	if !integer {
		add(json.Number("0.1"), "= 0.1", prioLow)
	}
}

// inside is the bound b itself, or, when exclusive, the nearest value
// inside it (the next integer, or the next float64 toward dir's other
// side); dir is +1 for a maximum, -1 for a minimum.
func inside(b *big.Rat, exclusive, integer bool, dir int) (any, bool) {
	if integer {
		r := new(big.Rat).Set(b)
		if !r.IsInt() {
			q := new(big.Int).Quo(r.Num(), r.Denom()) // toward zero
			r.SetInt(q)
			if dir > 0 && r.Cmp(b) > 0 {
				r.Sub(r, big.NewRat(1, 1))
			}
			if dir < 0 && r.Cmp(b) < 0 {
				r.Add(r, big.NewRat(1, 1))
			}
		} else if exclusive {
			r.Sub(r, big.NewRat(int64(dir), 1))
		}
		return number(r), true
	}
	if !exclusive {
		return number(b), true
	}
	f, _ := b.Float64()
	if dir > 0 {
		f = math.Nextafter(f, math.Inf(-1))
	} else {
		f = math.Nextafter(f, math.Inf(1))
	}
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return nil, false
	}
	return json.Number(strconv.FormatFloat(f, 'g', -1, 64)), true
}

// stringEdges are the strings to try: empty, at maxLength (also in
// two-byte characters, for buffers sized in bytes), and odd text.
func (g *gen) stringEdges(s *schema) []struct {
	s, label string
	prio     int
} {
	out := slices.Clone(edgeStrings)
	type e = struct {
		s, label string
		prio     int
	}
	if s.maxLen > 0 && s.maxLen <= maxEdgeItems {
		out = append([]e{
			{strings.Repeat("x", s.maxLen), fmt.Sprintf("at maxLength %d", s.maxLen), prioTop},
			{strings.Repeat("é", s.maxLen), fmt.Sprintf("at maxLength %d in two-byte characters", s.maxLen), prioTop},
		}, out...)
	}
	if s.maxLen >= 0 {
		for i := range out {
			if r := []rune(out[i].s); len(r) > s.maxLen {
				out[i].s = string(r[:s.maxLen])
			}
		}
	}
	if s.minLen > 0 && s.minLen <= maxEdgeItems {
		out = append(out, e{strings.Repeat("x", s.minLen), fmt.Sprintf("at minLength %d", s.minLen), prioMid})
	}
	return out
}

// arrayEdges are arrays at maxItems, empty, and at minItems.
func (g *gen) arrayEdges(s *schema, depth int, hint string, add func(any, string, int)) {
	items := func(n int) ([]any, bool) {
		out := g.items(s, n, depth, hint)
		return out, out != nil
	}
	if s.maxItems > 0 && s.maxItems <= maxEdgeItems {
		if v, ok := items(s.maxItems); ok {
			add(v, fmt.Sprintf("at maxItems %d", s.maxItems), prioTop)
		}
	}
	if s.minItems == 0 {
		add([]any{}, "= [] (empty)", prioHigh)
	} else if s.minItems <= maxEdgeItems {
		if v, ok := items(s.minItems); ok {
			add(v, fmt.Sprintf("at minItems %d", s.minItems), prioMid)
		}
	}
}
