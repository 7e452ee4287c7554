package argsgen

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math/big"
	"math/rand/v2"
	"regexp"
	"regexp/syntax"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/subako-ai/subako-go/internal/offlineschema"
)

// The values Options.Reach adds to a member's edges: what lies inside the
// schema rather than at its edges, where handlers break on a special case
// (a number in the middle of a range, a date that is a leap day, a string
// of one exact length, an array with a duplicate).

// interestingNumbers are the integers fuzzers try first (AFL's list of
// "interesting values", and their negatives): sizes and the limits of
// small integer types.
var interestingNumbers = []int64{1, 2, 3, 7, 8, 10, 16, 32, 64, 100, 127, 128, 255, 256, 512, 1000, 1024, 4096, 32767, 32768, 65535, 65536, -2, -100, -128, -129, -32768}

// reachSpread is how many points a bounded range is cut into.
const reachSpread = 8

// numberReach adds the points that cut a bounded range into reachSpread
// parts and the interesting numbers the bounds allow (each rounded to the
// schema's multipleOf and checked by add's validation).
func (g *gen) numberReach(s *schema, integer bool, add func(any, string, int)) {
	g.dictNumbers(s, integer, add)
	var step *big.Rat
	for _, m := range s.multipleOf {
		step = lcm(step, m)
	}
	if integer {
		step = lcm(step, big.NewRat(1, 1))
	}
	round := func(r *big.Rat) *big.Rat {
		if step == nil {
			return r
		}
		return multipleAtLeast(r, step)
	}
	if s.min != nil && s.max != nil {
		width := new(big.Rat).Sub(s.max, s.min)
		for k := 1; k < reachSpread; k++ {
			r := new(big.Rat).Mul(width, big.NewRat(int64(k), reachSpread))
			r.Add(r, s.min)
			add(number(round(r)), fmt.Sprintf("= %d/%d of the range", k, reachSpread), prioRest)
		}
	}
	for _, n := range interestingNumbers {
		add(number(round(big.NewRat(n, 1))), "= "+fmt.Sprint(n), prioRest)
	}
	if !integer {
		add(json.Number("0.5"), "= 0.5", prioRest)
		add(json.Number("-0.5"), "= -0.5", prioRest)
	}
}

// dateSpecials are dates handlers special-case: leap days, the ends of a
// month and of a year, the first day of an epoch.
var dateSpecials = []string{"2024-02-29", "2000-02-29", "2025-12-31", "2026-01-01", "2026-02-28", "2026-04-30", "1970-01-01", "1999-12-31"}

// reachStrings is how many strings matching a pattern are made for one
// member.
const reachStrings = 16

// stringReach adds, for a string under a pattern, many strings the
// pattern matches (drawn at random from its syntax tree, seeded); under a
// format, more values of it and its special dates; and strings of the
// lengths inside the bounds.
func (g *gen) stringReach(s *schema, base any, add func(any, string, int)) {
	baseText, _ := base.(string)
	g.dictStrings(s, baseText, add)
	if len(s.patterns) > 0 && !offlineschema.Unchecked(s.patterns[0]) {
		if re, err := regexp.Compile(s.patterns[0]); err == nil {
			for _, c := range patternSamples(g.ver.matches, re, s.minLen, s.maxLen, reachStrings, g.opt.Seed^hashString(s.patterns[0])) {
				add(c, "matching the pattern, "+clip(encode(c)), prioRest)
			}
		}
	}
	switch s.format {
	case "date":
		for _, d := range dateSpecials {
			add(d, "= "+d, prioRest)
		}
	case "date-time":
		for _, d := range dateSpecials {
			add(d+"T23:59:59Z", "= "+d+"T23:59:59Z", prioRest)
			add(d+"T00:00:00+14:00", "= "+d+"T00:00:00+14:00", prioRest)
		}
	}
	if s.format != "" {
		for i := 1; i < reachStrings/2; i++ {
			if f, ok := formatVariant(s.format, i); ok {
				add(f, "a "+s.format+", "+clip(encode(f)), prioRest)
			}
		}
	}
	if len(s.patterns) == 0 && s.format == "" && baseText != "" {
		// Lengths inside the bounds: the middle, one past the minimum,
		// one short of the maximum, and a few short ones.
		lengths := []int{1, 2, 3, 8}
		if s.maxLen > 0 {
			lengths = append(lengths, (s.minLen+s.maxLen)/2, s.maxLen-1)
		}
		lengths = append(lengths, s.minLen+1)
		for _, n := range lengths {
			if n >= s.minLen && (s.maxLen < 0 || n <= s.maxLen) && n > 0 && n <= maxEdgeItems {
				add(fitLength(baseText, n), fmt.Sprintf("of %d characters", n), prioRest)
			}
		}
	}
}

// fitLength is s cut or padded (repeating it) to n characters.
func fitLength(s string, n int) string {
	r := []rune(s)
	out := make([]rune, 0, n)
	for len(out) < n {
		out = append(out, r[len(out)%len(r)])
	}
	return string(out)
}

// arrayReach adds arrays of the lengths between the bounds and, where
// items need not be unique, arrays that repeat one item.
func (g *gen) arrayReach(s *schema, base any, depth int, hint string, add func(any, string, int)) {
	items, _ := base.([]any)
	hi := s.maxItems
	if hi < 0 || hi > maxEdgeItems {
		hi = min(maxEdgeItems, max(s.minItems, 10))
	}
	lengths := []int{s.minItems + 1, (s.minItems + hi) / 2, hi - 1, 2, 3}
	one := func() (any, bool) {
		if len(items) > 0 {
			return items[0], true
		}
		nodes := s.items
		if len(s.prefix) > 0 || nodes == nil {
			return nil, false
		}
		v, err := g.value(nodes, depth+1, 0, strings.TrimSuffix(hint, "s"))
		return v, err == nil
	}
	for _, n := range lengths {
		if n < s.minItems || n > hi || n <= 0 {
			continue
		}
		if len(s.prefix) == 0 && s.items != nil {
			out := make([]any, 0, n)
			for i := range n {
				v, err := g.value(s.items, depth+1, i, strings.TrimSuffix(hint, "s"))
				if err != nil {
					break
				}
				out = append(out, v)
			}
			if len(out) == n {
				add(out, fmt.Sprintf("of %d items", n), prioRest)
			}
		}
		if !s.unique && n >= 2 {
			if v, ok := one(); ok {
				dup := make([]any, n)
				for i := range dup {
					dup[i] = v
				}
				add(dup, fmt.Sprintf("of %d equal items", n), prioRest)
			}
		}
	}
}

func hashString(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64()
}

// patternSamples draws up to n distinct strings re matches, of minLen to
// maxLen characters (maxLen < 0: any), from its syntax tree at random
// (seeded, so the same pattern gives the same strings), as property-based
// testing tools do: each alternative, repetition count and character of a
// class is a random choice. Each string is checked with re itself.
func patternSamples(match func(*regexp.Regexp, string) bool, re *regexp.Regexp, minLen, maxLen, n int, seed uint64) []string {
	parsed, err := syntax.Parse(re.String(), syntax.Perl)
	if err != nil {
		return nil
	}
	parsed = parsed.Simplify()
	rng := rand.New(rand.NewPCG(seed, 0x9a77e))
	seen := map[string]bool{}
	var out []string
	for try := 0; len(out) < n && try < 8*n; try++ {
		w := &rgen{rng: rng}
		var b strings.Builder
		if !w.gen(parsed, &b) {
			continue
		}
		s := b.String()
		k := utf8.RuneCountInString(s)
		if seen[s] || k < minLen || (maxLen >= 0 && k > maxLen) || !match(re, s) {
			continue
		}
		seen[s] = true
		out = append(out, s)
	}
	return out
}

// maxDictPerMember, maxDictStrings and maxDictLengths bound the
// dictionary's numbers, strings and string lengths one member tries, and
// maxDictScan the dictionary entries looked at for one member.
const (
	maxDictPerMember = 24
	maxDictStrings   = 128
	maxDictLengths   = 64
	maxDictScan      = 1024
)

// dictNumbers adds the module's numbers the member's bounds and type
// take (add validates each against the schema).
func (g *gen) dictNumbers(s *schema, integer bool, add func(any, string, int)) {
	if g.opt.Dict == nil {
		return
	}
	n := 0
	for _, v := range g.opt.Dict.Numbers[:min(len(g.opt.Dict.Numbers), maxDictScan)] {
		r, ok := new(big.Rat).SetString(string(v))
		if !ok || (integer && !r.IsInt()) || !inBounds(s, r) {
			continue
		}
		add(v, "= "+string(v)+", a constant of the module", prioMid)
		if n++; n >= maxDictPerMember {
			return
		}
	}
}

// inBounds says whether r lies within s's bounds.
func inBounds(s *schema, r *big.Rat) bool {
	if s.min != nil && (r.Cmp(s.min) < 0 || r.Cmp(s.min) == 0 && s.exMin) {
		return false
	}
	return s.max == nil || r.Cmp(s.max) < 0 || r.Cmp(s.max) == 0 && !s.exMax
}

// dictStrings adds the module's strings the member's lengths and pattern
// take, each also before the base value (a prefix the handler tests),
// and, for a plain string, strings as long as the module's numbers that
// fit its lengths (a length the handler special-cases).
func (g *gen) dictStrings(s *schema, baseText string, add func(any, string, int)) {
	if g.opt.Dict == nil {
		return
	}
	var re *regexp.Regexp
	if len(s.patterns) > 0 && !offlineschema.Unchecked(s.patterns[0]) {
		re, _ = regexp.Compile(s.patterns[0])
	}
	fits := func(c string) bool {
		k := utf8.RuneCountInString(c)
		return k >= s.minLen && (s.maxLen < 0 || k <= s.maxLen) && (re == nil || g.ver.matches(re, c))
	}
	n := 0
	for _, v := range g.opt.Dict.Strings[:min(len(g.opt.Dict.Strings), maxDictScan)] {
		if n >= maxDictStrings {
			break
		}
		if fits(v) {
			add(v, "= "+clip(encode(v))+", from the module's strings", prioMid)
			n++
		}
		if c := v + baseText; fits(c) {
			add(c, "= "+clip(encode(c))+", the module's string before the value", prioMid)
		}
	}
	if re != nil || s.format != "" || baseText == "" {
		return
	}
	n = 0
	for _, v := range g.opt.Dict.Numbers[:min(len(g.opt.Dict.Numbers), maxDictScan)] {
		k, err := strconv.Atoi(string(v))
		if err != nil || k < max(s.minLen, 2) || (s.maxLen >= 0 && k > s.maxLen) || k > maxEdgeItems {
			continue
		}
		add(fitLength(baseText, k), fmt.Sprintf("of %d characters, a constant of the module", k), prioMid)
		if n++; n >= maxDictLengths {
			return
		}
	}
}
