package tooldiff

import (
	"fmt"
	"regexp"
	"slices"

	"github.com/subako-ai/subako-go/internal/offlineschema"
)

// maxKeywordValues bounds the values memberSamples and unevaluatedItems
// take from one subschema's samples (samples' own limit one level down:
// a nested member's edge value comes after the plain objects), and
// maxMemberPatterns the patternProperties whose members it makes.
const (
	maxKeywordValues  = 40
	maxMemberPatterns = 8
)

// memberSamples makes objects (each of base's members and one more)
// whose extra member is judged by a subschema other than properties': a
// name each patternProperties pattern matches, with that schema's
// samples as values; an unlisted name with additionalProperties' and
// unevaluatedProperties' samples; each name propertyNames' samples give.
// A tightening there (patternProperties {"^x": maxLength 5} -> 1) was
// D023 "not proven" while the same under properties was D013: the
// members were made with the plainest value of their type only (attack
// pass 50b, row 3). As every sample, each is only a candidate: the
// witness is one the old schema accepts and the new one refuses, both
// validated whole.
func (j *judge) memberSamples(m map[string]any, side, depth int, base func() map[string]any, room int) []any {
	props := asObject(m["properties"])
	pp := asObject(m["patternProperties"])
	var res []*regexp.Regexp
	pats := sortedKeys(pp)
	for _, p := range pats {
		re, err := j.patterns.compile(p)
		if err != nil {
			re = nil
		}
		res = append(res, re)
	}
	// matchedBy tries the cheapest patterns first: any match decides.
	order := make([]int, len(pats))
	for k := range order {
		order[k] = k
	}
	slices.SortStableFunc(order, func(a, b int) int { return j.patterns.size(pats[a]) - j.patterns.size(pats[b]) })
	var out []any
	with := func(name string, vs []any) {
		for _, v := range vs[:min(len(vs), maxKeywordValues)] {
			if len(out) >= room {
				return
			}
			o := base()
			o[name] = v
			out = append(out, o)
		}
	}
	// matchedBy reports whether name is listed or matched by a pattern
	// other than the i-th (-1: any).
	matchedBy := func(name string, i int) bool {
		if _, ok := props[name]; ok {
			return true
		}
		for _, k := range order {
			if re := res[k]; k != i && re != nil && j.patterns.match(pats[k], re, name) {
				return true
			}
		}
		return false
	}
	for i, p := range pats[:min(len(pats), maxMemberPatterns)] {
		if res[i] == nil {
			continue
		}
		if j.work > maxWork {
			return out // the work is spent: the judgment is D023
		}
		// A name the pattern matches, unlisted and matched by no other
		// pattern when there is one: only this pattern's schema judges it.
		name, found := "", false
		names, ok := j.patternNames[p]
		if !ok {
			names = memberNamesOf(res[i], func(s string) bool { return j.patterns.match(p, res[i], s) })
			if j.patternNames == nil {
				j.patternNames = map[string][]string{}
			}
			j.patternNames[p] = names
		}
		for _, s := range names {
			if _, listed := props[s]; listed {
				continue
			}
			if !found {
				name, found = s, true
			}
			if !matchedBy(s, i) {
				name = s
				break
			}
		}
		if found {
			with(name, j.samples(pp[p], side, depth+1))
		}
	}
	unlisted := ""
	for _, s := range []string{"x_unlisted", "zz_unlisted", "_", "0"} {
		if !matchedBy(s, -1) {
			unlisted = s
			break
		}
	}
	for _, k := range []string{"additionalProperties", "unevaluatedProperties"} {
		if s, ok := m[k].(map[string]any); ok && unlisted != "" {
			with(unlisted, j.samples(s, side, depth+1))
		}
	}
	if pn, ok := m["propertyNames"]; ok {
		n := 0
		for _, v := range j.samples(pn, side, depth+1) {
			name, ok := v.(string)
			if !ok || n >= maxKeywordValues || len(out) >= room {
				continue
			}
			n++
			o := base()
			if _, has := o[name]; !has {
				s, _ := j.memberSchema(m, name)
				o[name] = simpleValue(s)
			}
			out = append(out, o)
		}
	}
	return out
}

// unevaluatedItems makes arrays of prefix and one or two of
// unevaluatedItems' samples (attack pass 50b, row 3, as memberSamples).
func (j *judge) unevaluatedItems(m map[string]any, side, depth int, prefix []any) []any {
	s, ok := m["unevaluatedItems"].(map[string]any)
	if !ok {
		return nil
	}
	var out []any
	vs := j.samples(s, side, depth+1)
	for _, v := range vs[:min(len(vs), maxKeywordValues)] {
		l := append(append([]any{}, prefix...), v)
		out = append(out, l, append(append([]any{}, l...), v))
	}
	return out
}

// memberNamesOf is names the pattern matches (match, counted): its
// sampled strings, and each with a suffix or a prefix that still matches
// ("^x" samples only "x", which properties may list or another pattern
// match). Names longer than maxMemberName are kept only when no shorter
// one matches: each name is matched against every pattern of the object,
// by matchedBy and by the validator (attack pass 50d, row 1: "^b{1000}"
// made names of 1,000 characters).
func memberNamesOf(re *regexp.Regexp, match func(string) bool) []string {
	var out, long []string
	seen := map[string]bool{}
	for _, s := range patternStrings(re, 1, 64) {
		for _, n := range []string{s, s + "_z", s + "0", "z_" + s} {
			if seen[n] {
				continue
			}
			seen[n] = true
			switch {
			case len(n) <= maxMemberName:
				if match(n) {
					out = append(out, n)
				}
			case len(out) == 0 && len(long) == 0 && match(n):
				long = append(long, n)
			}
		}
	}
	if len(out) == 0 {
		return long
	}
	return out
}

// maxMemberName is the length of the names memberNamesOf prefers.
const maxMemberName = 64

// maxMemberMatch bounds the work of a tool's proofs' matching of member
// names against patterns (matchMember: memberSchema, membersIncluded), in
// offlineschema.MatchWork's units (100 steps of a pattern's program). It
// is a bound of its own, apart from maxWork: past it a match is not made,
// and the proof that needed it is "not proven" (D023 naming the bound),
// where counting it in maxWork and reading an unmade match as "no match"
// would have proven an inclusion unchecked. It was counted nowhere: each
// of the proof's steps matched every member name against every pattern,
// so an anyOf of 40 $refs to an object with two 1,000-character members,
// against 40 patterns "~*.{0,998}Q", a 3 KB tool, cost 41.7 s of CPU.
const maxMemberMatch = 250_000

// maxMemberMemo bounds the matches matchMember remembers.
const maxMemberMemo = 4096

// memberMatches is what matchMember counted: work, against
// maxMemberMatch; refused, the matches not made past it, and why, the
// first one's reason; memo, the matches made, by pattern and name.
type memberMatches struct {
	work, refused int
	why           string
	memo          map[[2]string]bool
}

// matchMember reports whether member name matches pattern p (re, p
// compiled) for a proof, counted in j.members: each pattern and name
// once, offlineschema.MatchWork of the pattern's size and the name's
// length. ok is false once that would take the count past maxMemberMatch
// (then for every match after): the match is not made, and the caller
// must read neither "matches" nor "does not match" of it.
func (j *judge) matchMember(p string, re *regexp.Regexp, name string) (matched, ok bool) {
	mm := &j.members
	key := [2]string{p, name}
	if matched, ok := mm.memo[key]; ok {
		return matched, true
	}
	w := offlineschema.MatchWork(j.patterns.size(p), len(name))
	if mm.why != "" || mm.work+w > maxMemberMatch {
		if mm.why == "" {
			mm.why = fmt.Sprintf("matching member names against patterns came to %d with a name of %d characters against %.40q, past the %d a tool's proofs may spend (maxMemberMatch)",
				mm.work+w, len(name), p, maxMemberMatch)
		}
		mm.refused++
		return false, false
	}
	mm.work += w
	matched = re.MatchString(name)
	if mm.memo == nil {
		mm.memo = map[[2]string]bool{}
	}
	if len(mm.memo) < maxMemberMemo {
		mm.memo[key] = matched
	}
	return matched, true
}
