package host

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/tetratelabs/wabin/leb128"
	"github.com/tetratelabs/wabin/wasm"

	"github.com/subako-ai/subako-go/internal/wasmbuild"
	"github.com/subako-ai/subako-go/internal/wasmparse"
)

// TestInterpretCostSections: for each section kind's costliest shapes
// found, the heap wazero's interpreter allocates to prepare the module
// stays within what interpretCost reckons for it (the model bounds every
// section, not only the code section).
func TestInterpretCostSections(t *testing.T) { // not parallel: measures the process's allocations
	if testing.Short() {
		t.Skip("allocates about 1 GB in all, measuring")
	}
	for _, c := range costShapes41a() {
		p := wasmparse.Parse(c.w)
		if _, exceeded := p.Exceeded(); exceeded || len(p.Problems) != 0 {
			t.Errorf("%s: not a module Compile hands an engine: %v", c.name, p.Problems)
			continue
		}
		got, want := interpretAlloc(t, c.w), interpretCost(len(c.w), p)
		t.Logf("%-34s %9d bytes: allocated %11d (%6.1f a byte, %8.1f an entry), reckoned %11d", c.name, len(c.w), got, float64(got)/float64(len(c.w)), float64(got)/float64(c.n), want)
		if int64(got) > want {
			t.Errorf("%s: allocated %d, more than the %d reckoned", c.name, got, want)
		}
	}
}

// recursionLocals is a command whose _start calls a function declaring
// locals i64 locals that recurses depth times, then exits 0.
func recursionLocals(depth int32, locals uint32) []byte {
	m := wasmbuild.Command()
	m.NameSection = nil
	m.TypeSection = append(m.TypeSection, &wasm.FunctionType{Params: []wasm.ValueType{wasm.ValueTypeI32}})
	m.FunctionSection = []wasm.Index{1, 2}
	start := append([]byte{wasm.OpcodeI32Const}, leb128.EncodeInt32(depth)...)
	start = append(start, wasm.OpcodeCall, 2, wasm.OpcodeEnd)
	rec := []byte{wasm.OpcodeLocalGet, 0, wasm.OpcodeIf, 0x40,
		wasm.OpcodeLocalGet, 0, wasm.OpcodeI32Const, 1, wasm.OpcodeI32Sub, wasm.OpcodeCall, 2,
		wasm.OpcodeEnd, wasm.OpcodeEnd}
	m.CodeSection = []*wasm.Code{{Body: start}, {Body: rec}}
	if locals > 0 {
		m.CodeSection[1].LocalTypes = make([]wasm.ValueType, locals)
		for i := range m.CodeSection[1].LocalTypes {
			m.CodeSection[1].LocalTypes[i] = wasm.ValueTypeI64
		}
	}
	return wasmbuild.Encode(m)
}

// TestInterpretedStackBounded (attack pass 41a, row 7): a function of
// 49,998 locals recursing without end put 4.4 GB of value stack on the
// host's heap within the interpreter's 2,000 frames, and overran its exit
// grace while it grew: EngineAuto now compiles a module whose interpreted
// stack could pass InterpretMaxStack, and the largest frame it still
// interprets, recursing to the interpreter's ceiling, allocates less than
// the bound, measured (TotalAlloc: every step of the slice's growth).
func TestInterpretedStackBounded(t *testing.T) { // not parallel: measures the process's allocations
	ctx := context.Background()
	hostile := recursionLocals(1<<30, 49_998)
	if p := wasmparse.Parse(hostile); interpretable(hostile, p) {
		t.Errorf("49,998 locals a frame: interpretable, its stack reckoned %d (bound %d)", interpretStack(p), InterpretMaxStack)
	}
	h, err := New(ctx, Options{CacheDir: "-", Engine: EngineAuto})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close(ctx)
	if m := compile(t, h, hostile); m.Interpreted() {
		t.Errorf("EngineAuto interprets a module of 49,998 locals a frame")
	}
	lo, hi := uint32(0), uint32(49_998)
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		if w := recursionLocals(1<<30, mid); interpretable(w, wasmparse.Parse(w)) {
			lo = mid
		} else {
			hi = mid
		}
	}
	w := recursionLocals(1<<30, lo)
	// Measured on the interpreter alone: under EngineAuto the compilation
	// for the cache would run beside it in this process.
	hi2, err := New(ctx, Options{CacheDir: "-", Engine: EngineInterpreter})
	if err != nil {
		t.Fatal(err)
	}
	defer hi2.Close(ctx)
	r, _, alloc := runBounded(t, hi2, w, 10*time.Second, 0)
	want := interpretStack(wasmparse.Parse(w))
	t.Logf("largest frame interpreted: %d locals, stack reckoned %d; trap %.40q after %v; allocated %d", lo, want, r.Trap, r.Elapsed, alloc)
	if alloc > uint64(want) || alloc >= InterpretMaxStack {
		t.Errorf("%d locals a frame: the run allocated %d, reckoned %d, bound %d", lo, alloc, want, InterpretMaxStack)
	}
}

type costShape41a struct {
	name string
	n    int
	w    []byte
}

func costShapes41a() []costShape41a {
	var out []costShape41a
	add := func(name string, n int, build func(m *wasm.Module)) {
		m := wasmbuild.Command()
		m.NameSection = nil
		build(m)
		out = append(out, costShape41a{name, n, wasmbuild.Encode(m)})
	}
	i32c := func() *wasm.ConstantExpression {
		return &wasm.ConstantExpression{Opcode: wasm.OpcodeI32Const, Data: []byte{0}}
	}
	const N = 500_000
	add("func imports, empty names", 99_000, func(m *wasm.Module) {
		for range 99_000 {
			m.ImportSection = append(m.ImportSection, &wasm.Import{Type: wasm.ExternTypeFunc, Module: "a", Name: "b", DescFunc: 1})
		}
	})
	add("func imports, distinct modules", 99_000, func(m *wasm.Module) {
		for i := range 99_000 {
			m.ImportSection = append(m.ImportSection, &wasm.Import{Type: wasm.ExternTypeFunc, Module: fmt.Sprint(i), Name: "b", DescFunc: 1})
		}
	})
	add("global imports", 99_000, func(m *wasm.Module) {
		for range 99_000 {
			m.ImportSection = append(m.ImportSection, &wasm.Import{Type: wasm.ExternTypeGlobal, Module: "a", Name: "b", DescGlobal: &wasm.GlobalType{ValType: wasm.ValueTypeI32}})
		}
	})
	add("globals i32", N, func(m *wasm.Module) {
		for range N {
			m.GlobalSection = append(m.GlobalSection, &wasm.Global{Type: &wasm.GlobalType{ValType: wasm.ValueTypeI32}, Init: i32c()})
		}
	})
	add("globals global.get", N, func(m *wasm.Module) {
		m.ImportSection = append(m.ImportSection, &wasm.Import{Type: wasm.ExternTypeGlobal, Module: "a", Name: "b", DescGlobal: &wasm.GlobalType{ValType: wasm.ValueTypeI32}})
		for range N {
			m.GlobalSection = append(m.GlobalSection, &wasm.Global{Type: &wasm.GlobalType{ValType: wasm.ValueTypeI32}, Init: &wasm.ConstantExpression{Opcode: wasm.OpcodeGlobalGet, Data: []byte{0}}})
		}
	})
	add("exports", 99_000, func(m *wasm.Module) {
		for i := range 99_000 {
			m.ExportSection = append(m.ExportSection, &wasm.Export{Type: wasm.ExternTypeFunc, Name: fmt.Sprint(i), Index: 1})
		}
	})
	add("element entries", 2*N, func(m *wasm.Module) {
		one := wasm.Index(1)
		init := make([]*wasm.Index, 2*N)
		for i := range init {
			init[i] = &one
		}
		m.TableSection = []*wasm.Table{{Min: uint32(len(init)), Type: wasm.RefTypeFuncref}}
		m.ElementSection = []*wasm.ElementSegment{{Init: init, Mode: wasm.ElementModeActive, Type: wasm.RefTypeFuncref, OffsetExpr: i32c()}}
	})
	{
		cmd := wasmbuild.Encode(wasmbuild.Command())
		pay := append(uleb(1), 1, 0)
		pay = append(pay, uleb(2*N)...)
		for range 2 * N {
			pay = append(pay, 1)
		}
		out = append(out, costShape41a{"element entries, passive", 2 * N, wasmbuild.ReplaceSection(cmd, 9, pay)})
		pay = append(uleb(1), 5, 0x70)
		pay = append(pay, uleb(N)...)
		for range N {
			pay = append(pay, 0xd0, 0x70, 0x0b)
		}
		out = append(out, costShape41a{"element null exprs", N, wasmbuild.ReplaceSection(cmd, 9, pay)})
		pay = append(uleb(1), 5, 0x70)
		pay = append(pay, uleb(N)...)
		for range N {
			pay = append(pay, 0xd2, 1, 0x0b)
		}
		out = append(out, costShape41a{"element ref.func exprs", N, wasmbuild.ReplaceSection(cmd, 9, pay)})
		pay = uleb(99_000)
		for range 99_000 {
			pay = append(pay, 1, 0, 0)
		}
		out = append(out, costShape41a{"element segments, passive empty", 99_000, wasmbuild.ReplaceSection(cmd, 9, pay)})
	}
	add("element segments, empty", 99_000, func(m *wasm.Module) {
		m.TableSection = []*wasm.Table{{Min: 1, Type: wasm.RefTypeFuncref}}
		for range 99_000 {
			m.ElementSection = append(m.ElementSection, &wasm.ElementSegment{Mode: wasm.ElementModeActive, Type: wasm.RefTypeFuncref, OffsetExpr: i32c()})
		}
	})
	{
		pay := append(uleb(99_000), make([]byte, 0, 2*99_000)...)
		for range 99_000 {
			pay = append(pay, 1, 0)
		}
		out = append(out, costShape41a{"data segments, passive empty", 99_000, wasmbuild.ReplaceSection(wasmbuild.Encode(wasmbuild.Command()), 11, pay)})
	}
	add("data segments, active empty", 99_000, func(m *wasm.Module) {
		for range 99_000 {
			m.DataSection = append(m.DataSection, &wasm.DataSegment{OffsetExpression: i32c()})
		}
	})
	add("tables", 100, func(m *wasm.Module) {
		for range 100 {
			m.TableSection = append(m.TableSection, &wasm.Table{Min: 1, Type: wasm.RefTypeFuncref})
		}
	})
	add("function names, empty", 2*N, func(m *wasm.Module) {
		m.NameSection = &wasm.NameSection{}
		for range 2 * N {
			m.NameSection.FunctionNames = append(m.NameSection.FunctionNames, &wasm.NameAssoc{Index: 1})
		}
	})
	add("function names, 1 byte", 2*N, func(m *wasm.Module) {
		m.NameSection = &wasm.NameSection{}
		for range 2 * N {
			m.NameSection.FunctionNames = append(m.NameSection.FunctionNames, &wasm.NameAssoc{Index: 1, Name: "a"})
		}
	})
	add("local names, no locals", 2*N, func(m *wasm.Module) {
		m.NameSection = &wasm.NameSection{}
		for range 2 * N {
			m.NameSection.LocalNames = append(m.NameSection.LocalNames, &wasm.NameMapAssoc{Index: 1})
		}
	})
	add("local names, 1 local each", N, func(m *wasm.Module) {
		m.NameSection = &wasm.NameSection{}
		for range N {
			m.NameSection.LocalNames = append(m.NameSection.LocalNames, &wasm.NameMapAssoc{Index: 1, NameMap: wasm.NameMap{{Index: 0}}})
		}
	})
	add("local names, 1 fn many locals", 2*N, func(m *wasm.Module) {
		m.NameSection = &wasm.NameSection{}
		nm := make(wasm.NameMap, 2*N)
		for i := range nm {
			nm[i] = &wasm.NameAssoc{Index: 0}
		}
		m.NameSection.LocalNames = append(m.NameSection.LocalNames, &wasm.NameMapAssoc{Index: 1, NameMap: nm})
	})
	add("module name 1 MB", 1<<20, func(m *wasm.Module) {
		m.NameSection = &wasm.NameSection{ModuleName: string(make([]byte, 1<<20))}
	})
	out = append(out, costShape41a{"custom other 4 MB", 4 << 20, wasmbuild.Append(wasmbuild.Encode(wasmbuild.Command()), wasmbuild.Custom("other", make([]byte, 4<<20)))})
	return out
}

// attackShapes41a are attack pass 41a's modules, rows 1 and 2: a name
// section of 12,000,000 local-name entries (24 MB, 384 MB to prepare),
// 999,000 function types (3 MB, 521 MB), 4,000,000 element entries (4 MB,
// 288 MB) and 999,000 globals (5 MB, 248 MB).
func attackShapes41a() []costShape41a {
	local := func(n int) []byte {
		entries := append(uleb(n), make([]byte, 2*n)...) // function 0, no local names, n times
		sub := append(append([]byte{2}, uleb(len(entries))...), entries...)
		base := wasmbuild.Command()
		base.NameSection = nil
		return wasmbuild.Append(wasmbuild.Encode(base), wasmbuild.Custom("name", sub))
	}
	out := []costShape41a{{"row 1: 12M local-name entries", 12_000_000, local(12_000_000)}}
	one := wasm.Index(1)
	for _, c := range []struct {
		name  string
		n     int
		build func(m *wasm.Module)
	}{
		{"row 2: 999,000 function types", 999_000, func(m *wasm.Module) {
			for range 999_000 {
				m.TypeSection = append(m.TypeSection, &wasm.FunctionType{})
			}
		}},
		{"row 2: 4,000,000 element entries", 4_000_000, func(m *wasm.Module) {
			init := make([]*wasm.Index, 4_000_000)
			for i := range init {
				init[i] = &one
			}
			m.TableSection = []*wasm.Table{{Min: uint32(len(init)), Type: wasm.RefTypeFuncref}}
			m.ElementSection = []*wasm.ElementSegment{{Init: init, Mode: wasm.ElementModeActive, Type: wasm.RefTypeFuncref,
				OffsetExpr: &wasm.ConstantExpression{Opcode: wasm.OpcodeI32Const, Data: []byte{0}}}}
		}},
		{"row 2: 999,000 globals", 999_000, func(m *wasm.Module) {
			for range 999_000 {
				m.GlobalSection = append(m.GlobalSection, &wasm.Global{Type: &wasm.GlobalType{ValType: wasm.ValueTypeI32},
					Init: &wasm.ConstantExpression{Opcode: wasm.OpcodeI32Const, Data: []byte{0}}})
			}
		}},
	} {
		m := wasmbuild.Command()
		c.build(m)
		out = append(out, costShape41a{c.name, c.n, wasmbuild.Encode(m)})
	}
	return out
}

// TestInterpretCostAttack41a (attack pass 41a, rows 1 and 2): a name
// section, function types, element entries and globals were reckoned at 2
// bytes a byte, so EngineAuto interpreted modules of a few MB whose
// preparation allocated 250 to 520 MB: each is now reckoned at least what
// it allocates, and what EngineAuto still interprets stays under
// InterpretMaxHeap.
func TestInterpretCostAttack41a(t *testing.T) { // not parallel: measures the process's allocations
	if testing.Short() {
		t.Skip("allocates about 1.5 GB in all, measuring")
	}
	for _, c := range attackShapes41a() {
		p := wasmparse.Parse(c.w)
		if _, exceeded := p.Exceeded(); exceeded || len(p.Problems) != 0 || len(p.NameIssues) != 0 {
			t.Errorf("%s: not a module Compile hands an engine whole", c.name)
			continue
		}
		got, want := interpretAlloc(t, c.w), interpretCost(len(c.w), p)
		t.Logf("%-34s %9d bytes: allocated %11d, reckoned %11d, interpretable %v", c.name, len(c.w), got, want, interpretable(c.w, p))
		if int64(got) > want || (interpretable(c.w, p) && got >= InterpretMaxHeap) {
			t.Errorf("%s: allocated %d, reckoned %d (bound %d, interpretable %v)", c.name, got, want, InterpretMaxHeap, interpretable(c.w, p))
		}
	}
}
