package host

import (
	"context"
	"crypto/sha256"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/tetratelabs/wabin/leb128"
	"github.com/tetratelabs/wabin/wasm"

	"github.com/subako-ai/subako-go/internal/wasmbuild"
	"github.com/subako-ai/subako-go/internal/wasmparse"
)

// nameCount41g is a valid command followed by a name section whose
// function-names subsection declares count entries and holds one (as
// wasmbuild.HugeNameCount, with a count of the test's choosing): the
// reader flags it (W055, a warning) and Compile hands wazero the module
// without it (EngineBytes).
func nameCount41g(count uint32) []byte {
	m := wasmbuild.Command()
	m.NameSection = nil
	entries := append(leb128.EncodeUint32(count), 1, 5, 's', 't', 'a', 'r', 't')
	sub := append([]byte{1}, leb128.EncodeUint32(uint32(len(entries)))...)
	return wasmbuild.Append(wasmbuild.Encode(m), wasmbuild.Custom("name", append(sub, entries...)))
}

// alloc41g answers what f allocated on the Go heap (TotalAlloc's growth).
func alloc41g(f func()) uint64 {
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestCompileCoveredNameSection (attack pass 41g, row 2): CompileCovered
// (the module of --probes=deep's search and of `call --profile`) handed
// wazero the module's own bytes, so a name section the reader flags
// reached wazero's name decoder, which allocates what its count declares
// (24 bytes a declared name: 2^32-1 names in 7 bytes were `fatal error:
// runtime: out of memory`, exit 4). It now readies the module on
// Compile's path: 2^22 declared names cost it nothing (96 MiB before).
func TestCompileCoveredNameSection(t *testing.T) { // not parallel: measures the process's allocations
	ctx := context.Background()
	h, err := New(ctx, Options{CacheDir: "-", Engine: EngineCompiler})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close(ctx)
	w := nameCount41g(1 << 22)
	var plainErr, coveredErr error
	plain := alloc41g(func() { _, plainErr = h.Compile(ctx, w) })
	covered := alloc41g(func() { _, coveredErr = h.CompileCovered(ctx, w) })
	t.Logf("%d-byte module: Compile allocated %d MiB (err %v), CompileCovered %d MiB (err %v)", len(w), plain>>20, plainErr, covered>>20, coveredErr)
	if plainErr != nil || coveredErr != nil {
		t.Fatalf("Compile: %v; CompileCovered: %v", plainErr, coveredErr)
	}
	if covered > 32<<20 {
		t.Errorf("CompileCovered of a %d-byte module allocated %d MiB: the name section Compile keeps from wazero reaches it", len(w), covered>>20)
	}
}

// tableGrow41g is a command whose _start grows its table (declared
// without a maximum) by n elements and traps when the grow succeeded.
func tableGrow41g(n int32) []byte {
	m := wasmbuild.Command()
	m.NameSection = nil
	m.TableSection = []*wasm.Table{{Min: 1, Type: wasm.RefTypeFuncref}}
	body := []byte{wasm.OpcodeRefNull, wasm.RefTypeFuncref, wasm.OpcodeI32Const}
	body = append(body, leb128.EncodeInt32(n)...)
	body = append(body, wasm.OpcodeMiscPrefix, wasm.OpcodeMiscTableGrow, 0,
		wasm.OpcodeI32Const, 0x7f, wasm.OpcodeI32Ne, wasm.OpcodeIf, 0x40, wasm.OpcodeUnreachable, wasm.OpcodeEnd, wasm.OpcodeEnd)
	m.CodeSection = []*wasm.Code{{Body: body}}
	return wasmbuild.Encode(m)
}

// TestCompileCoveredTables (attack pass 41g, row 4): a table.grow past
// TableLimit answered -1 on the module Compile readies (boundTables) but
// succeeded on the one CompileCovered readied, on the host's heap outside
// every budget (8 bytes an element: 2^24 elements, 128 MiB, in each of the
// search's covered runs). Both now run the same program: the grow
// answers -1. With a cache, the covered module is compiled by the worker
// (capped at CompileMemory) and marked in the cache apart from the plain
// one.
func TestCompileCoveredTables(t *testing.T) { // not parallel: measures the process's allocations
	ctx := context.Background()
	for _, dir := range []string{"-", t.TempDir()} {
		h, err := New(ctx, Options{CacheDir: dir, Engine: EngineCompiler})
		if err != nil {
			t.Fatal(err)
		}
		defer h.Close(ctx)
		w := tableGrow41g(1 << 24)
		run := func(m *Module) (*Record, uint64) {
			var r *Record
			alloc := alloc41g(func() {
				s, err := h.start(ctx, m, RunConfig{Timeout: 10 * time.Second})
				if err != nil {
					t.Fatal(err)
				}
				r = s.wait()
			})
			return r, alloc
		}
		plain, err := h.Compile(ctx, w)
		if err != nil {
			t.Fatal(err)
		}
		covered, err := h.CompileCovered(ctx, w)
		if err != nil {
			t.Fatal(err)
		}
		rp, ap := run(plain)
		rc, ac := run(covered)
		t.Logf("cache %s: plain: exited %v trap %.40q, %d MiB allocated; covered: exited %v trap %.40q, %d MiB allocated", dir, rp.Exited, rp.Trap, ap>>20, rc.Exited, rc.Trap, ac>>20)
		if !rp.Exited {
			t.Errorf("plain run: the grow past TableLimit succeeded (trap %q)", rp.Trap)
		}
		if !rc.Exited || strings.Contains(rc.Trap, "unreachable") || ac > 64<<20 {
			t.Errorf("covered run: the table grew by 2^24 elements past TableLimit (%d): trap %q, %d MiB on the host's heap", TableLimit, rc.Trap, ac>>20)
		}
		if dir != "-" {
			bounded, err := boundTables(w, wasmparse.Parse(w))
			if err != nil {
				t.Fatal(err)
			}
			sum := sha256.Sum256(bounded)
			if !inCache(dir, sum) || !inCache(dir, coveredSum(sum)) {
				t.Errorf("the cache marks the plain module %v, the covered one %v: want both, each compiled by the worker", inCache(dir, sum), inCache(dir, coveredSum(sum)))
			}
		}
	}
}
