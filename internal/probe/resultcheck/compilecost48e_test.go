package resultcheck

import (
	"encoding/json"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/cputime"
)

// (attack pass 48e, row 4) (attack pass 48e, row 4,
// the memory): an outputSchema's patterns are compiled with no cap on
// their size (toolcheck's T015 is a finding, not a refusal, and is passed
// by a "$ref" into data, row 3) and the compiled schema is kept in the
// process-wide cache (up to maxCached, 256): in serve, every tool's first
// call adds its outputSchema's programs to the server's heap, outside
// --memory-budget. One outputSchema of k members, each a pattern of
// "x{0,1000}" 1,500 times (13.5 KB, 3,000,002 instructions).
func TestOutputSchemaPatternsCappedNotKept(t *testing.T) {
	k := 1
	if s := os.Getenv("ATTACK48E_K"); s != "" {
		k, _ = strconv.Atoi(s)
	}
	props := map[string]any{}
	for i := range k {
		props["s"+strconv.Itoa(i)] = map[string]any{"type": "string", "pattern": strings.Repeat("x{0,1000}", 1500)}
	}
	schema, _ := json.Marshal(map[string]any{"type": "object", "properties": props})
	result := json.RawMessage(`{"content":[{"type":"text","text":"{\"s0\":\"x\"}"}],"structuredContent":{"s0":"x"}}`)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	problems, work := JudgeWork(result, schema, "", false)
	took := time.Since(start)
	runtime.GC()
	runtime.ReadMemStats(&after)
	kept := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	t.Logf("outputSchema %d bytes: judged in %v (work %+v, problems %v); heap kept after a collection %d MB; the process's peak heap %d MB", len(schema), took, work, problems, kept>>20, after.HeapSys>>20)
	if kept > 64<<20 {
		t.Errorf("one outputSchema of %d bytes keeps %d MB of the heap after its first judging", len(schema), kept>>20)
	}
}

// (attack pass 48e, row 6) (attack pass 48e, row 6,
// the judging): an outputSchema under draft-07 (whose formats the library
// asserts by default) with a string member of "format": "regex": each
// judged result's string is compiled as a regular expression, the
// module's choice, while the judging's work counts it by its length.
func TestRegexFormatResultCharged(t *testing.T) {
	schema := json.RawMessage(`{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"s":{"type":"string","format":"regex"}}}`)
	p := strings.Repeat("x{0,1000}", 1500)
	sc, _ := json.Marshal(map[string]any{"s": p})
	result, _ := json.Marshal(map[string]any{"content": []any{map[string]any{"type": "text", "text": string(sc)}}, "structuredContent": map[string]any{"s": p}})
	JudgeWork(result, schema, "", false) // compile the schema first
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	clock := cputime.CurrentThread()
	problems, work := JudgeWork(result, schema, "", false)
	spent := clock.Elapsed()
	// what probe.judgeCharge charges: SchemaWorkCharge (4 µs) a step past
	// 64, AnswerKiBCharge (500 µs) a whole KiB of stdout
	charged := time.Duration(max(work.Schema-64, 0))*4*time.Microsecond + time.Duration(len(result)>>10)*500*time.Microsecond
	t.Logf("a %d-byte result judged: work %+v, problems %v; charged about %v; the thread's CPU %v", len(result), work, problems, charged, spent)
	if spent > 2*charged {
		t.Errorf("judging one result cost the thread %v of CPU, charged about %v", spent, charged)
	}
}
