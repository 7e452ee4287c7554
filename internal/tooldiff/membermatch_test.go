package tooldiff

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/offlineschema"
	"github.com/subako-ai/subako-go/internal/rules"
)

// memberMatchPair is a 3 KB tool whose argument "s" is an object with two
// members of 1,001 characters, reached by an anyOf of 40 $refs, and the
// same object given 40 patternProperties "~*.{0,998}Q" .. "~*.{0,959}Q"
// (2,000 instructions or so each, 80,000 in all: within MaxPatternInsts)
// and an additionalProperties: each branch's proof matches both names
// against every pattern.
func memberMatchPair() (old, new map[string]any) {
	props := map[string]any{}
	for i := range 2 {
		props[strconv.Itoa(i)+strings.Repeat("b", 1000)] = map[string]any{}
	}
	pp := map[string]any{}
	for i := range 40 {
		pp["~*.{0,"+strconv.Itoa(998-i)+"}Q"] = map[string]any{}
	}
	var branches []any
	for range 40 {
		branches = append(branches, map[string]any{"$ref": "#/$defs/o"})
	}
	old = map[string]any{"type": "object", "properties": map[string]any{"s": map[string]any{"anyOf": branches}},
		"$defs": map[string]any{"o": map[string]any{"type": "object", "properties": props}}}
	new = map[string]any{"type": "object", "properties": map[string]any{"s": map[string]any{
		"type": "object", "properties": props, "patternProperties": pp, "additionalProperties": map[string]any{}}}}
	return old, new
}

// TestProofMemberMatchingBounded: the proof's matching of member names
// against patternProperties patterns (memberSchema, membersIncluded) is
// counted against maxMemberMatch, a bound of its own; past it the proof
// stops and the change is D023 naming the bound, never proven (the pair
// is compatible, but that was not checked) nor D013. It was counted
// nowhere: each of the proof's steps matched every name against every
// pattern, 41.7 s of CPU for this 3 KB tool (10 branches: 12.1 s), with
// no finding.
func TestProofMemberMatchingBounded(t *testing.T) {
	old, new := memberMatchPair()
	j := newJudge(old, new)
	os, ns := old["properties"].(map[string]any)["s"], new["properties"].(map[string]any)["s"]
	if j.includes(os, 0, ns, 1, 0) {
		t.Error("proven compatible past the bound: the proof read unmade matches")
	}
	one := offlineschema.MatchWork(offlineschema.PatternSize("~*.{0,998}Q"), 1001)
	if j.members.work > maxMemberMatch || j.members.refused == 0 || 40*2*40*one < 10*maxMemberMatch {
		t.Errorf("member matching counted %d (refused %d), want within %d and refused past it (unbounded: some %d)",
			j.members.work, j.members.refused, maxMemberMatch, 40*2*40*one)
	}
	mk := func(in map[string]any) json.RawMessage {
		b, _ := json.Marshal(map[string]any{"name": "t", "description": "Adds.", "inputSchema": in})
		return b
	}
	found := false
	for _, c := range Compare([]json.RawMessage{mk(old)}, []json.RawMessage{mk(new)}) {
		switch {
		case c.Rule == rules.DiffUnproven && strings.Contains(c.What, "the proof stopped: matching member names against patterns came to") &&
			strings.Contains(c.What, "past the 250000 a tool's proofs may spend (maxMemberMatch)"):
			found = true
		case c.Rule.Severity >= rules.Warning:
			t.Errorf("%s %s: %.200s", c.Rule.ID, c.Pointer, c.What)
		}
	}
	if !found {
		t.Error("no D023 naming maxMemberMatch: the proof's member matching was not bounded")
	}
}

// TestMemberMatchPastBoundUndecided: a match matchMember did not make
// (the bound reached) is read as neither "matches" nor "does not": the
// member's schema is unknown (not additionalProperties' false, which
// would have the name forbidden and a oneOf's branches proven disjoint),
// and an inclusion that needed it is not proven.
func TestMemberMatchPastBoundUndecided(t *testing.T) {
	m := map[string]any{"type": "object", "additionalProperties": false, "patternProperties": map[string]any{"^x": map[string]any{"type": "string"}}}
	a := map[string]any{"type": "object", "properties": map[string]any{"xa": map[string]any{"type": "string"}}, "additionalProperties": false}
	for _, spent := range []bool{false, true} {
		j := newJudge(a, m)
		if spent {
			j.members.work = maxMemberMatch
		}
		s, ok := j.memberSchema(m, "xa")
		if spent && (ok || s != nil) || !spent && (!ok || s == nil || s == false) {
			t.Errorf("bound reached %v: memberSchema(\"xa\") = %v, %v", spent, s, ok)
		}
		if j.forbids(m, 1, "xa") {
			t.Errorf("bound reached %v: \"xa\" forbidden, but ^x allows it", spent)
		}
		if got := j.includes(a, 0, m, 1, 0); got == spent {
			t.Errorf("bound reached %v: included %v, want %v", spent, got, !spent)
		}
		if spent && j.members.refused == 0 {
			t.Error("bound reached: no match refused")
		}
	}
}
