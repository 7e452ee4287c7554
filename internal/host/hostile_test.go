package host

import (
	"bytes"
	"context"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/tetratelabs/wabin/leb128"
	"github.com/tetratelabs/wabin/wasm"

	"github.com/subako-ai/subako-go/internal/wasmbuild"
)

// hostileShape builds a valid module of funcs functions, each just under
// one of the reader's shape limits (see W050-W052), which the reader
// therefore lets through to the compiler: "nest" nests 9,999 blocks,
// "brtable" has a br_table of 65,520 targets, "locals" declares 49,999
// locals and reads the last.
func hostileShape(kind string, funcs int) []byte {
	var body []byte
	switch kind {
	case "nest":
		const depth = 9999
		body = append(append(bytes.Repeat([]byte{wasm.OpcodeBlock, 0x40}, depth), bytes.Repeat([]byte{wasm.OpcodeEnd}, depth)...), wasm.OpcodeEnd)
	case "brtable":
		const targets = 65520
		body = append([]byte{wasm.OpcodeI32Const, 0, wasm.OpcodeBrTable}, leb128.EncodeUint32(targets)...)
		body = append(append(body, make([]byte, targets+1)...), wasm.OpcodeEnd)
	case "locals":
		const locals = 49999
		body = append([]byte{wasm.OpcodeLocalGet}, leb128.EncodeUint32(locals-1)...)
		body = append(body, wasm.OpcodeDrop, wasm.OpcodeEnd)
	default:
		panic(kind)
	}
	w := wasmbuild.Command()
	w.FunctionSection, w.CodeSection = nil, nil
	for range funcs {
		c := &wasm.Code{Body: body}
		if kind == "locals" {
			c.LocalTypes = bytes.Repeat([]byte{wasm.ValueTypeI32}, 49999)
		}
		w.FunctionSection = append(w.FunctionSection, 1)
		w.CodeSection = append(w.CodeSection, c)
	}
	return wasmbuild.Encode(w)
}

// TestCompileHugeNameCount: issue 30's 100-byte module, a name section
// whose function names (or local names) declare 2^32-1 entries, compiles
// and runs under every engine, in this process or a worker, without the
// section (wazero's decoder once allocated 96 GiB for it in this process).
func TestCompileHugeNameCount(t *testing.T) { // not parallel: measures the process's allocations
	ctx := context.Background()
	for _, c := range []struct {
		name  string
		opt   Options
		names byte
	}{
		{"interpreter, function names", Options{CacheDir: "-", Engine: EngineInterpreter}, 1},
		{"interpreter, local names", Options{CacheDir: "-", Engine: EngineInterpreter}, 2},
		{"compiler in this process", Options{CacheDir: "-", Engine: EngineCompiler}, 1},
		{"compiler in a worker", Options{CacheDir: t.TempDir(), Engine: EngineCompiler}, 2},
		{"auto", Options{CacheDir: t.TempDir()}, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			h, err := New(ctx, c.opt)
			if err != nil {
				t.Fatal(err)
			}
			defer h.Close(ctx)
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			m := compile(t, h, wasmbuild.HugeNameCount(c.names))
			s, err := h.start(ctx, m, RunConfig{Timeout: time.Second})
			if err != nil {
				t.Fatal(err)
			}
			r := s.wait()
			runtime.ReadMemStats(&after)
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<20 {
				t.Errorf("compiling and running a %d-byte module allocated %d MiB", len(wasmbuild.HugeNameCount(c.names)), alloc>>20)
			}
			if !r.Exited || r.ExitCode != 0 || r.Trap != "" {
				t.Errorf("did not run to its end: %+v", r)
			}
		})
	}
}

// TestCompileQuadraticDWARF: DWARF sections whose units each point at a
// different place of one endless abbreviation table (20,000 of each, 344
// KB, once held lint past 2 minutes and 5 GB, as wazero parsed them with
// Go's debug/dwarf at compile) compile and run under every engine without
// the host reading them.
func TestCompileQuadraticDWARF(t *testing.T) { // not parallel: measures the process's allocations
	ctx := context.Background()
	wasm := wasmbuild.QuadraticDWARF(1500, 1500)
	for _, c := range []struct {
		name string
		opt  Options
	}{
		{"interpreter", Options{CacheDir: "-", Engine: EngineInterpreter}},
		{"compiler in this process", Options{CacheDir: "-", Engine: EngineCompiler}},
	} {
		t.Run(c.name, func(t *testing.T) {
			h, err := New(ctx, c.opt)
			if err != nil {
				t.Fatal(err)
			}
			defer h.Close(ctx)
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			m := compile(t, h, wasm)
			runtime.ReadMemStats(&after)
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<20 {
				t.Errorf("compiling a %d-byte module allocated %d MiB", len(wasm), alloc>>20)
			}
			s, err := h.start(ctx, m, RunConfig{Timeout: time.Second})
			if err != nil {
				t.Fatal(err)
			}
			if r := s.wait(); !r.Exited || r.ExitCode != 0 || r.Trap != "" {
				t.Errorf("did not run to its end: %+v", r)
			}
		})
	}
}

// tableGrowModule is a command with one funcref table of no maximum whose
// _start grows it by delta elements, once or forever, and exits with 1
// when the first table.grow answered -1 (refused), else 0.
func tableGrowModule(delta int32, forever bool) []byte {
	m := wasmbuild.Command()
	m.NameSection = nil
	m.TypeSection = append(m.TypeSection, &wasm.FunctionType{Params: []wasm.ValueType{wasm.ValueTypeI32}})
	m.ImportSection = []*wasm.Import{{Type: wasm.ExternTypeFunc, Module: "wasi_snapshot_preview1", Name: "proc_exit", DescFunc: 2}}
	m.TableSection = []*wasm.Table{{Min: 0, Type: wasm.RefTypeFuncref}}
	grow := append([]byte{0xD0, 0x70, wasm.OpcodeI32Const}, leb128.EncodeInt32(delta)...)
	grow = append(grow, 0xFC, 0x0F, 0x00) // table.grow 0
	body := append(grow, wasm.OpcodeLocalSet, 0)
	if forever {
		body = append(body, wasm.OpcodeLoop, 0x40)
		body = append(append(body, grow...), wasm.OpcodeDrop, wasm.OpcodeBr, 0, wasm.OpcodeEnd)
	}
	body = append(body, wasm.OpcodeLocalGet, 0, wasm.OpcodeI32Const, 0x7f, wasm.OpcodeI32Eq, wasm.OpcodeCall, 0, wasm.OpcodeEnd)
	m.CodeSection = []*wasm.Code{{LocalTypes: []wasm.ValueType{wasm.ValueTypeI32}, Body: body}}
	return wasmbuild.Encode(m)
}

// TestTablesBounded: a table.grow past TableLimit answers -1 and costs the
// host nothing (one of 2^27 elements once took 1 GiB of its heap, outside
// the memory budget, and a loop of them 3.6 GB), under every engine; one
// within the limit still grows; tables declaring more than the limit at
// the start are refused before compiling.
func TestTablesBounded(t *testing.T) { // not parallel: measures the process's allocations
	ctx := context.Background()
	for _, e := range []Engine{EngineInterpreter, EngineCompiler} {
		h, err := New(ctx, Options{CacheDir: "-", Engine: e})
		if err != nil {
			t.Fatal(err)
		}
		defer h.Close(ctx)
		for _, c := range []struct {
			name    string
			wasm    []byte
			exit    uint32
			timeout time.Duration
		}{
			{"one grow of 2^27", tableGrowModule(1<<27, false), 1, time.Second},
			{"a loop of grows of 2^27", tableGrowModule(1<<27, true), 0, 200 * time.Millisecond},
			{"one grow within the limit", tableGrowModule(1000, false), 0, time.Second},
			{"one grow to the limit", tableGrowModule(TableLimit, false), 0, time.Second},
		} {
			t.Run(e.String()+", "+c.name, func(t *testing.T) {
				r, _, alloc := runBounded(t, h, c.wasm, c.timeout, 0)
				if alloc > 64<<20 {
					t.Errorf("the host allocated %d MiB", alloc>>20)
				}
				if c.exit == 0 && c.timeout < time.Second {
					if !r.TimedOut {
						t.Errorf("want a run out of time: %+v", r)
					}
				} else if !r.Exited || r.ExitCode != c.exit {
					t.Errorf("want exit %d: %+v", c.exit, r)
				}
			})
		}
	}
	m := wasmbuild.Command()
	m.TableSection = []*wasm.Table{{Min: TableLimit, Type: wasm.RefTypeFuncref}, {Min: 1, Type: wasm.RefTypeFuncref}}
	h := newHost(t)
	if _, err := h.Compile(ctx, wasmbuild.Encode(m)); err == nil || !strings.Contains(err.Error(), "TableLimit") {
		t.Errorf("tables of %d elements: %v, want refused", TableLimit+1, err)
	}
}
