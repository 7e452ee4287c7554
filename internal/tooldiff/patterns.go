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
	return &patterns{capped: patternsPastCap(old, new), compiled: map[string]compiledPattern{}, engine: map[string]engineRegexp{}}
}

// errNotCompiled is a string validatorRegexp did not compile.
var errNotCompiled = errors.New("a string was not compiled as a pattern")

// validatorRegexp is offlineschema.Regexp of s, once for each s; while a
// value is validated, errNotCompiled when s would take the strings
// compiled then past offlineschema.MaxPatternInsts.
func (ps *patterns) validatorRegexp(s string) (jsonschema.Regexp, error) {
	e, ok := ps.engine[s]
	if !ok || e.refused && !ps.validating { // a schema's pattern is counted by patternsPastCap
		n := 0
		if ps.validating {
			n = offlineschema.PatternSize(s)
		}
		if e.refused = ps.values+n > offlineschema.MaxPatternInsts; e.refused {
			e.err = errNotCompiled
			if ps.refused == "" {
				ps.refused = fmt.Sprintf("the strings a \"regex\" format compiles come to some %d instructions with %.40q, past the %d subakogo compiles",
					ps.values+n, s, offlineschema.MaxPatternInsts)
			}
		} else {
			ps.values += n
			ps.compiles++
			e.re, e.err = offlineschema.Regexp(s)
		}
		ps.engine[s] = e
	}
	if e.refused {
		ps.refusals++
	}
	return e.re, e.err
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
