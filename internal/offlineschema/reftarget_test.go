package offlineschema

import (
	"strconv"
	"strings"
	"testing"
)

// numberList is "[0,1,...,n-1]".
func numberList(n int) string {
	l := make([]string, n)
	for i := range l {
		l[i] = strconv.Itoa(i)
	}
	return "[" + strings.Join(l, ",") + "]"
}

// TestEnumReachedByRefCostedOnce (attack pass 45i, row 3): Estimate
// costed the enums it indexed, and its index skips default, examples,
// const and enum, which a $ref may point into (the validator takes any
// location a JSON pointer names as a subschema). Work then rebuilt such an
// enum's cost at every visit, reading every entry while counting a step
// or two: 100,000 items against an enum of 10,000 under default was
// minutes of host time inside the estimate meant to bound the work.
func TestEnumReachedByRefCostedOnce(t *testing.T) {
	const entries, items = 10_000, 200
	enum := `{"enum":` + numberList(entries) + `}`
	instText := "[" + strings.TrimSuffix(strings.Repeat("0,", items), ",") + "]"
	for _, c := range []struct{ name, ref, rest string }{
		{"default", "#/default", `"default":` + enum},
		{"examples", "#/examples/0", `"examples":[` + enum + `]`},
		{"const", "#/$defs/c/const", `"$defs":{"c":{"const":` + enum + `}}`},
		{"an enum's entry", "#/$defs/e/enum/0", `"$defs":{"e":{"enum":[` + enum + `]}}`},
		{"$defs (indexed)", "#/$defs/x", `"$defs":{"x":` + enum + `}`},
	} {
		schemaText := `{"type":"array","items":{"$ref":"` + c.ref + `"},` + c.rest + `}`
		_, cost, inst := compileWorkCase(t, schemaText, instText) // the validator takes it
		w := cost.work(inst, MaxWork)
		if w.entriesRead > entries {
			t.Errorf("an enum of %d reached through %s: Work read %d entries for %d items (work %d): each visit costed the enum anew",
				entries, c.name, w.entriesRead, items, w.n)
		}
		// Where Estimate's walk stopped short of the enum, Work costs it
		// once, and counts what it read.
		clear(cost.schema.enums)
		w = cost.work(inst, MaxWork)
		if w.entriesRead != entries || w.n < entries {
			t.Errorf("an enum of %d reached through %s, not costed by Estimate: Work read %d entries, counting %d steps in all",
				entries, c.name, w.entriesRead, w.n)
		}
	}
}

// TestPatternReachedByRefCompiledOnce is TestEnumReachedByRefCostedOnce
// for patterns: a 4 KiB pattern under default, reached by a $ref from
// items, was compiled at every item's visit, counted a step or two.
func TestPatternReachedByRefCompiledOnce(t *testing.T) {
	alts := make([]string, 800)
	for i := range alts {
		alts[i] = "a" + strconv.Itoa(i)
	}
	pattern := "^(" + strings.Join(alts, "|") + ")$"
	const items = 200
	instText := "[" + strings.TrimSuffix(strings.Repeat(`"",`, items), ",") + "]"
	for _, c := range []struct{ name, ref, rest string }{
		{"pattern", "#/default", `"default":{"pattern":"` + pattern + `"}`},
		{"patternProperties", "#/examples/0", `"examples":[{"patternProperties":{"` + pattern + `":true}}]`},
	} {
		if c.name == "patternProperties" {
			instText = "[" + strings.TrimSuffix(strings.Repeat(`{"a1":0},`, items), ",") + "]"
		}
		schemaText := `{"type":"array","items":{"$ref":"` + c.ref + `"},` + c.rest + `}`
		_, cost, inst := compileWorkCase(t, schemaText, instText)
		w := cost.work(inst, MaxWork)
		if w.patternsCompiled > 1 {
			t.Errorf("a %d-byte %s reached through %s: Work compiled it %d times for %d items (work %d)",
				len(pattern), c.name, c.ref, w.patternsCompiled, items, w.n)
		}
		clear(cost.schema.patterns)
		w = cost.work(inst, MaxWork)
		if w.patternsCompiled != 1 || w.n < 2*len(pattern) {
			t.Errorf("a %d-byte %s reached through %s, not compiled by Estimate: Work compiled it %d times, counting %d steps in all",
				len(pattern), c.name, c.ref, w.patternsCompiled, w.n)
		}
	}
}
