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
	"iter"
	"maps"
	"regexp"
	"regexp/syntax"
	"slices"
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

// Regexp is the regexp engine of NewCompiler's compilers (ecmaRegexp),
// for a caller that puts a count or a cache in front of it
// (UseRegexpEngine): the patterns it compiles and the strings it
// compiles for a "regex" format both go through it.
func Regexp(s string) (jsonschema.Regexp, error) { return ecmaRegexp(s) }

// ecmaRegexp compiles a pattern with Go's regexp, and accepts the ECMA-262
// syntax Go lacks (lookarounds, backreferences, \u escapes): JSON Schema
// patterns are ECMA-262, and clients are mostly JavaScript.
func ecmaRegexp(s string) (jsonschema.Regexp, error) {
	re, err := regexp.Compile(s)
	if err == nil {
		return re, nil
	}
	if ecmaOnlySyntax(err) {
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
//
// It parses the pattern and compiles nothing (attack pass 48d, row 1: it
// compiled the pattern whole at each call, uncharged), so it answers as
// ecmaRegexp does but for a pattern whose program Go refuses as too large,
// which a compiler refuses and Unchecked does not call unchecked.
func Unchecked(pattern string) bool {
	_, err := syntax.Parse(pattern, syntax.Perl)
	switch {
	case err == nil:
		return false
	case ecmaOnlySyntax(err):
		return true
	}
	// ECMA-262's [^] (any character) and [] (nothing) are not Go syntax.
	if t := strings.NewReplacer("[^]", `[\s\S]`, "[]", `[^\s\S]`).Replace(pattern); t != pattern {
		_, err := syntax.Parse(t, syntax.Perl)
		return err == nil || ecmaOnlySyntax(err)
	}
	return false
}

// ecmaOnlySyntax: a parse failed for a reason ECMA-262's syntax has (a
// Perl operator such as a lookahead, an escape Go lacks).
func ecmaOnlySyntax(err error) bool {
	var se *syntax.Error
	return errors.As(err, &se) && (se.Code == syntax.ErrInvalidPerlOp || se.Code == syntax.ErrInvalidEscape)
}

// PatternSize bounds the instructions Go's regexp compiles pattern p to,
// read from its parse tree without compiling it (compiling costs about 2
// µs an instruction, and "x{0,1000}" is 2,000 of them): each repetition
// counted as Simplify expands it, the sum saturating at maxPatternSize.
// For a pattern that does not parse (ECMA-262's [^] and [] read as Go
// classes): what the reading before parsing counts (the fold and the
// Unicode classes below), which parsing it costs whatever its outcome;
// it was 0, so 200 patterns of a 24-range folded class before an
// ECMA-262 lookahead counted nothing and took 23.7 s to compile (attack
// pass 49c, row 1; TestPatternSizeCountsFoldOfUnparsedPattern).
//
// A Unicode class (\pL, \p{Greek}, \PN) counts unicodeClassSize, read
// before parsing: the parser unions its table (hundreds of ranges) into
// the class at each, so "[" + 15,000 times "\pL" + "]", a class of one
// instruction, took 1-2 s and 940 MB to parse (attack pass 48e, row 2); a
// pattern of more of them than MaxPatternInsts allows is not parsed. So
// for a case-insensitive class's ranges, which the parser folds rune by
// rune: foldSize, read before parsing too (attack pass 49b, rows 2-4), of
// the pattern as written and as ECMA-262's [^] and [] read ("[]a-z]" is a
// Go class of three ranges, and the compiler parses both).
func PatternSize(p string) int {
	p, classes := readSize(p)
	if classes > MaxPatternInsts {
		return classes
	}
	tree, err := syntax.Parse(p, syntax.Perl)
	if err != nil {
		return classes // what parsing read before it failed (attack pass 49c, row 1)
	}
	return min(treeSize(tree)+2+classes, maxPatternSize) // and the program's fail and match
}

// PatternReadSize is what PatternSize counts of pattern p before parsing
// it (the fold of its case-insensitive classes and its Unicode classes),
// read from its text in time linear in its length: what parsing p costs,
// whatever its outcome, for a caller that decides whether to parse it
// (tooldiff's "regex" format strings, attack pass 50d, row 2).
func PatternReadSize(p string) int {
	_, n := readSize(p)
	return n
}

// readSize is p as PatternSize parses it (ECMA-262's [^] and [] read as Go
// classes) and its PatternReadSize.
func readSize(p string) (string, int) {
	fold := foldSize(p)
	if q := strings.NewReplacer("[^]", `[\s\S]`, "[]", `[^\s\S]`).Replace(p); q != p {
		p, fold = q, min(fold+foldSize(q), maxPatternSize)
	}
	return p, min(satMul(unicodeClassSize, strings.Count(p, `\p`)+strings.Count(p, `\P`))+fold, maxPatternSize)
}

// SchemaPatternSize sums PatternSize over every pattern a decoded schema
// document holds, wherever it is: each "pattern" string and each key of a
// "patternProperties" object (a value's "pattern" member counted too: an
// upper bound, as a compiler reaches what a "$ref" points at), up to a
// little past MaxPatternInsts.
func SchemaPatternSize(schema any) int { return TreePatternSize(schema, decodedTree{}) }

// A SchemaTree reads a schema document held as nodes of type N, for
// TreePatternSize: toolcheck's keeps an object's members in the order the
// document wrote them, so that the sum it reports is the same every run.
type SchemaTree[N any] interface {
	// Member is an object's member named key; false for anything else.
	Member(n N, key string) (N, bool)
	// String is a string's value; false for anything else.
	String(n N) (string, bool)
	// Keys are an object's member names; none for anything else.
	Keys(n N) iter.Seq[string]
	// Children are an object's member values or an array's elements, in
	// the order they are pushed to be read (the last is read first).
	Children(n N) iter.Seq[N]
}

// TreePatternSize is SchemaPatternSize over a document that t reads: the
// one walk of what a schema's patterns cost to compile, for the probes
// and lint (T015).
func TreePatternSize[N any](root N, t SchemaTree[N]) int {
	n := 0
	stack := []N{root}
	for len(stack) > 0 && n <= MaxPatternInsts {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if p, ok := t.Member(v, "pattern"); ok {
			if s, ok := t.String(p); ok {
				n += PatternSize(s)
			}
		}
		if pp, ok := t.Member(v, "patternProperties"); ok {
			for k := range t.Keys(pp) {
				n += PatternSize(k)
			}
		}
		for c := range t.Children(v) {
			stack = append(stack, c)
		}
	}
	return n
}

// decodedTree reads a document as encoding/json decodes it into an any.
type decodedTree struct{}

func (decodedTree) Member(v any, key string) (any, bool) {
	m, ok := v.(map[string]any)
	if !ok {
		return nil, false
	}
	x, ok := m[key]
	return x, ok
}

func (decodedTree) String(v any) (string, bool) { s, ok := v.(string); return s, ok }

func (decodedTree) Keys(v any) iter.Seq[string] {
	m, _ := v.(map[string]any)
	return maps.Keys(m)
}

func (decodedTree) Children(v any) iter.Seq[any] {
	if a, ok := v.([]any); ok {
		return slices.Values(a)
	}
	m, _ := v.(map[string]any)
	return maps.Values(m)
}

// unicodeClassSize is what a Unicode class costs PatternSize: parsing and
// compiling one cost as much as some 64 instructions in a class of 5,000
// of them, and its table's union into a class hundreds of ranges.
const unicodeClassSize = 1000

// MaxPatternInsts bounds the instructions the patterns of one schema may
// compile to (PatternSize), wherever they are, for subakogo to compile it
// (lint's check and the probes' generator): a compiler compiles every
// pattern, those no value reaches too, at about 2 µs an instruction, and
// "x{0,1000}" is 2,000 of them (attack pass 48d, row 1: ten unused $defs
// of it 300 times cost 8.1 s of CPU). Honest schemas' patterns compile
// to a few hundred.
const MaxPatternInsts = 100_000

// maxPatternSize is where PatternSize stops counting.
const maxPatternSize = 1 << 40

func treeSize(re *syntax.Regexp) int {
	n := 1
	switch re.Op {
	case syntax.OpLiteral:
		n = max(len(re.Rune), 1)
	case syntax.OpCapture:
		n = 2 + treeSize(re.Sub[0])
	case syntax.OpStar, syntax.OpPlus, syntax.OpQuest:
		n = 1 + treeSize(re.Sub[0])
	case syntax.OpRepeat: // x{n,m}: n copies and m-n optional ones; x{n,}: n copies and a star
		sub := treeSize(re.Sub[0])
		more := re.Max - re.Min
		if re.Max < 0 {
			more = 1
		}
		n = min(satMul(re.Min, sub)+satMul(more, sub+1), maxPatternSize)
	case syntax.OpConcat:
		n = 0
		for _, sub := range re.Sub {
			n = min(n+treeSize(sub), maxPatternSize)
		}
	case syntax.OpAlternate:
		n = len(re.Sub) - 1
		for _, sub := range re.Sub {
			n = min(n+treeSize(sub), maxPatternSize)
		}
	}
	return min(n, maxPatternSize)
}

func satMul(a, b int) int {
	if b != 0 && a > maxPatternSize/b {
		return maxPatternSize
	}
	return a * b
}

// ecmaOnly stands for a pattern that is not checked: it matches anything.
type ecmaOnly string

func (e ecmaOnly) String() string          { return string(e) }
func (e ecmaOnly) MatchString(string) bool { return true }
