package host

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/wasmbuild"
	"github.com/tetratelabs/wabin/wasm"
)

// One bulk instruction is one step of wazero's that a timeout cannot cut:
// a memory.fill (or memory.copy) over the whole memory runs to its end, in
// the compiler a loop of 8 KiB memmoves (a copy: one memmove) with no
// check of the run's context, in the interpreter one Go clear or copy. What bounds it is the
// memory's size, at most MemoryLimit: BenchmarkMemoryFill measures it,
// docs/serve-limits.md says the bound.

// sleb is v in signed LEB128, as i32.const takes it.
func sleb(v int32) []byte {
	var out []byte
	for {
		b := byte(v & 0x7f)
		v >>= 7
		if (v == 0 && b&0x40 == 0) || (v == -1 && b&0x40 != 0) {
			return append(out, b)
		}
		out = append(out, b|0x80)
	}
}

// fillModule grows its memory to pages and fills all of it with one
// memory.fill, fills times; then, with loop, it fills it again and again
// for ever.
func fillModule(pages int32, fills int, loop bool) []byte {
	fill := append(append(append(append([]byte{wasm.OpcodeI32Const}, sleb(0)...), wasm.OpcodeI32Const), sleb(0xab)...), wasm.OpcodeI32Const)
	fill = append(append(fill, sleb(pages*wasmPage)...), wasm.OpcodeMiscPrefix, wasm.OpcodeMiscMemoryFill, 0)
	body := append(append([]byte{wasm.OpcodeI32Const}, sleb(pages-1)...), wasm.OpcodeMemoryGrow, 0, wasm.OpcodeDrop)
	for range fills {
		body = append(body, fill...)
	}
	if loop {
		body = append(body, wasm.OpcodeLoop, 0x40)
		body = append(body, fill...)
		body = append(body, wasm.OpcodeBr, 0, wasm.OpcodeEnd)
	}
	w := wasmbuild.Command()
	w.CodeSection[0].Body = append(body, wasm.OpcodeEnd)
	return wasmbuild.Encode(w)
}

// TestMemoryFillTimeout: a run whose one memory.fill over 1 GiB passes its
// 100 ms timeout still ends on the timeout (it stops at the first check
// after the fill), and so does one that fills 1 GiB over and over; neither
// exits nor traps.
func TestMemoryFillTimeout(t *testing.T) {
	h := newHost(t)
	for _, tc := range []struct {
		name  string
		fills int
	}{{"one fill, then a loop of them", 1}, {"fills for ever", 0}} {
		m := compile(t, h, fillModule(MemoryLimit/wasmPage, tc.fills, true))
		s, err := h.start(context.Background(), m, RunConfig{Timeout: 100 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		r := s.wait()
		if !r.TimedOut || r.Exited || r.Stalled || r.Trap != "" {
			t.Errorf("%s: not ended by its timeout: %+v", tc.name, r)
		}
		t.Logf("%s: timed out after %v of its own time", tc.name, r.Elapsed.Round(time.Millisecond))
	}
}

// BenchmarkMemoryFill measures the longest step a module can take, one
// memory.fill over its whole memory, by the size of the memory: cold (the
// pages touched for the first time, so the kernel commits each) and warm.
// The times are the module's own (its thread's CPU time, page faults
// included), as its timeout counts them.
//
//	go test ./internal/host -run '^$' -bench MemoryFill -benchtime 3x
func BenchmarkMemoryFill(b *testing.B) {
	for _, e := range []Engine{EngineCompiler, EngineInterpreter} {
		h, err := New(context.Background(), Options{CacheDir: "-", Engine: e})
		if err != nil {
			b.Fatal(err)
		}
		for _, mib := range []int32{64, 256, 1024} {
			pages := mib << 20 / wasmPage
			b.Run(e.String()+"/"+strconv.Itoa(int(mib))+"MiB", func(b *testing.B) {
				mods := make([]*Module, 3) // grow only, one fill (cold), two (the second warm)
				for i := range mods {
					m, err := h.Compile(context.Background(), fillModule(pages, i, false))
					if err != nil {
						b.Fatal(err)
					}
					mods[i] = m
				}
				var took [3]time.Duration
				for range b.N {
					for i, m := range mods {
						s, err := h.start(context.Background(), m, RunConfig{Timeout: time.Minute})
						if err != nil {
							b.Fatal(err)
						}
						r := s.wait()
						if !r.Exited {
							b.Fatalf("%+v", r)
						}
						took[i] += r.Elapsed
					}
				}
				n := float64(b.N) * float64(time.Millisecond)
				b.ReportMetric(float64(took[1]-took[0])/n, "cold-ms")
				b.ReportMetric(float64(took[2]-took[1])/n, "warm-ms")
			})
		}
		h.Close(context.Background())
	}
}
