package offlineschema

import (
	"bytes"
	"errors"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/subako-ai/subako-go/abi"
)

// enumWorkCase builds an outputSchema of an array of items each in
// an enum of e integers, and an answer of n items each equal to the last
// enum entry: the validator compares every item with every entry before it
// matches (validator.go, enum: a linear walk of s.Enum.Values).
func enumWorkCase(t *testing.T, e, n int) (schemaText, instText string) {
	t.Helper()
	var sb strings.Builder
	sb.WriteString(`{"type":"object","properties":{"r":{"type":"array","items":{"enum":[`)
	for i := range e {
		if i > 0 {
			sb.WriteByte(',')
		}
		sb.WriteString(strconv.Itoa(i))
	}
	sb.WriteString(`]}}}}`)
	items := make([]string, n)
	for i := range items {
		items[i] = strconv.Itoa(e - 1)
	}
	return sb.String(), `{"r":[` + strings.Join(items, ",") + `]}`
}

func compileWorkCase(t testing.TB, schemaText, instText string) (*jsonschema.Schema, Cost, any) {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(schemaText))
	if err != nil {
		t.Fatal(err)
	}
	c := NewCompiler()
	if err := c.AddResource("mem:///s.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("mem:///s.json")
	if err != nil {
		t.Fatal(err)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader([]byte(instText)))
	if err != nil {
		t.Fatal(err)
	}
	return s, Estimate(doc), inst
}

// TestEnumWorkCounted (attack pass 45d, row 1): Cost.Work counted one
// for a subschema whatever its enum held, so an outputSchema within the
// ABI's 64 KiB and a structuredContent within a run's 1 MiB of stdout
// passed CheckWork at work ~175,000 while the validation compared each of
// the ~175,000 items with each of the ~12,500 entries (the validator walks
// them in order): ~2.2e9 comparisons, about 1 µs each, some 35 minutes of
// CPU for one answer in call, check, serve and the probes. An enum now
// costs the values its entries hold. The test does not run the validation.
func TestEnumWorkCounted(t *testing.T) {
	e := 1
	for {
		s, _ := enumWorkCase(t, e+500, 0)
		if len(s) > abi.SchemaMaxBytes {
			break
		}
		e += 500
	}
	n := (abi.StdoutMaxBytes - 200) / (len(strconv.Itoa(e-1)) + 1)
	schemaText, instText := enumWorkCase(t, e, n)
	if len(schemaText) > abi.SchemaMaxBytes || len(instText) > abi.StdoutMaxBytes {
		t.Fatalf("case past the ABI: schema %d, answer %d", len(schemaText), len(instText))
	}
	_, cost, inst := compileWorkCase(t, schemaText, instText)
	w, err := cost.CheckWork(inst)
	comparisons := int64(e) * int64(n)
	t.Logf("schema %d bytes (enum of %d), answer %d bytes (%d items): work %d, err %v; the validator makes %d enum comparisons",
		len(schemaText), e, len(instText), n, w, err, comparisons)
	var we *WorkError
	if !errors.As(err, &we) {
		t.Errorf("CheckWork let through a validation of %d enum comparisons (%dx MaxWork), counting its work as %d", comparisons, comparisons/int64(MaxWork), w)
	}
	// Within the bound, the work is the entries each item is compared with.
	_, cost, inst = compileWorkCase(enumWorkCaseT(t, 20, 100))
	if w, err := cost.CheckWork(inst); err != nil || w != 2+100*21 {
		t.Errorf("20 entries, 100 items: work %d, %v; want %d (the object, the array, each item and its 20 entries)", w, err, 2+100*21)
	}
	// A value costs the comparisons up to its match (numbers by value),
	// all of them (and what the entries hold) when none matches; a value
	// of a type no entry has is not compared.
	for _, tc := range []struct {
		schema, inst string
		want         int
	}{
		{`{"items":{"enum":[1,2,3]}}`, `["a","b"]`, 3},
		{`{"items":{"enum":["a",1,2.5,null,true]}}`, `["a",2.50,0.25e1,25e-1,true]`, 1 + (1 + 1) + 3*(1+3) + (1 + 5)},
		{`{"items":{"enum":[1,2,3]}}`, `[4,1e2000]`, 1 + (1 + 3) + (1 + 3 + 3*3)}, // 1e2000 read at each comparison (numberWork 3)
		{`{"items":{"enum":[[1,2],{"a":[3]},"x"]}}`, `["x"]`, 1 + 1 + 7},          // every value the entries hold
		{`{"items":{"enum":["x","yy"]}}`, `["` + strings.Repeat("y", 5000) + `"]`, 1 + 1 + 2},
		{`{"items":{"enum":["x","` + strings.Repeat("y", 5000) + `"]}}`, `["` + strings.Repeat("y", 5000) + `"]`, 1 + 1 + 2 + 4},
	} {
		_, cost, inst := compileWorkCase(t, tc.schema, tc.inst)
		if w, err := cost.CheckWork(inst); err != nil || w != tc.want {
			t.Errorf("%s on %s: work %d, %v; want %d", tc.schema, tc.inst, w, err, tc.want)
		}
	}
}

// TestEnumWorkMeasured measures the largest case under the bound (skipped
// with -short): 1,000 entries x 490 items; the same 1,000 entries x 10,000
// items (work 10,002 before) is refused.
func TestEnumWorkMeasured(t *testing.T) {
	if testing.Short() {
		t.Skip("measures a validation")
	}
	_, cost, inst := compileWorkCase(enumWorkCaseT(t, 1000, 10000))
	if w, err := cost.CheckWork(inst); err == nil {
		t.Errorf("1,000 entries x 10,000 items: work %d, no error; want past MaxWork", w)
	}
	s, cost, inst := compileWorkCase(enumWorkCaseT(t, 1000, 490))
	w, err := cost.CheckWork(inst)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	_ = s.Validate(inst)
	t.Logf("work %d; one validation took %v", w, time.Since(start))
}

func patternWorkCase(alts, strLen int) (string, string) {
	var alt []string
	for i := range alts {
		alt = append(alt, "[a"+string(rune('b'+i%24))+string(rune('B'+i/24))+"]{1000}x")
	}
	pat := "(?:" + strings.Join(alt, "|") + ")"
	schemaText := `{"type":"object","properties":{"s":{"type":"string","pattern":"` + pat + `"}}}`
	return schemaText, `{"s":"` + strings.Repeat("a", strLen) + `"}`
}

// TestPatternWorkCounted (attack pass 45d, row 2): Cost.Work counted a
// subschema with a pattern as one evaluation whatever the string, and Go's
// regexp runs over every byte with a thread for every live instruction, so
// a 590-byte outputSchema whose pattern has 40 alternatives of
// "[aX]{1000}x" made a 100 KB string of "a" take 66 s to validate at work
// 2; a structuredContent of 1 MiB some 11 minutes of CPU (argsgen's verify
// likewise for arguments). A pattern now costs the string's bytes times
// its program's instructions, a step of Work for patternStepsPerWork of
// them. The test does not run the validation.
func TestPatternWorkCounted(t *testing.T) {
	schemaText, instText := patternWorkCase(40, abi.StdoutMaxBytes-100)
	_, cost, inst := compileWorkCase(t, schemaText, instText)
	w, err := cost.CheckWork(inst)
	pat := schemaText[strings.Index(schemaText, `"pattern":"`)+len(`"pattern":"`) : strings.LastIndex(schemaText, `"}}}`)]
	insts := progInsts(t, pat)
	steps := int64(insts) * int64(len(instText))
	t.Logf("schema %d bytes, answer %d bytes: work %d, err %v; the regexp's program has %d instructions, ~%d VM steps", len(schemaText), len(instText), w, err, insts, steps)
	var we *WorkError
	if !errors.As(err, &we) {
		t.Errorf("CheckWork let through a pattern match of ~%d VM steps (%d instructions x %d bytes), counting its work as %d", steps, insts, len(instText), w)
	}
	// A real pattern on a short string costs a step or two; one Go cannot
	// read (matched as anything) costs nothing more; patternProperties
	// count on each name.
	for _, tc := range []struct {
		schema, inst string
		want         int
	}{
		{`{"properties":{"d":{"pattern":"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"}}}`, `{"d":"2026-12-07"}`, 2 + 2},
		{`{"properties":{"d":{"pattern":"^(?!x)a"}}}`, `{"d":"` + strings.Repeat("a", 100000) + `"}`, 2},
		{`{"patternProperties":{"^x-":{"type":"string"}}}`, `{"x-a":"b","y":"c"}`, 1 + 2 + 2},
	} {
		_, cost, inst := compileWorkCase(t, tc.schema, tc.inst)
		if w, err := cost.CheckWork(inst); err != nil || w != tc.want {
			t.Errorf("%s on %.40s: work %d, %v; want %d", tc.schema, tc.inst, w, err, tc.want)
		}
	}
}

// TestPatternWorkMeasured measures cases under the bound (skipped with
// -short): the row's pattern on strings of the largest length it allows.
func TestPatternWorkMeasured(t *testing.T) {
	if testing.Short() {
		t.Skip("measures validations")
	}
	for _, alts := range []int{1, 10, 40} {
		sch, _ := patternWorkCase(alts, 0)
		n := MaxWork * patternStepsPerWork / progInsts(t, sch[strings.Index(sch, `"pattern":"`)+len(`"pattern":"`):strings.LastIndex(sch, `"}}}`)])
		sch, inst := patternWorkCase(alts, n-10)
		s, cost, v := compileWorkCase(t, sch, inst)
		w, err := cost.CheckWork(v)
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		verr := s.Validate(v)
		t.Logf("alts %d string %d schema %d: work %d; validate %v (%v)", alts, n-10, len(sch), w, time.Since(start), verr != nil)
	}
}

// requiredWorkCase: an outputSchema whose items are objects
// requiring r distinct names, and an answer of n empty objects.
func requiredWorkCase(r, n int) (string, string) {
	names := make([]string, r)
	for i := range names {
		names[i] = `"` + strconv.FormatInt(int64(i), 36) + `"`
	}
	schemaText := `{"type":"object","properties":{"r":{"type":"array","items":{"required":[` + strings.Join(names, ",") + `]}}}}`
	return schemaText, `{"r":[` + strings.TrimSuffix(strings.Repeat("{},", n), ",") + `]}`
}

// TestRequiredWorkCounted (attack pass 45d, row 3): Cost.Work counted an
// object's subschema as one evaluation whatever its required list; each
// object missing the names gets its own list of them (findMissing), kept
// in the validator's failure (kind.Required), 16 bytes a name and more in
// the failure's text. The largest schema (64 KiB: ~11,000 names) and
// answer (1 MiB of "{}," ~349,000 objects) passed CheckWork under MaxWork
// and would keep some 60 GB. required now costs its names.
func TestRequiredWorkCounted(t *testing.T) {
	r := 1
	for {
		s, _ := requiredWorkCase(r+100, 0)
		if len(s) > abi.SchemaMaxBytes {
			break
		}
		r += 100
	}
	n := (abi.StdoutMaxBytes - 100) / 3
	schemaText, instText := requiredWorkCase(r, n)
	_, cost, inst := compileWorkCase(t, schemaText, instText)
	w, err := cost.CheckWork(inst)
	kept := int64(r) * 16 * int64(n)
	t.Logf("schema %d bytes (%d required), answer %d bytes (%d objects): work %d, err %v; failures keep >= %d MiB", len(schemaText), r, len(instText), n, w, err, kept>>20)
	var we *WorkError
	if !errors.As(err, &we) {
		t.Errorf("CheckWork let through a validation whose failures keep >= %d MiB (MaxWork's promise: about 150 MiB at worst), counting its work as %d", kept>>20, w)
	}
	// dependentRequired counts when its property is present.
	_, cost, inst = compileWorkCase(t, `{"required":["a","b"],"dependentRequired":{"a":["c","d","e"],"z":["y"]}}`, `{"a":1}`)
	if w, err := cost.CheckWork(inst); err != nil || w != 1+2+3 {
		t.Errorf("required and dependentRequired: work %d, %v; want 6", w, err)
	}
}

// TestRequiredFailuresMeasured (skipped with -short): the largest case
// of 10,000 names the bound lets through keeps well under MaxWork's 150 MiB.
func TestRequiredFailuresMeasured(t *testing.T) {
	if testing.Short() {
		t.Skip("allocates tens of MiB")
	}
	_, cost, inst := compileWorkCase(requiredWorkCaseT(t, 10000, 200))
	if w, err := cost.CheckWork(inst); err == nil {
		t.Errorf("10,000 names x 200 objects: work %d, no error; want past MaxWork", w)
	}
	s, cost, inst := compileWorkCase(requiredWorkCaseT(t, 10000, 49))
	w, err := cost.CheckWork(inst)
	if err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	verr := s.Validate(inst)
	fs := Failures(verr)
	runtime.ReadMemStats(&after)
	alloc := after.TotalAlloc - before.TotalAlloc
	t.Logf("work %d; validating and reading %d failures allocated %d MiB", w, len(fs), alloc>>20)
	if alloc > 150<<20 {
		t.Errorf("a validation within MaxWork allocated %d MiB, past its ~150 MiB", alloc>>20)
	}
}

// enumWorkCaseT and requiredWorkCaseT give compileWorkCase its three
// arguments in one call.
func enumWorkCaseT(t *testing.T, e, n int) (*testing.T, string, string) {
	s, i := enumWorkCase(t, e, n)
	return t, s, i
}

func requiredWorkCaseT(t *testing.T, r, n int) (*testing.T, string, string) {
	s, i := requiredWorkCase(r, n)
	return t, s, i
}

// progInsts is the size of the program Go's regexp compiles pattern to.
func progInsts(t *testing.T, pattern string) int {
	t.Helper()
	n := PatternSize(pattern)
	if n == 0 {
		t.Fatalf("%q does not parse", pattern)
	}
	return n
}

// TestStringLengthWorkCounted: the validator counts a string's runes for
// each subschema with a minLength or maxLength it meets (0.8 ms a MiB
// here); Cost.Work counted one a subschema, so 1 MiB against an anyOf of
// 300 references to an anyOf of 300 maxLengths (a 9 KB schema, 90,000
// subschemas on one value, under MaxCost) passed CheckWork at work ~90,000
// and counts ~94 GB of runes, over a minute of CPU. They now cost a step
// for each stringBytesPerWork of the string. The test does not validate.
func TestStringLengthWorkCounted(t *testing.T) {
	branches := func(s string, n int) string {
		return strings.TrimSuffix(strings.Repeat(s+",", n), ",")
	}
	schemaText := `{"$defs":{"d":{"anyOf":[` + branches(`{"maxLength":1}`, 300) + `]}},"anyOf":[` + branches(`{"$ref":"#/$defs/d"}`, 300) + `]}`
	instText := `"` + strings.Repeat("a", abi.StdoutMaxBytes-100) + `"`
	_, cost, inst := compileWorkCase(t, schemaText, instText)
	w, err := cost.CheckWork(inst)
	counted := int64(300*300) * int64(len(instText))
	t.Logf("schema %d bytes, answer %d bytes: work %d, err %v; %d GB of runes counted", len(schemaText), len(instText), w, err, counted>>30)
	var we *WorkError
	if !errors.As(err, &we) {
		t.Errorf("CheckWork let through a validation counting the runes of %d GB, counting its work as %d", counted>>30, w)
	}
	_, cost, inst = compileWorkCase(t, `{"properties":{"s":{"maxLength":5000}}}`, `{"s":"`+strings.Repeat("a", 4000)+`"}`)
	if w, err := cost.CheckWork(inst); err != nil || w != 2+3 {
		t.Errorf("maxLength on 4,000 bytes: work %d, %v; want 5", w, err)
	}
}

// TestPatternSizeUnicodeClasses (attack pass 48e, row 2): a class of one
// instruction that unions "\pL" 15,000 times took 1-2 s and 940 MB to
// parse, and PatternSize counted it 3. A Unicode class counts
// unicodeClassSize, read before parsing, and a pattern of more of them
// than MaxPatternInsts allows is not parsed at all; an honest one stays
// small.
func TestPatternSizeUnicodeClasses(t *testing.T) {
	if n := PatternSize("[" + strings.Repeat(`\pL`, 15000) + "]"); n <= MaxPatternInsts {
		t.Errorf("15,000 Unicode classes count %d, within MaxPatternInsts", n)
	}
	if n := PatternSize(`^[\p{L} '-]+$`); n == 0 || n > 2000 {
		t.Errorf("an honest name pattern counts %d", n)
	}
}

// TestRegexFormatValueCounted (attack pass 48e, row 6): a "format":
// "regex" value is compiled as a pattern, and was counted by its length
// only: "x{0,1000}" 1,500 times, 27 KB, is 3,000,000 instructions (1-3 s,
// 1.4 GB). Its instructions count now, and it is past MaxWork.
func TestRegexFormatValueCounted(t *testing.T) {
	_, cost, inst := compileWorkCase(t, `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"s":{"type":"string","format":"regex"}}}`,
		`{"s":"`+strings.Repeat("x{0,1000}", 1500)+`"}`)
	var we *WorkError
	if w, err := cost.CheckWork(inst); !errors.As(err, &we) {
		t.Errorf("work %d, %v: the value's compiling is not counted", w, err)
	}
	_, cost, inst = compileWorkCase(t, `{"type":"object","properties":{"s":{"type":"string","format":"regex"}}}`, `{"s":"^[a-z]+$"}`)
	if w, err := cost.CheckWork(inst); err != nil || w > 100 {
		t.Errorf("a small pattern as a value: work %d, %v", w, err)
	}
}
