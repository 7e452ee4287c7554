package tooldiff

import (
	"errors"
	"fmt"
	"regexp"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/subako-ai/subako-go/internal/offlineschema"
)

// patternsPastCap says why the patterns of a pair of schemas are not
// compiled: one side's patterns count past offlineschema.MaxPatternInsts
// (SchemaPatternSize, read without compiling); "" when both are within.
// Go's parser folds a (?i) class's ranges rune by rune, and "(?i)[" + 500
// ranges "B-\U0001E942" + "]", a 3 KB tool, cost diff 7.3 s of CPU for
// one change while the pattern counted 3 (attack pass 49b, row 4).
func patternsPastCap(old, new any) string {
	for side, root := range []any{old, new} {
		if n := offlineschema.SchemaPatternSize(root); n > offlineschema.MaxPatternInsts {
			return fmt.Sprintf("the %s schema's patterns compile to some %d instructions, past the %d subakogo compiles",
				[]string{"old", "new"}[side], n, offlineschema.MaxPatternInsts)
		}
	}
	return ""
}

// patterns compiles the patterns of one pair of schemas, each once: none
// when capped says why (patternsPastCap), each within the cap otherwise,
// so that what a tool's judgment compiles is bounded by MaxPatternInsts
// however often a proof meets a pattern.
//
// It is also the judge's validator's regexp engine (validatorRegexp): the
// schemas' patterns, compiled with the schemas (counted by
// patternsPastCap), and the strings a "format": "regex" reads while a
// value is validated (an enum's values, a witness) at each place the
// format applies. Each distinct string is compiled once, and the strings
// validated are counted by offlineschema.PatternSize, at most
// MaxPatternInsts for the pair: a string past it is not compiled, and the
// validation that met it decides nothing. Before, each was compiled at
// each place, uncounted: an enum's string "(?i)[" + 100 ranges
// "B-\U0001E942" + "]" under an allOf of 20 "format": "regex", a 1.1 KB
// tool, cost 14.9 s of CPU (attack pass 50b, row 2).
type patterns struct {
	capped   string
	compiled map[string]compiledPattern
	// engine holds what validatorRegexp compiled or refused, by string.
	// validating is set while a value is validated; values sums the
	// PatternSize of the strings compiled then. refused says why the
	// first string refused was not compiled, refusals counts the
	// refusals met, compiles the strings compiled.
	engine             map[string]engineRegexp
	validating         bool
	values             int
	refused            string
	refusals, compiles int
	// parses counts the strings size read (PatternSize); sizes caches
	// PatternSize by string. work is the judge's work, which matching
	// counts in (spend); matchWork is what matching counted there.
	parses    int
	sizes     map[string]int
	work      *int
	matchWork int
}

type engineRegexp struct {
	re      jsonschema.Regexp
	err     error
	refused bool
}

type compiledPattern struct {
	re  *regexp.Regexp
	err error
	// names and literal are literalNames of the pattern, once read.
	names         []string
	literal, read bool
}

func newPatterns(old, new any) *patterns {
	return &patterns{capped: patternsPastCap(old, new), compiled: map[string]compiledPattern{}, engine: map[string]engineRegexp{},
		sizes: map[string]int{}}
}

// errNotCompiled is a string validatorRegexp did not compile.
var errNotCompiled = errors.New("a string was not compiled as a pattern")

// validatorRegexp is offlineschema.Regexp of s, once for each s; while a
// value is validated, errNotCompiled when s would take the strings
// compiled then past offlineschema.MaxPatternInsts. A string is parsed
// (PatternSize) only while its reading (PatternReadSize, linear in its
// length) keeps the count within the cap, and a string refused after
// being parsed counts that reading: once the count is past the cap, no
// string is parsed. Before, each refused string was parsed to be
// counted, and its parse counted nowhere: 40 strings of 25 folded ranges,
// an 8.5 KB tool, 2.47 s of CPU (attack pass 50d, row 2).
//
// What it returns matches a string only against the judge's work
// (countedRegexp).
func (ps *patterns) validatorRegexp(s string) (jsonschema.Regexp, error) {
	e, ok := ps.engine[s]
	if !ok || e.refused && !ps.validating { // a schema's pattern is counted by patternsPastCap
		n, read := 0, 0
		if ps.validating {
			n, read = ps.validatedSize(s)
		}
		if e.refused = ps.values+n > offlineschema.MaxPatternInsts; e.refused {
			e.err = errNotCompiled
			if ps.refused == "" {
				ps.refused = fmt.Sprintf("the strings a \"regex\" format compiles come to some %d instructions with %.40q, past the %d subakogo compiles",
					ps.values+n, s, offlineschema.MaxPatternInsts)
			}
			ps.values += read
		} else {
			ps.values += n
			ps.compiles++
			e.re, e.err = offlineschema.Regexp(s)
			if e.err == nil {
				e.re = countedRegexp{e.re, ps.size(s), ps}
			}
		}
		ps.engine[s] = e
	}
	if e.refused {
		ps.refusals++
	}
	return e.re, e.err
}

// validatedSize is PatternSize of a string validatorRegexp meets while
// validating, and what its refusal counts: the string is parsed only
// when what parsing it costs (PatternReadSize) keeps the pair's count
// within the cap, and then its refusal counts that cost (and one, so that
// every parse counts); a string not parsed counts nothing.
func (ps *patterns) validatedSize(s string) (n, read int) {
	room := offlineschema.MaxPatternInsts - ps.values
	if room < 0 {
		return 1, 0 // the cap is reached: not read
	}
	if read = offlineschema.PatternReadSize(s); read > room {
		return read, 0 // past the cap before parsing: not parsed
	}
	return ps.size(s), read + 1
}

// size is PatternSize of p, once for each p.
func (ps *patterns) size(p string) int {
	n, ok := ps.sizes[p]
	if !ok {
		n = offlineschema.PatternSize(p)
		ps.sizes[p] = n
		ps.parses++
	}
	return n
}

// countedRegexp is a pattern the judge's validator matches: each match
// is counted in the judge's work (offlineschema.MatchWork of the
// pattern's size and the string's length, as argsgen counts its own),
// and once the work is spent it matches nothing (the validation is then
// undecided: judge.run). Member names the validator matched against
// every patternProperties pattern were counted nowhere: 40 patterns
// "~*.{0,998}Q" beside 1,000-character names, 36.3 s of CPU for a
// 1.2 KB tool (attack pass 50d, row 1).
type countedRegexp struct {
	re    jsonschema.Regexp
	insts int
	ps    *patterns
}

func (c countedRegexp) String() string { return c.re.String() }

func (c countedRegexp) MatchString(s string) bool {
	return c.ps.spend(offlineschema.MatchWork(c.insts, len(s))) && c.re.MatchString(s)
}

// spend counts w in the judge's work: false once it is past maxWork.
func (ps *patterns) spend(w int) bool {
	if ps.work == nil {
		return true
	}
	*ps.work += w
	ps.matchWork += w
	return *ps.work <= maxWork
}

// match is re.MatchString(s) for re, pattern p compiled, counted as
// countedRegexp counts the validator's matches: false once the work is
// spent.
func (ps *patterns) match(p string, re *regexp.Regexp, s string) bool {
	return ps.spend(offlineschema.MatchWork(ps.size(p), len(s))) && re.MatchString(s)
}

// compile is regexp.Compile of p, or an error when the schemas' patterns
// are past the cap.
func (ps *patterns) compile(p string) (*regexp.Regexp, error) {
	if c, ok := ps.compiled[p]; ok {
		return c.re, c.err
	}
	var c compiledPattern
	if ps.capped != "" {
		c.err = fmt.Errorf("not compiled: %s", ps.capped)
	} else {
		c.re, c.err = regexp.Compile(p)
	}
	ps.compiled[p] = c
	return c.re, c.err
}

// literalNames is literalNames of a pattern compile read, once.
func (ps *patterns) literalNames(p string) ([]string, bool) {
	if _, err := ps.compile(p); err != nil {
		return nil, false
	}
	c := ps.compiled[p]
	if !c.read {
		c.names, c.literal = literalNames(p)
		c.read = true
		ps.compiled[p] = c
	}
	return c.names, c.literal
}
