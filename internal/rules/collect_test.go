package rules

import (
	"strconv"
	"strings"
	"testing"
)

func TestCollector(t *testing.T) {
	t.Parallel()
	var c Collector
	for i := 0; i < 100000; i++ {
		c.Add(Finding{Rule: ImportNotFunction, Message: "import . is a global; Subako provides functions only", Offset: 10 + 5*i})
	}
	c.AddRepeated(Finding{Rule: Malformed, Message: "malformed code section: unexpected end", Offset: 3}, 41)
	for i := 0; i < 1000; i++ {
		c.Add(Finding{Rule: WASIUnknown, Message: "wasi_snapshot_preview1.f" + strconv.Itoa(i) + " is not a WASI preview 1 function"})
	}
	got := c.Findings()
	if len(got) != 2+MaxPerRule+1 {
		t.Fatalf("%d findings", len(got))
	}
	if got[0].Offset != 10 || !strings.HasSuffix(got[0].Message, "(repeated 99999 more times)") {
		t.Errorf("folded: %+v", got[0])
	}
	if !strings.HasSuffix(got[1].Message, "(repeated 41 more times)") {
		t.Errorf("folded by wasmparse: %+v", got[1])
	}
	if last := got[len(got)-1]; last.Rule != WASIUnknown || !strings.HasPrefix(last.Message, "900 more W011 findings not listed") {
		t.Errorf("capped: %+v", last)
	}
}
