package modulecheck

import (
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/rules"
	"github.com/subako-ai/subako-go/internal/textutil"
	"github.com/subako-ai/subako-go/internal/wasmbuild"
	"github.com/tetratelabs/wabin/leb128"
	"github.com/tetratelabs/wabin/wasm"
)

func build(edit func(m *wasm.Module)) []byte {
	m := wasmbuild.Command()
	if edit != nil {
		edit(m)
	}
	return wasmbuild.Encode(m)
}

// opaqueNames is a name section payload of n bytes: one subsection of an
// id engines skip.
func opaqueNames(n int) []byte {
	size := leb128.EncodeUint32(uint32(n - 5))
	for len(size) < 4 {
		size = append(size[:len(size)-1], size[len(size)-1]|0x80, 0)
	}
	return append(append([]byte{9}, size...), make([]byte, n-5)...)
}

// emptyLocalNames is a name section's payload of one local-names
// subsection listing n functions with no local names (two bytes each,
// which wazero holds at 32).
func emptyLocalNames(n int) []byte {
	sub := append(leb128.EncodeUint32(uint32(n)), make([]byte, 2*n)...)
	return append(append([]byte{2}, leb128.EncodeUint32(uint32(len(sub)))...), sub...)
}

// unnamed leaves the name section out.
func unnamed(m *wasm.Module) { m.NameSection = nil }

func withBody(body ...byte) []byte {
	return build(func(m *wasm.Module) { m.CodeSection[0].Body = body })
}

func slugs(fs []rules.Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Rule.Slug)
	}
	sort.Strings(out)
	return slices.Compact(out)
}

func TestCleanModule(t *testing.T) {
	t.Parallel()
	if _, fs := Check(build(nil)); len(fs) != 0 {
		t.Fatalf("clean module: %v", fs)
	}
}

// TestModuleRules checks that each rule fires on a module that breaks it,
// and only the rules expected.
func TestModuleRules(t *testing.T) {
	t.Parallel()
	i32, i64 := wasm.ValueTypeI32, wasm.ValueTypeI64
	cases := []struct {
		name    string
		module  []byte
		want    []string // slugs, sorted
		message string   // a substring of the first finding's message
	}{
		{"text file", []byte("(module)\n"), []string{"not-wasm"}, "wat2wasm"},
		{"empty", nil, []string{"not-wasm"}, "not a WebAssembly binary"},
		{"linux binary", []byte("\x7fELF\x02\x01\x01\x00"), []string{"not-wasm"}, "an ELF executable (Linux), built for a machine: build for WASI preview 1 instead (Go: GOOS=wasip1 GOARCH=wasm go build"},
		{"macos binary", []byte{0xcf, 0xfa, 0xed, 0xfe, 7, 0, 0, 1}, []string{"not-wasm"}, "Mach-O"},
		{"component", []byte("\x00asm\x0d\x00\x01\x00"), []string{"component"}, "wasm32-wasip1"},
		{"version 2", []byte("\x00asm\x02\x00\x00\x00"), []string{"unknown-version"}, "02 00 00 00"},
		{"truncated", build(nil)[:40], []string{"malformed"}, "unexpected end"},
		{"header cut", []byte("\x00asm\x01\x00"), []string{"malformed"}, "version"},
		{"invalid body", withBody(0x42, 0x00, 0x0b), []string{"invalid"}, "values remaining"},
		{"foreign module", build(func(m *wasm.Module) {
			m.TypeSection = append(m.TypeSection, &wasm.FunctionType{Params: []wasm.ValueType{i32, i32}})
			m.ImportSection = append(m.ImportSection, &wasm.Import{Type: wasm.ExternTypeFunc, Module: "env", Name: "log", DescFunc: 2})
			m.ExportSection[0].Index = 2
		}), []string{"import-module"}, `"env" (log)`},
		{"unknown wasi", build(func(m *wasm.Module) { m.ImportSection[0].Name = "sock_open" }), []string{"wasi-unknown-function"}, "sock_open"},
		{"wasi signature", build(func(m *wasm.Module) { m.TypeSection[0].Params = []wasm.ValueType{i32, i32, i32} }), []string{"wasi-signature"}, "(i32, i32, i32, i32) -> i32"},
		{"subako_http signature", build(func(m *wasm.Module) {
			m.TypeSection[0] = &wasm.FunctionType{Params: []wasm.ValueType{i64, i32}, Results: []wasm.ValueType{i32}}
			m.ImportSection[0] = &wasm.Import{Type: wasm.ExternTypeFunc, Module: "subako_http", Name: "request"}
		}), []string{"subako-http-import"}, "(i64, i32) -> (i32)"},
		{"subako_http unknown", build(func(m *wasm.Module) {
			m.TypeSection[0] = &wasm.FunctionType{Params: []wasm.ValueType{i32, i32}, Results: []wasm.ValueType{i32}}
			m.ImportSection[0] = &wasm.Import{Type: wasm.ExternTypeFunc, Module: "subako_http", Name: "fetch"}
		}), []string{"subako-http-import"}, "fetch does not exist"},
		{"memory import", build(func(m *wasm.Module) {
			m.ImportSection = append(m.ImportSection, &wasm.Import{Type: wasm.ExternTypeMemory, Module: "env", Name: "memory", DescMem: &wasm.Memory{Min: 1}})
			m.MemorySection = nil
		}), []string{"import-not-function"}, "env.memory is a memory"},
		{"no _start", build(func(m *wasm.Module) { m.ExportSection = m.ExportSection[1:] }), []string{"start-missing"}, "_start"},
		{"_start signature", build(func(m *wasm.Module) { m.TypeSection[1].Params = []wasm.ValueType{i32} }), []string{"start-signature"}, "(i32) -> ()"},
		{"no memory", build(func(m *wasm.Module) { m.ExportSection = m.ExportSection[:1] }), []string{"memory-export"}, "memory"},
		{"memory is a function", build(func(m *wasm.Module) {
			m.ExportSection[1] = &wasm.Export{Type: wasm.ExternTypeFunc, Name: "memory", Index: 1}
		}), []string{"memory-export"}, "is a function"},
		{"reactor", build(func(m *wasm.Module) { m.ExportSection[0].Name = "_initialize" }), []string{"reactor"}, "reactor"},
		{"GOOS=js", build(func(m *wasm.Module) {
			m.TypeSection[0] = &wasm.FunctionType{Params: []wasm.ValueType{i32}}
			m.ImportSection[0] = &wasm.Import{Type: wasm.ExternTypeFunc, Module: "gojs", Name: "runtime.wasmExit"}
			m.ExportSection[0].Name = "run"
		}), []string{"import-module", "start-missing", "toolchain-go-js"}, "GOOS=wasip1"},
		{"TinyGo wasm", build(func(m *wasm.Module) {
			m.TypeSection[0] = &wasm.FunctionType{Results: []wasm.ValueType{wasm.ValueTypeF64}}
			m.ImportSection[0] = &wasm.Import{Type: wasm.ExternTypeFunc, Module: "gojs", Name: "runtime.ticks"}
		}), []string{"import-module", "toolchain-tinygo-wasm"}, "-target=wasip1"},
		{"Emscripten JS", build(func(m *wasm.Module) {
			m.TypeSection[0] = &wasm.FunctionType{Params: []wasm.ValueType{i32}}
			m.ImportSection[0] = &wasm.Import{Type: wasm.ExternTypeFunc, Module: "env", Name: "setTempRet0"}
			m.ExportSection[0].Name = "main"
		}), []string{"import-module", "start-missing", "toolchain-emscripten-js"}, "STANDALONE_WASM"},
		{"wasm32-unknown-unknown", build(func(m *wasm.Module) {
			m.ImportSection = nil
			m.ExportSection[0] = &wasm.Export{Type: wasm.ExternTypeFunc, Name: "add", Index: 0}
			m.NameSection = nil
		}), []string{"start-missing", "toolchain-unknown-target"}, "wasm32-wasip1"},
		{"wasm-bindgen", build(func(m *wasm.Module) {
			m.ImportSection[0] = &wasm.Import{Type: wasm.ExternTypeFunc, Module: "__wbindgen_placeholder__", Name: "__wbindgen_describe"}
			m.TypeSection[0] = &wasm.FunctionType{Params: []wasm.ValueType{i32}}
		}), []string{"import-module", "toolchain-unknown-target"}, "wasm-bindgen"},
		{"DWARF", wasmbuild.Append(build(nil), wasmbuild.Custom(".debug_info", make([]byte, 3000)), wasmbuild.Custom(".debug_line", make([]byte, 100))), []string{"heavy-custom-section"}, "2 sections"},
		// The name section is no weight W040 reports, but it counts in the size.
		{"size", wasmbuild.Append(build(unnamed), wasmbuild.Custom("name", opaqueNames(SizeWarn))), []string{"module-size"}, "16.0 MiB (16777"},
		{"size at the limit", wasmbuild.Append(build(unnamed), wasmbuild.Custom("name", opaqueNames(SizeWarn-1000))), nil, ""},
		// A name section wazero would decode without bound (issue 30), or a second one.
		{"huge name count", wasmbuild.HugeNameCount(1), []string{"name-section-ignored"}, "declares 4294967295 names"},
		{"second name section", wasmbuild.Append(build(nil), wasmbuild.Custom("name", nil)), []string{"name-section-ignored"}, "a second name section"},
		// Local names wazero would hold at more than 32 MiB (attack pass 46d, row 4).
		{"heavy local names", wasmbuild.Append(build(unnamed), wasmbuild.Custom("name", emptyLocalNames(1<<20+1))), []string{"name-section-too-large"}, "without its local names"},
		{"local names at the bound", wasmbuild.Append(build(unnamed), wasmbuild.Custom("name", emptyLocalNames(1<<20))), nil, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, fs := Check(c.module)
			if got := slugs(fs); !slices.Equal(got, c.want) {
				for _, f := range fs {
					t.Logf("%s @%#x: %s", f.Rule.Slug, f.Offset, f.Message)
				}
				t.Fatalf("rules = %v, want %v", got, c.want)
			}
			var msgs []string
			for _, f := range fs {
				msgs = append(msgs, f.Message)
			}
			if !strings.Contains(strings.Join(msgs, "\n"), c.message) {
				t.Errorf("no message mentions %q:\n%s", c.message, strings.Join(msgs, "\n"))
			}
		})
	}
}

// TestFeatures builds one module per refused feature and checks the
// finding names the feature, the function, the offset and the count, and
// that a construct needing two proposals names the other one too (also).
func TestFeatures(t *testing.T) {
	t.Parallel()
	base := build(nil)
	mem := func(payload ...byte) []byte { return wasmbuild.ReplaceSection(base, 5, payload) }
	sections := func(m []byte, idPayload ...[]byte) []byte {
		for _, s := range idPayload {
			m = wasmbuild.ReplaceSection(m, s[0], s[1:])
		}
		return m
	}
	// (global $a i32 (i32.const 1))
	globalA := []byte{6, 1, 0x7f, 0x00, 0x41, 1, 0x0b}
	// the base module's two function types, [i32 i32 i32 i32] -> [i32] and [] -> []
	fdWriteType := []byte{0x60, 4, 0x7f, 0x7f, 0x7f, 0x7f, 1, 0x7f}
	startType := []byte{0x60, 0, 0}
	types := func(parts ...[]byte) []byte { return sections(base, append([]byte{1, 2}, slices.Concat(parts...)...)) }
	cases := []struct {
		feature string
		module  []byte
		inCode  bool
		uses    int
		also    []string
	}{
		{"threads", withBody(0x41, 0x00, 0xfe, 0x10, 0x02, 0x00, 0x1a, 0x0b), true, 1, nil},
		{"threads", mem(1, 0x03, 1, 1), false, 1, nil},
		{"exception-handling", withBody(0x1f, 0x40, 0x00, 0x0b, 0x0b), true, 1, nil},
		{"exception-handling-legacy", withBody(0x06, 0x40, 0x19, 0x0b, 0x0b), true, 2, nil},
		{"tail-call", withBody(0x12, 0x01, 0x0b), true, 1, nil},
		{"memory64", mem(1, 0x04, 1), false, 1, nil},
		{"multi-memory", mem(2, 0x00, 1, 0x00, 1), false, 1, nil},
		{"relaxed-simd", withBody(0xfd, 0x80, 0x02, 0x0b), true, 1, nil},
		{"gc", withBody(0xfb, 0x1c, 0x1a, 0x0b), true, 1, nil},
		{"function-references", withBody(0xd4, 0x1a, 0x0b), true, 1, nil},
		{"extended-const", wasmbuild.ReplaceSection(base, 6, []byte{1, 0x7f, 0x00, 0x41, 1, 0x41, 2, 0x6a, 0x0b}), false, 1, nil},
		{"wide-arithmetic", withBody(0xfc, 0x13, 0x0b), true, 1, nil},
		{"custom-page-sizes", mem(1, 0x08, 1, 0), false, 1, nil},
		{"stack-switching", withBody(0xe0, 0x00, 0x1a, 0x0b), true, 1, nil},
		{"stack-switching", withBody(0xe3, 0x00, 0x01, 0x00, 0x00, 0x00, 0xe5, 0x00, 0x00, 0xe6, 0x00, 0x00, 0x0b), true, 3, nil},
		// (global $a i32 (i32.const 1)) (global $b i32 (global.get $a)): reading a
		// global the module defines in a constant expression is GC-era, not a type error.
		{"gc", sections(base, []byte{6, 2, 0x7f, 0x00, 0x41, 1, 0x0b, 0x7f, 0x00, 0x23, 0, 0x0b}), false, 1, nil},
		// (global $a ...) (data (global.get $a) "hi")
		{"gc", sections(base, globalA, []byte{11, 1, 0x00, 0x23, 0, 0x0b, 2, 'h', 'i'}), false, 1, nil},
		// (global $a ...) (table 1 funcref) (elem (global.get $a) func $start)
		{"gc", sections(base, globalA, []byte{4, 1, 0x70, 0x00, 1}, []byte{9, 1, 0x00, 0x23, 0, 0x0b, 1, 1}), false, 1, nil},
		// (elem declare func $start) (func $start (return_call_ref $start_type (ref.func $start)))
		{"tail-call", sections(withBody(0xd2, 1, 0x15, 1, 0x0b), []byte{9, 1, 0x03, 0x00, 1, 1}), true, 1, []string{"function-references"}},
		// (rec (type (func (param i32 i32 i32 i32) (result i32)))) (type (func)): a
		// recursive type group with no GC instruction after it
		{"gc", types([]byte{0x4e, 1}, fdWriteType, startType), false, 1, nil},
		// (type (sub (func ...))) (type (sub final (func)))
		{"gc", types([]byte{0x50, 0}, fdWriteType, []byte{0x4f, 0}, startType), false, 2, nil},
	}
	seen := map[string]bool{}
	for _, c := range cases {
		seen[c.feature] = true
		t.Run(c.feature, func(t *testing.T) {
			_, fs := Check(c.module)
			var got *rules.Finding
			var also []string
			for i, f := range fs {
				if f.Rule == rules.Malformed || f.Rule == rules.Invalid {
					t.Errorf("unexpected %s: %s", f.Rule.Slug, f.Message)
				}
				switch {
				case f.Rule != rules.FeatureNotAvailable:
				case f.Feature != c.feature:
					also = append(also, f.Feature)
				case got != nil:
					t.Errorf("second feature finding: %s", f.Message)
				default:
					got = &fs[i]
				}
			}
			if !slices.Equal(also, c.also) {
				t.Errorf("other features %v, want %v", also, c.also)
			}
			if got == nil {
				t.Fatalf("no feature finding; findings: %v", fs)
			}
			if got.Feature != c.feature || got.Offset <= 8 || !strings.Contains(got.Message, textutil.Plural(c.uses, "use")) {
				t.Errorf("finding = %+v", *got)
			}
			if c.inCode && got.Function != "start" {
				t.Errorf("function = %q, message %q", got.Function, got.Message)
			}
		})
	}
	for _, slug := range []string{"threads", "exception-handling", "exception-handling-legacy", "tail-call", "memory64", "multi-memory", "relaxed-simd", "gc", "function-references", "extended-const", "wide-arithmetic", "custom-page-sizes", "stack-switching"} {
		if !seen[slug] {
			t.Errorf("feature %s has no test", slug)
		}
	}
}

// TestProblemNamesItem: a problem outside code names its entry.
func TestProblemNamesItem(t *testing.T) {
	t.Parallel()
	m := wasmbuild.Command()
	m.ImportSection[0].DescFunc = 99
	_, fs := Check(wasmbuild.Encode(m))
	if len(fs) == 0 || fs[0].Rule != rules.Invalid || !strings.Contains(fs[0].Message, "invalid import section: import[0] wasi_snapshot_preview1.fd_write: unknown type 99") {
		t.Errorf("findings %+v", fs)
	}
}
