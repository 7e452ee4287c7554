package tooldiff

import (
	"encoding/json"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/cputime"
	"github.com/subako-ai/subako-go/internal/rules"
)

// TestPatternsPastCapNotCompiled (attack pass 49b, row 4): Go's parser
// folds a (?i) class's ranges rune by rune, and diff compiled a changed
// tool's patterns with no count of their size: "(?i)[" + 500 ranges
// "B-\U0001E942" + "]" (a 3 KB tool) cost 7.3 s of CPU for one change.
// Counted by offlineschema.SchemaPatternSize first, a schema past
// MaxPatternInsts has no pattern compiled: a maxLength added is still
// D006 (about 1 ms of the thread's CPU; 0.4 s for 100 ranges before),
// and the changed pattern is D023 naming the cap.
func TestPatternsPastCapNotCompiled(t *testing.T) {
	p := "(?i)[" + strings.Repeat("B-\U0001E942", 200) + "]"
	tool := func(pattern string, extra map[string]any) json.RawMessage {
		s := map[string]any{"type": "string", "pattern": pattern}
		for k, v := range extra {
			s[k] = v
		}
		b, _ := json.Marshal(map[string]any{"name": "t", "description": "Adds.",
			"inputSchema": map[string]any{"type": "object", "properties": map[string]any{"s": s}}})
		return b
	}
	runtime.LockOSThread()
	clock := cputime.CurrentThread()
	cs := Compare([]json.RawMessage{tool(p, nil)}, []json.RawMessage{tool(p, map[string]any{"maxLength": 5})})
	spent := clock.Elapsed()
	runtime.UnlockOSThread()
	if len(cs) != 1 || cs[0].Rule != rules.DiffBoundTightened {
		t.Errorf("maxLength added beside the pattern: %v, want one D006", cs)
	}
	if spent > 100*time.Millisecond {
		t.Errorf("one changed tool of %d bytes cost %v of the thread's CPU: its pattern was compiled", len(p), spent)
	}
	cs = Compare([]json.RawMessage{tool(p, nil)}, []json.RawMessage{tool(p+"x", nil)})
	if len(cs) != 1 || cs[0].Rule != rules.DiffUnproven || !strings.Contains(cs[0].What, "not compared: the old schema's patterns compile to some 782406 instructions, past the 100000") {
		t.Errorf("the pattern changed: %v, want D023 naming the cap", cs)
	}
}
