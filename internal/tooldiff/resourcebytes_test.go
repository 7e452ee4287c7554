package tooldiff

import (
	"encoding/json"
	"runtime"
	"strings"
	"testing"
)

// TestResourcePointersBounded (attack pass 43j, row 1): the resource map
// kept a JSON pointer for every schema object, and a pointer grows with
// its keys: one key of K bytes of "/" (escaped "~1", 2K) holding N small
// objects kept N x 2K bytes, walked on both sides even for identical
// lists once a root "$ref" is there (a list of ~250 KB: ~3.8 GB). The
// pointers kept are now bounded (maxPointerBytes); a $ref in a schema
// past the bound is not compared (D023), never resolved from the wrong
// place.
func TestResourcePointersBounded(t *testing.T) { // not parallel: measures the heap
	key := strings.Repeat("/", 128<<10)
	props := make(map[string]any, 400)
	for i := range 400 {
		props[strings.Repeat("p", i+1)] = map[string]any{"type": "string"}
	}
	schema := map[string]any{
		"type": "object",
		"$ref": "#/$defs/x",
		"$defs": map[string]any{
			"x": map[string]any{"type": "object"},
			key: map[string]any{"type": "object", "properties": props},
		},
	}
	tool, err := json.Marshal(map[string]any{"name": "t", "description": "d", "inputSchema": schema})
	if err != nil {
		t.Fatal(err)
	}
	list := []json.RawMessage{tool}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	Compare(list, list)
	runtime.ReadMemStats(&after)
	if got := (after.TotalAlloc - before.TotalAlloc) >> 20; got > 256 {
		t.Errorf("diff of a %d KB list against itself allocated %d MiB (the pointers kept grow with key length x objects)", len(tool)>>10, got)
	}
}
