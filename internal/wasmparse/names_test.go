package wasmparse

import (
	"bytes"
	"runtime"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/wasmbuild"
)

// TestNameSectionBounded: a name section is checked as wazero decodes it,
// every count against the bytes that could hold it; one the reader cannot
// bound (or a second one) is a NameIssue, never a problem of the module,
// and EngineBytes leaves it out.
func TestNameSectionBounded(t *testing.T) {
	command := wasmbuild.Command()
	named := wasmbuild.Encode(command)
	command.NameSection = nil
	bare := wasmbuild.Encode(command)
	sub := func(id byte, content ...byte) []byte {
		return append([]byte{id, byte(len(content))}, content...)
	}
	for _, c := range []struct {
		name string
		wasm []byte
		want string // in the issue; "" for none
		kept []byte // what EngineBytes answers
	}{
		{"a toolchain's", named, "", named},
		{"function names declaring 2^32-1 entries", wasmbuild.HugeNameCount(1), "declares 4294967295", bare},
		{"local names declaring 2^32-1 functions", wasmbuild.HugeNameCount(2), "declares 4294967295", bare},
		{"a function's locals declaring 2^32-1 entries", wasmbuild.Append(bare, wasmbuild.Custom("name", sub(2, 1, 1, 0xff, 0xff, 0xff, 0xff, 0x0f))), "declares 4294967295", bare},
		{"a module name past its subsection", wasmbuild.Append(bare, wasmbuild.Custom("name", sub(0, 5, 'a'))), "unexpected end", bare},
		{"a subsection past the section", wasmbuild.Append(bare, wasmbuild.Custom("name", []byte{1, 0x7f, 0})), "past the end of the section", bare},
		{"a subsection longer than its content", wasmbuild.Append(bare, wasmbuild.Custom("name", sub(1, 0, 0))), "content ends after 1", bare},
		{"a name not UTF-8", wasmbuild.Append(bare, wasmbuild.Custom("name", sub(1, 1, 1, 1, 0xff))), "malformed UTF-8", bare},
		{"an unknown subsection skipped by size", wasmbuild.Append(bare, wasmbuild.Custom("name", sub(7, 0xff, 0xff, 0xff))), "", nil},
		{"a second name section", wasmbuild.Append(named, wasmbuild.Custom("name", nil)), "a second name section", named},
	} {
		t.Run(c.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			m := Parse(c.wasm)
			runtime.ReadMemStats(&after)
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<20 {
				t.Errorf("reading %d bytes allocated %d", len(c.wasm), alloc)
			}
			if len(m.Problems) > 0 {
				t.Errorf("a custom section made the module malformed or invalid: %s", m.Problems[0].Message)
			}
			var issues []string
			for _, n := range m.NameIssues {
				issues = append(issues, n.Message)
			}
			got := strings.Join(issues, "; ")
			if c.want == "" && got != "" || !strings.Contains(got, c.want) {
				t.Errorf("issues %q, want %q", got, c.want)
			}
			kept, err := m.EngineBytes(c.wasm)
			if err != nil {
				t.Fatal(err)
			}
			if c.kept == nil {
				c.kept = c.wasm
			}
			if !bytes.Equal(kept, c.kept) {
				t.Errorf("EngineBytes: %x, want %x", kept, c.kept)
			}
			if again := Parse(kept); len(again.NameIssues) > 0 {
				t.Errorf("EngineBytes kept %q", again.NameIssues[0].Message)
			}
		})
	}
}

// TestEngineBytesRefusesBrokenFrames: a module whose sections run past its
// end is never handed to an engine, whose decoder would allocate what a
// custom section's name length declares.
func TestEngineBytesRefusesBrokenFrames(t *testing.T) {
	cut := wasmbuild.Append(wasmbuild.HugeNameCount(1), []byte{0, 0xff, 0xff, 0xff, 0xff, 0x0f, 4})
	m := Parse(cut)
	if _, err := m.EngineBytes(cut); err == nil {
		t.Error("a section past the end of the file was handed on")
	}
}
