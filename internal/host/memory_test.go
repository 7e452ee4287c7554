package host

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/wasmbuild"
	"github.com/tetratelabs/wabin/wasm"
)

// TestMemoryBudgetShared: the memories of a host's runs share its budget:
// a grow that would pass it fails (nil, which is memory.grow's -1), the
// first allocation always succeeds, and a freed memory makes room.
func TestMemoryBudgetShared(t *testing.T) {
	b := newMemoryBudget(10 * wasmPage)
	var refused atomic.Bool
	alloc := b.allocator(&refused)
	a := alloc.Allocate(0, 64*wasmPage)
	if buf := a.Reallocate(2 * wasmPage); len(buf) != 2*wasmPage {
		t.Fatalf("initial memory: %d bytes", len(buf))
	}
	c := alloc.Allocate(0, 64*wasmPage)
	c.Reallocate(wasmPage)
	if refused.Load() {
		t.Error("refused before the budget was full")
	}
	if buf := a.Reallocate(10 * wasmPage); buf != nil {
		t.Errorf("a grow past the budget succeeded (%d pages held)", b.Used()/wasmPage)
	}
	if !refused.Load() {
		t.Error("the refused grow was not told")
	}
	if buf := a.Reallocate(10 * wasmPage); buf != nil {
		t.Error("again")
	}
	buf := a.Reallocate(9 * wasmPage)
	if len(buf) != 9*wasmPage {
		t.Fatalf("a grow within the budget failed")
	}
	buf[len(buf)-1] = 1 // the memory is usable to its end
	c.Free()
	if buf := a.Reallocate(10 * wasmPage); len(buf) != 10*wasmPage || buf[9*wasmPage-1] != 1 {
		t.Errorf("after a free: %d bytes", len(buf))
	}
	a.Free()
	if b.Used() != 0 {
		t.Errorf("%d bytes held after every memory was freed", b.Used())
	}
}

// growModule grows its memory by pages at once, writes its last byte, and
// traps when the grow failed.
func growModule(pages uint32, max uint32) []byte {
	w := wasmbuild.Command()
	w.MemorySection = &wasm.Memory{Min: 1, Max: max, IsMaxEncoded: max > 0}
	leb := func(v uint32) []byte {
		var out []byte
		for {
			b := byte(v & 0x7f)
			v >>= 7
			if v != 0 {
				out = append(out, b|0x80)
				continue
			}
			if b&0x40 != 0 {
				return append(out, b|0x80, 0) // keep the value positive (signed LEB128)
			}
			return append(out, b)
		}
	}
	body := append([]byte{wasm.OpcodeI32Const}, leb(pages)...)
	body = append(body, wasm.OpcodeMemoryGrow, 0,
		wasm.OpcodeI32Const, 0x7f, wasm.OpcodeI32Eq, wasm.OpcodeIf, 0x40, wasm.OpcodeUnreachable, wasm.OpcodeEnd,
		wasm.OpcodeMemorySize, 0, wasm.OpcodeI32Const, 16, wasm.OpcodeI32Shl, wasm.OpcodeI32Const, 1, wasm.OpcodeI32Sub,
		wasm.OpcodeI32Const, 7, wasm.OpcodeI32Store8, 0, 0,
		wasm.OpcodeEnd)
	w.CodeSection[0].Body = body
	return wasmbuild.Encode(w)
}

// TestMemoryGrowCost: a module that grows its memory to 1 GiB at once
// (issue 22: 1,069 MB and 5 s of CPU that its timeout could not interrupt)
// costs the host no copy of it: the Go heap grows by a fraction of it; and
// a host whose budget is smaller refuses the grow (the module traps as it
// chose to), the host unharmed.
func TestMemoryGrowCost(t *testing.T) {
	h, err := New(context.Background(), Options{CacheDir: "-", Engine: testEngine})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close(context.Background())
	m := compile(t, h, growModule(MemoryLimit/wasmPage-1, 0))
	var r *Record
	n := allocated(func() {
		s, err := h.start(context.Background(), m, RunConfig{Timeout: 10 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		r = s.wait()
	})
	if !r.Exited || r.ExitCode != 0 {
		t.Fatalf("the 1 GiB grow: %+v", r)
	}
	if n > 64<<20 {
		t.Errorf("a 1 GiB grow allocated %d MiB of the Go heap", n>>20)
	}
	if h.mem.Used() != 0 {
		t.Errorf("%d bytes held after the run", h.mem.Used())
	}

	small, err := New(context.Background(), Options{CacheDir: "-", Engine: testEngine, MemoryBudget: 64 << 20})
	if err != nil {
		t.Fatal(err)
	}
	defer small.Close(context.Background())
	m = compile(t, small, growModule(MemoryLimit/wasmPage-1, 0))
	s, err := small.start(context.Background(), m, RunConfig{Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if r := s.wait(); r.Exited || r.Trap == "" || !r.MemoryRefused {
		t.Errorf("a grow past the budget: %+v", r)
	}
	m = compile(t, small, growModule(100, 0))
	if s, err = small.start(context.Background(), m, RunConfig{Timeout: 10 * time.Second}); err != nil {
		t.Fatal(err)
	}
	if r := s.wait(); !r.Exited || r.ExitCode != 0 || r.MemoryRefused {
		t.Errorf("a grow within the budget: %+v", r)
	}
}

// TestMemoryGrowTimeout: a run that grows its memory to 1 GiB and then
// loops is stopped at its 50 ms timeout within 100 ms of its own time: the
// grow cannot carry it past (it once turned a 2 s timeout into 18.3 s).
func TestMemoryGrowTimeout(t *testing.T) {
	h := newHost(t)
	w := wasmbuild.Command()
	w.CodeSection[0].Body = []byte{
		wasm.OpcodeI32Const, 0xff, 0xff, 0x00, wasm.OpcodeMemoryGrow, 0, wasm.OpcodeDrop, // 16383 pages
		wasm.OpcodeLoop, 0x40, wasm.OpcodeBr, 0, wasm.OpcodeEnd,
		wasm.OpcodeEnd,
	}
	m := compile(t, h, wasmbuild.Encode(w))
	s, err := h.start(context.Background(), m, RunConfig{Timeout: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	r := s.wait()
	if !r.TimedOut || r.Elapsed > 150*time.Millisecond {
		t.Errorf("timed out %v after %v of its own time", r.TimedOut, r.Elapsed)
	}
}
