package probe_test

import (
	"strings"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/gowasm"
	"github.com/subako-ai/subako-go/internal/probe"
)

// TestHugeNumberHidesNoBrokenResult (attack pass 51b, row 3):
// testdata/hugenumber answers every call with {"content":"not an array"},
// not a CallToolResult: the probes find P030. With a member "x":1e1001
// beside it (6 bytes) or under _meta, resultcheck returned only
// not-checked, checkResult dropped it, and the module passed (lint exit
// 0). Now the crash is found as without the number, and the number is
// P056, an error of its own.
func TestHugeNumberHidesNoBrokenResult(t *testing.T) {
	h := testHost(t)
	for _, huge := range []string{"", "1", "meta"} {
		wasm := gowasm.Build(t, "testdata/hugenumber", "-ldflags=-X main.huge="+huge)
		res := probeModule(t, h, wasm, probe.Options{Level: probe.Safe, Wasm: wasm, Budget: 5 * time.Second})
		msgs := messages(res.Findings)
		t.Logf("huge %q: not judged %v%s", huge, res.NotJudged, msgs)
		if res.NotJudged != nil || !strings.Contains(msgs, "P030") {
			t.Errorf("huge %q: a result that is not a CallToolResult went unreported (no P030)", huge)
		}
		if want := huge != ""; strings.Contains(msgs, "P056") != want {
			t.Errorf("huge %q: P056 reported %v, want %v", huge, !want, want)
		}
	}
}
