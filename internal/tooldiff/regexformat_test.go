package tooldiff

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/offlineschema"
	"github.com/subako-ai/subako-go/internal/rules"
)

// regexFormatTool is a tool whose argument s is schema.
func regexFormatTool(schema map[string]any) json.RawMessage {
	b, _ := json.Marshal(map[string]any{"name": "t", "description": "Adds.",
		"inputSchema": map[string]any{"type": "object", "properties": map[string]any{"s": schema}}})
	return b
}

// regexFormatAllOf is an allOf of k "format": "regex".
func regexFormatAllOf(k int) []any {
	var all []any
	for range k {
		all = append(all, map[string]any{"format": "regex"})
	}
	return all
}

// TestRegexFormatValuePastCapNotCompiled (attack pass 50b, row 2): the
// values diff validates are compiled wherever "format": "regex" applies,
// and nothing counted them: an enum's string "(?i)[" + 100 ranges
// "B-\U0001E942" + "]" under an allOf of 20 "format": "regex" (a 1.1 KB
// tool) cost 14.9 s of CPU, and the change was called compatible (no
// finding). A string counted (offlineschema.PatternSize) past
// MaxPatternInsts is not compiled now: the allOf added is D023, naming
// the count.
func TestRegexFormatValuePastCapNotCompiled(t *testing.T) {
	value := "(?i)[" + strings.Repeat("B-\U0001E942", 30) + "]"
	if n := offlineschema.PatternSize(value); n <= offlineschema.MaxPatternInsts {
		t.Fatalf("PatternSize(%.20q...) = %d, want past %d", value, n, offlineschema.MaxPatternInsts)
	}
	old := regexFormatTool(map[string]any{"type": "string", "enum": []any{value}})
	new := regexFormatTool(map[string]any{"type": "string", "enum": []any{value}, "allOf": regexFormatAllOf(2)})
	cs := Compare([]json.RawMessage{old}, []json.RawMessage{new})
	if len(cs) != 1 || cs[0].Rule != rules.DiffUnproven || !strings.Contains(cs[0].What, `some were not validated: the strings a "regex" format compiles come to some`) ||
		!strings.Contains(cs[0].What, "past the 100000 subakogo compiles") {
		t.Errorf("an allOf of format regex added over an enum of a string past the cap: %v, want one D023 naming the cap", cs)
	}
}

// TestRegexFormatValueCompiledOnce: a string validated against an allOf
// of 20 "format": "regex", twice, is compiled once, and counted once
// (offlineschema.PatternSize); a second string that takes the count past
// MaxPatternInsts is not compiled, and its validation decides nothing.
func TestRegexFormatValueCompiledOnce(t *testing.T) {
	old := map[string]any{"type": "string"}
	new := map[string]any{"type": "string", "allOf": regexFormatAllOf(20)}
	j := newJudge(old, new)
	small := "a{1000}"
	compiles := -1
	for range 2 {
		if valid, ok := j.valid(new, 1, small); !valid || !ok {
			t.Fatalf("%q against an allOf of format regex: valid %v, decided %v; want valid", small, valid, ok)
		}
		if compiles >= 0 && j.patterns.compiles != compiles {
			t.Errorf("%q validated again: %d strings compiled, was %d", small, j.patterns.compiles, compiles)
		}
		compiles = j.patterns.compiles
	}
	if want := offlineschema.PatternSize(small); j.patterns.values != want {
		t.Errorf("%q validated twice against 20 format regex: counted %d instructions, want %d (once)", small, j.patterns.values, want)
	}
	large := strings.Repeat("a{1000}", 99)
	if _, ok := j.valid(new, 1, large); ok {
		t.Errorf("a string of %d instructions more: decided, want not compiled", offlineschema.PatternSize(large))
	}
	if j.patterns.compiles != compiles || j.patterns.refused == "" {
		t.Errorf("past the cap: %d strings compiled (was %d), refused %q", j.patterns.compiles, compiles, j.patterns.refused)
	}
	if valid, ok := j.valid(new, 1, "("); valid || !ok {
		t.Errorf(`"(" against format regex: valid %v, decided %v; want invalid`, valid, ok)
	}
}
