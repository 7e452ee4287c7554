package host

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"
)

// attack43aNoMemory is a command with no memory at all whose _start calls
// the WASI import name (params i32 x4 -> i32) with zeros: fd_write or
// poll_oneoff.
func attack43aNoMemory(name string) []byte {
	leb := func(n int) []byte {
		var b []byte
		for {
			c := byte(n & 0x7f)
			n >>= 7
			if n != 0 {
				b = append(b, c|0x80)
				continue
			}
			return append(b, c)
		}
	}
	str := func(s string) []byte { return append(leb(len(s)), s...) }
	sec := func(id byte, p []byte) []byte { return append(append([]byte{id}, leb(len(p))...), p...) }
	cat := func(parts ...[]byte) []byte {
		var b []byte
		for _, p := range parts {
			b = append(b, p...)
		}
		return b
	}
	types := sec(1, cat([]byte{2, 0x60, 4, 0x7f, 0x7f, 0x7f, 0x7f, 1, 0x7f}, []byte{0x60, 0, 0}))
	imports := sec(2, cat([]byte{1}, str("wasi_snapshot_preview1"), str(name), []byte{0, 0}))
	funcs := sec(3, []byte{1, 1})
	exports := sec(7, cat([]byte{1}, str("_start"), []byte{0, 1}))
	body := []byte{0, 0x41, 1, 0x41, 0, 0x41, 1, 0x41, 0, 0x10, 0, 0x1a, 0x0b}
	code := sec(10, cat([]byte{1}, leb(len(body)), body))
	return cat([]byte("\x00asm\x01\x00\x00\x00"), types, imports, funcs, exports, code)
}

// TestAttack43a_NoMemoryHostPanicNamedTrap (attack pass 43a, row 3, low):
// `subakogo call` runs a module without a memory (lint stops at W022, call
// does not). Its first fd_write or poll_oneoff makes the host's own code
// (iovecListener's iovecErrno, pollErrno: mod.Memory().Read on a module
// whose Memory() is a nil pointer in a non-nil interface, as subakohttp's
// memory() comment says) panic, and the call is reported as the module's
// trap "runtime error: invalid memory address or nil pointer dereference
// (recovered by wazero)": a Go crash of the host's named as the module's
// fault. WASI answers a module without memory EFAULT-like errors, never a
// host panic; the verdict (the call fails) is right, the cause is not.
func TestAttack43a_NoMemoryHostPanicNamedTrap(t *testing.T) {
	for _, name := range []string{"fd_write", "poll_oneoff"} {
		t.Run(name, func(t *testing.T) {
			h, err := New(context.Background(), Options{CacheDir: t.TempDir(), Engine: EngineInterpreter})
			if err != nil {
				t.Fatal(err)
			}
			defer h.Close(context.Background())
			m := compile(t, h, attack43aNoMemory(name))
			s, err := h.start(context.Background(), m, RunConfig{Timeout: time.Second})
			if err != nil {
				t.Fatal(err)
			}
			r := s.wait()
			first, _, _ := strings.Cut(r.Trap, "\n")
			t.Logf("trap %q, exited %v", first, r.Exited)
			if strings.Contains(first, "nil pointer dereference") {
				t.Errorf("%s from a module without memory: the host's own nil-pointer panic (iovec.go, poll.go: mod.Memory().Read) is reported as the module's trap: %q", name, first)
			}
		})
	}
}

// attack43aReadvRun sends the readv module (testdata/attack43a/readv.c:
// fd_read of stdin with two iovecs, 64 bytes then 4,096, as wasi-libc's
// buffered stdio reads) one request line of exactly 64 bytes, the newline
// included, and waits up to a second of its time for the answer.
func attack43aReadvRun(t *testing.T, osPipe bool, lineLen int) (*Record, bool) {
	t.Helper()
	wasm, err := os.ReadFile("testdata/attack43a/readv.wasm")
	if err != nil {
		t.Fatal(err)
	}
	h, err := New(context.Background(), Options{CacheDir: t.TempDir(), Engine: EngineCompiler, Backstop: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close(context.Background())
	m := compile(t, h, wasm)
	m.WaitCompiled(context.Background())
	s, err := h.Start(context.Background(), m, RunConfig{Timeout: 3 * time.Second, OSPipe: osPipe})
	if err != nil {
		t.Fatal(err)
	}
	line := []byte(`{"jsonrpc":"2.0","id":1,"method":"ping","params":{"p":""}}`)
	pad := lineLen - 1 - len(line) // Send adds the newline
	line = append(append(append([]byte{}, line[:len(line)-3]...), strings.Repeat("x", pad)...), line[len(line)-3:]...)
	s.Send(line)
	_, ok := s.Answer(json.RawMessage(`1`), time.Second)
	return s.Wait(), ok
}

// TestAttack43a_ReadvFirstIovecExact (attack pass 43a, row 1): a read of
// stdin with two iovecs whose first is filled exactly by what was sent
// (a 64-byte request line into a 64-byte first iovec) blocks in the host:
// wazero's readv calls the stdin reader once per iovec, and the second
// call waits for more input, where a pipe's readv (Linux, wasmtime, what
// Subako runs) answers the 64 bytes at once. With the in-process pipe the
// host sees a module waiting for input with its request unanswered, closes
// stdin and judges it a module that reads to end of input
// (WaitedForInput, BreakWaitsForEOF: a wrong verdict on a module that
// answers promptly on a real pipe). With the OS pipe (the pause probe's)
// the second read blocks in the kernel where the session never counts it
// (stdinReadListener ran once, before the call): the module's time stops,
// the host waits for it on the wall clock, and the run ends Stalled at the
// backstop, "not judged" (exit 3): guesttime.go says the backstop is for a
// host stuck outside the guest, "which nothing the module does can cause".
// A 65-byte line (the control) is answered in both.
func TestAttack43a_ReadvFirstIovecExact(t *testing.T) {
	for _, osPipe := range []bool{false, true} {
		t.Run(map[bool]string{false: "memPipe", true: "osPipe"}[osPipe], func(t *testing.T) {
			if r, ok := attack43aReadvRun(t, osPipe, 65); !ok || r.Stalled || r.WaitedForInput {
				t.Fatalf("control, a 65-byte line: answered %v, stalled %v, waited for input %v", ok, r.Stalled, r.WaitedForInput)
			}
			r, ok := attack43aReadvRun(t, osPipe, 64)
			t.Logf("64-byte line: answered %v, waited for input %v, stalled %v, timed out %v, exited %v, own time %v, wall %v", ok, r.WaitedForInput, r.Stalled, r.TimedOut, r.Exited, r.Elapsed, r.Wall)
			if !ok || r.WaitedForInput || r.Stalled {
				t.Errorf("a request that fills the first of two iovecs exactly: answered %v, judged waiting for input %v, stalled (not judged) %v; a pipe's readv answers the bytes there, and the module answers at once", ok, r.WaitedForInput, r.Stalled)
			}
		})
	}
}
