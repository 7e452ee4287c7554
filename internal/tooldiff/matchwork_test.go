package tooldiff

import (
	"strconv"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/offlineschema"
)

// heavyPattern is unanchored and ~1000 threads wide at each character of
// a long name: 2,000 instructions or so.
const heavyPattern = "~*.{0,998}Q"

// TestValidatorPatternMatchingCounted (attack pass 50d, row 1): the
// validator's matching of a member name against a patternProperties
// pattern is counted in the judge's work (offlineschema.MatchWork of the
// pattern's size and the name's length); it counted the value's nodes
// only, so 1,000-character names against 40 such patterns cost 36.3 s of
// CPU for a 1.2 KB tool.
func TestValidatorPatternMatchingCounted(t *testing.T) {
	s := map[string]any{"type": "object", "patternProperties": map[string]any{heavyPattern: map[string]any{}}}
	j := newJudge(s, s)
	name := strings.Repeat("b", 1000)
	if valid, ok := j.valid(s, 1, map[string]any{name: "a"}); !valid || !ok {
		t.Fatalf("valid %v, decided %v; want valid", valid, ok)
	}
	if want := offlineschema.MatchWork(offlineschema.PatternSize(heavyPattern), len(name)); j.work < want {
		t.Errorf("a %d-character name matched against %q: work %d, want at least %d", len(name), heavyPattern, j.work, want)
	}
	j.work = maxWork - 1
	if _, ok := j.valid(s, 1, map[string]any{name: "a"}); ok {
		t.Errorf("the same validated with the work nearly spent: decided (work %d), want undecided past %d", j.work, maxWork)
	}
}

// TestMemberSamplesMatchingCounted (attack pass 50d, row 1): the names
// memberSamples makes are matched against the object's other patterns
// (matchedBy) in the judge's work, cheapest pattern first; names past
// maxMemberName are made only when no shorter one matches; and no member
// witness is made once the work is spent.
func TestMemberSamplesMatchingCounted(t *testing.T) {
	pp := map[string]any{"^b{200}": map[string]any{"type": "string", "maxLength": 5}, "~?": map[string]any{}}
	for i := range 4 {
		pp["~*.{0,"+strconv.Itoa(998-i)+"}Q"] = map[string]any{}
	}
	m := map[string]any{"type": "object", "patternProperties": pp}
	j := newJudge(m, m)
	base := func() map[string]any { return map[string]any{} }
	if out := j.memberSamples(m, 0, 0, base, 100); len(out) == 0 {
		t.Fatal("no member samples")
	}
	// Each name is matched by "~?" (3 instructions) first, not by the
	// four heavy patterns: a few thousand of work at most.
	if j.patterns.matchWork == 0 || j.patterns.matchWork > 20_000 {
		t.Errorf("matching memberSamples' names: work %d, want counted and cheapest first (under 20000)", j.patterns.matchWork)
	}
	for p, names := range j.patternNames {
		for _, n := range names {
			if len(n) > maxMemberName && p != "^b{200}" {
				t.Errorf("%q: name of %d characters kept beside shorter ones", p, len(n))
			}
		}
	}
	short := newJudge(map[string]any{}, map[string]any{})
	re, _ := short.patterns.compile("^(b{200}|c)")
	for _, n := range memberNamesOf(re, re.MatchString) {
		if len(n) > maxMemberName {
			t.Errorf("^(b{200}|c): name of %d characters, want only short ones (\"c\" matches)", len(n))
		}
	}
	spent := newJudge(m, m)
	spent.work = maxWork + 1
	if out := spent.memberSamples(m, 0, 0, base, 100); len(out) != 0 || spent.patterns.matchWork != 0 {
		t.Errorf("the work spent: %d member samples, matching work %d; want none", len(out), spent.patterns.matchWork)
	}
}

// TestRegexFormatRefusedStringsNotParsed (attack pass 50d, row 2): a
// "regex" format string that would take the pair's count past
// MaxPatternInsts is refused, unparsed when its reading (PatternReadSize,
// linear) is past what is left; one parsed to learn it counts that
// reading against the cap, and past the cap none is read.
// Each refused string was parsed (PatternSize) and counted nowhere: 40
// strings of 25 folded ranges, an 8.5 KB tool, 2.47 s of CPU.
func TestRegexFormatRefusedStringsNotParsed(t *testing.T) {
	old := map[string]any{"type": "string"}
	new := map[string]any{"type": "string", "format": "regex"}
	j := newJudge(old, new)
	fold := func(k, i int) string {
		return "(?i)[" + strings.Repeat("B-\U0001E942", k) + "]" + strconv.Itoa(i)
	}
	one := offlineschema.PatternSize(fold(12, 0))
	if one > offlineschema.MaxPatternInsts/2 || 3*one <= offlineschema.MaxPatternInsts {
		t.Fatalf("a string of 12 ranges counts %d: want two within the cap, three past it", one)
	}
	parses := j.patterns.parses
	for i := range 40 {
		_, ok := j.valid(new, 1, fold(12, i))
		if want := i < 2; ok != want {
			t.Errorf("string %d: decided %v, want %v", i, ok, want)
		}
	}
	if n := j.patterns.parses - parses; n != 2 {
		t.Errorf("40 strings validated: %d parsed, want 2 (the two compiled; the rest refused unread)", n)
	}
	// A string whose reading fits what is left but whose program does
	// not is parsed once, refused, and its reading counted: the next is
	// not parsed.
	values := j.patterns.values
	for i := range 2 {
		s := "(?i)[B-\U0001E942]" + strings.Repeat("x{1000}", 5) + strconv.Itoa(i)
		read := offlineschema.PatternReadSize(s)
		parses := j.patterns.parses
		if _, ok := j.valid(new, 1, s); ok {
			t.Errorf("%.30q... past the cap: decided", s)
		}
		switch {
		case i == 0 && (j.patterns.parses != parses+1 || j.patterns.values != values+read+1):
			t.Errorf("first string past the cap by its program: parsed %d, counted %d; want parsed once, counted %d", j.patterns.parses-parses, j.patterns.values, values+read+1)
		case i == 1 && j.patterns.parses != parses:
			t.Errorf("second string: parsed %d, want not parsed (its reading past what is left)", j.patterns.parses-parses)
		}
	}
}
