package tooldiff

import (
	"fmt"
	"regexp"

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
type patterns struct {
	capped   string
	compiled map[string]compiledPattern
}

type compiledPattern struct {
	re  *regexp.Regexp
	err error
	// names and literal are literalNames of the pattern, once read.
	names         []string
	literal, read bool
}

func newPatterns(old, new any) *patterns {
	return &patterns{capped: patternsPastCap(old, new), compiled: map[string]compiledPattern{}}
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
