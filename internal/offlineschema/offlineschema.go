// Package offlineschema compiles JSON Schemas that a module declared (a
// tool's inputSchema or outputSchema), which are untrusted input: nothing is
// fetched for them, neither a file nor a URL, and patterns are read as the
// ECMA-262 regular expressions JSON Schema means, so a lookahead written for
// JavaScript clients does not make the schema fail to compile.
//
// It is also the one reader of the library's validation errors (Message,
// Leaves, Failures), for every check that reports them, the manifest's
// included.
package offlineschema

import (
	"errors"
	"regexp"
	"regexp/syntax"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// NewCompiler returns a compiler that reads schemas as 2020-12 unless their
// $schema names another draft, loads no external resource, and accepts the
// ECMA-262 pattern syntax Go's regexp lacks (such patterns match anything:
// see Unchecked).
func NewCompiler() *jsonschema.Compiler {
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.UseLoader(noFetch{})
	c.UseRegexpEngine(ecmaRegexp)
	return c
}

// noFetch is the compilers' loader: nothing is fetched, not even a file.
type noFetch struct{}

func (noFetch) Load(url string) (any, error) {
	return nil, errors.New("remote schemas are not fetched: " + url)
}

// ecmaRegexp compiles a pattern with Go's regexp, and accepts the ECMA-262
// syntax Go lacks (lookarounds, backreferences, \u escapes): JSON Schema
// patterns are ECMA-262, and clients are mostly JavaScript.
func ecmaRegexp(s string) (jsonschema.Regexp, error) {
	re, err := regexp.Compile(s)
	if err == nil {
		return re, nil
	}
	var se *syntax.Error
	if errors.As(err, &se) && (se.Code == syntax.ErrInvalidPerlOp || se.Code == syntax.ErrInvalidEscape) {
		return ecmaOnly(s), nil
	}
	// ECMA-262's [^] (any character) and [] (nothing) are not Go syntax.
	if t := strings.NewReplacer("[^]", `[\s\S]`, "[]", `[^\s\S]`).Replace(s); t != s {
		if _, err2 := ecmaRegexp(t); err2 == nil {
			return ecmaOnly(s), nil
		}
	}
	return nil, err
}

// Unchecked reports whether pattern is ECMA-262 that Go's regexp cannot
// read: a compiler from NewCompiler accepts it but matches every string
// against it.
func Unchecked(pattern string) bool {
	re, err := ecmaRegexp(pattern)
	if err != nil {
		return false
	}
	_, ok := re.(ecmaOnly)
	return ok
}

// ecmaOnly stands for a pattern that is not checked: it matches anything.
type ecmaOnly string

func (e ecmaOnly) String() string          { return string(e) }
func (e ecmaOnly) MatchString(string) bool { return true }
