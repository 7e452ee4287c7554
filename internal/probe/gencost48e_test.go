package probe

import (
	"encoding/json"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/cputime"
	"github.com/subako-ai/subako-go/internal/offlineschema"
	"github.com/subako-ai/subako-go/internal/probe/argsgen"
)

// casesCharged generates schema's cases on a thread of their own and
// fails the test when that cost the thread more CPU than twice what they
// are charged and 100 ms.
func casesCharged(t *testing.T, schema []byte) {
	t.Helper()
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	clock := cputime.CurrentThread()
	cases, notes, work := argsgen.CasesWork(schema, argsgen.Options{})
	spent := clock.Elapsed()
	charged := generatedCharge(work)
	t.Logf("inputSchema %d bytes: %d cases, notes %q; work %+v; charged %v; the thread's CPU %v", len(schema), len(cases), notes, work, charged, spent)
	if spent > 2*charged+100*time.Millisecond {
		t.Errorf("generating the cases cost the thread %v of CPU, charged %v (%.0fx)", spent, charged, float64(spent)/float64(max(charged, time.Millisecond)))
	}
}

// unicodeClassPattern is a character class of n \pL escapes: Go's
// parser appends the Unicode letter table (some 650 ranges) n times
// before cleaning the class, and the program is one instruction
// (offlineschema.PatternSize 3).
func unicodeClassPattern(n int) string { return "[" + strings.Repeat(`\pL`, n) + "]" }

// (attack pass 48e, row 2) (attack pass 48e, row 2):
// offlineschema.PatternSize counts instructions, and a character class
// costs one however many Unicode tables it unions: "[" + 15,000 × `\pL`
// + "]" (45 KB, a 60 KB inputSchema, within SchemaMaxBytes) is 3
// instructions to PatternSize, so argsgen charges it as nothing
// (caseFreeCompiled), while each parse of it (PatternSize itself, each
// compiler's regexp.Compile, the metaschema's regex format, Estimate,
// matches, Unchecked at each str) appends ~10 M ranges and sorts them:
// about a second of CPU and ~900 MB allocated each.
func TestUnicodeClassPatternNotParsed(t *testing.T) {
	p := unicodeClassPattern(15000)
	schema, _ := json.Marshal(map[string]any{"type": "object", "required": []string{"s"},
		"properties": map[string]any{"s": map[string]any{"type": "string", "pattern": p}}})
	t.Logf("pattern %d bytes, PatternSize %d", len(p), offlineschema.PatternSize(p))
	casesCharged(t, schema)
}

// (attack pass 48e, row 6) (attack pass 48e, row 6):
// a string member of "format": "regex" whose enum values are patterns of
// "x{0,1000}" 1,500 times: the strict compiler asserts formats, so each
// validation of such a value compiles it as a regular expression
// (3,000,000 instructions), while offlineschema counts the validation's
// work by the value's length.
func TestRegexFormatValuesCharged(t *testing.T) {
	var enum []string
	for i := range 4 {
		enum = append(enum, "(?:"+string(rune('a'+i))+")"+strings.Repeat("x{0,1000}", 1500))
	}
	schema, _ := json.Marshal(map[string]any{"type": "object", "required": []string{"s"},
		"properties": map[string]any{"s": map[string]any{"type": "string", "format": "regex", "enum": enum}}})
	casesCharged(t, schema)
}
