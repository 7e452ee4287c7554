package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tetratelabs/wabin/wasm"

	"github.com/subako-ai/subako-go/internal/wasmbuild"
)

// TestCallSaysDiscoveryStopped (attack pass 41q, row 1): call runs the
// module's discovery before its call, as Subako discovers at upload, for
// the tool's outputSchema; a discovery that stopped was passed over in
// silence, so a module spinning in _start cost discovery's 10 s before a
// call of --timeout 500ms and nothing said so. It is said now, and
// docs/lint.md gives a call's bound as discovery's limit plus --timeout.
func TestCallSaysDiscoveryStopped(t *testing.T) {
	if testing.Short() {
		t.Skip("spends discovery's 10 s of the module's own time")
	}
	loop := []byte{wasm.OpcodeLoop, 0x40, wasm.OpcodeBr, 0, wasm.OpcodeEnd, wasm.OpcodeEnd}
	spin := wasmbuild.Encode(&wasm.Module{
		TypeSection:     []*wasm.FunctionType{{}},
		FunctionSection: []wasm.Index{0},
		MemorySection:   &wasm.Memory{Min: 1},
		ExportSection: []*wasm.Export{
			{Type: wasm.ExternTypeFunc, Name: "_start", Index: 0},
			{Type: wasm.ExternTypeMemory, Name: "memory", Index: 0},
		},
		CodeSection: []*wasm.Code{{Body: loop}},
	})
	path := filepath.Join(t.TempDir(), "spin.wasm")
	if err := os.WriteFile(path, spin, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI("call", "--timeout", "500ms", path, "add", "{}")
	if code != exitFindings || !strings.Contains(out+errOut, "ran out of time after 500ms") {
		t.Errorf("call of a module spinning in _start: exit %d, want %d and the call out of time\n%s%s", code, exitFindings, out, errOut)
	}
	if !strings.Contains(errOut, "discovery stopped") || !strings.Contains(errOut, "not checked against the tool's outputSchema") {
		t.Errorf("call passed over its discovery's stop in silence:\n%s", errOut)
	}
}
