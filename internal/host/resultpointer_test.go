package host

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestResultPointerOutsideMemoryTraps: a WASI call whose pointer, here
// clock_time_get's result, is outside memory traps the module, as Subako's
// runtime (wasmtime's preview 1, wiggle's "Pointer out of bounds") does.
// Attack pass 44d, row 5: the host answered EFAULT (21) and the module went
// on to answer its request ({"e":21}); measured with wasmtimerun: a trap
// at the call, "In func wasi_snapshot_preview1::clock_time_get at write
// timestamp: Pointer out of bounds".
func TestResultPointerOutsideMemoryTraps(t *testing.T) {
	got, r, ok := pingModule(t, "testdata/attack44d/oob.wasm", RunConfig{})
	first, _, _ := strings.Cut(r.Trap, "\n")
	if ok || !strings.Contains(first, "clock_time_get: argument result time, 8 bytes at") {
		t.Errorf("clock_time_get with its result's pointer outside memory: answered %v %s, trap %q; want a trap at the call naming its result", ok, got, first)
	}
}

// TestPointerOutsideMemoryTrapsEveryCall: the pointers of host.wasiArgs
// trap the module once the call comes to them, results and arguments
// alike, as wasmtime's wiggle traps at memory.read and memory.write; a call
// that fails before (a descriptor not open, a name not there) answers its
// errno as in both runtimes. Attack pass 44d, row 5: each answered EFAULT
// and the module went on.
func TestPointerOutsideMemoryTrapsEveryCall(t *testing.T) {
	const end = 65536 // the module's memory: one page
	h, err := New(context.Background(), Options{CacheDir: t.TempDir(), Engine: EngineInterpreter, Backstop: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close(context.Background())
	i32 := func(v int64) wasmArg44d { return wasmArg44d{0x7f, v} }
	i64 := func(v int64) wasmArg44d { return wasmArg44d{0x7e, v} }
	for _, c := range []struct {
		name string
		args []wasmArg44d
		trap string // "" for the errno exit
		exit uint32
	}{
		{"clock_time_get", []wasmArg44d{i32(1), i64(1), i32(end - 4)}, "clock_time_get: argument result time", 0},
		{"clock_res_get", []wasmArg44d{i32(1), i32(end)}, "clock_res_get: argument result resolution", 0},
		{"fd_fdstat_get", []wasmArg44d{i32(1), i32(end - 8)}, "fd_fdstat_get: argument result fdstat", 0},
		{"fd_filestat_get", []wasmArg44d{i32(3), i32(end - 8)}, "fd_filestat_get: argument result filestat", 0},
		{"random_get", []wasmArg44d{i32(end - 8), i32(16)}, "random_get: argument buf", 0},
		{"args_sizes_get", []wasmArg44d{i32(end - 2), i32(0)}, "args_sizes_get: argument result argc", 0},
		{"fd_prestat_get", []wasmArg44d{i32(3), i32(end - 4)}, "fd_prestat_get: argument result prestat", 0},
		// path_open of "." (at 16), its fd result at the end of memory.
		{"path_open", []wasmArg44d{i32(3), i32(0), i32(16), i32(1), i32(0), i64(0), i64(0), i32(0), i32(end - 2)}, "path_open: argument result fd", 0},
		// path_open of "x" (at 20), not there: ENOENT before the result.
		{"path_open", []wasmArg44d{i32(3), i32(0), i32(20), i32(1), i32(0), i64(0), i64(0), i32(0), i32(end - 2)}, "", 44},
		// A path outside memory.
		{"path_create_directory", []wasmArg44d{i32(3), i32(end - 1), i32(4)}, "path_create_directory: argument path", 0},
		// fd 99 is not open: EBADF before the result.
		{"fd_fdstat_get", []wasmArg44d{i32(99), i32(end)}, "", 8},
	} {
		m := compile(t, h, callModule44d(c.name, c.args))
		s, err := h.start(context.Background(), m, RunConfig{Timeout: 3 * time.Second, Mounts: Mounts{Volume: t.TempDir()}})
		if err != nil {
			t.Fatal(err)
		}
		r := s.wait()
		first, _, _ := strings.Cut(r.Trap, "\n")
		switch {
		case c.trap != "" && !strings.Contains(first, "wasi_snapshot_preview1."+c.trap):
			t.Errorf("%s%v: trap %q, exit %d; want a trap at the call with %q", c.name, c.args, first, r.ExitCode, c.trap)
		case c.trap == "" && (r.Trap != "" || r.ExitCode != c.exit):
			t.Errorf("%s%v: trap %q, exit %d; want errno %d, no trap", c.name, c.args, first, r.ExitCode, c.exit)
		}
	}
}

// wasmArg44d is one argument of callModule44d's call: its type (0x7f i32,
// 0x7e i64) and value.
type wasmArg44d struct {
	typ byte
	v   int64
}

// callModule44d is a command with one page of memory ("." at 16, "x" at
// 20) whose _start calls the WASI import name with args, then proc_exit
// with its errno.
func callModule44d(name string, args []wasmArg44d) []byte {
	sleb := func(n int64) []byte {
		var b []byte
		for {
			c := byte(n & 0x7f)
			n >>= 7
			if (n == 0 && c&0x40 == 0) || (n == -1 && c&0x40 != 0) {
				return append(b, c)
			}
			b = append(b, c|0x80)
		}
	}
	var params []byte
	for _, a := range args {
		params = append(params, a.typ)
	}
	ft := joinBytes([]byte{0x60}, uleb(len(params)), params, []byte{1, 0x7f})
	types := wasmSection(1, joinBytes([]byte{3}, ft, []byte{0x60, 0, 0}, []byte{0x60, 1, 0x7f, 0}))
	imports := wasmSection(2, joinBytes([]byte{2}, wasmString("wasi_snapshot_preview1"), wasmString(name), []byte{0, 0},
		wasmString("wasi_snapshot_preview1"), wasmString("proc_exit"), []byte{0, 2}))
	funcs := wasmSection(3, []byte{1, 1})
	mems := wasmSection(5, []byte{1, 0, 1})
	exports := wasmSection(7, joinBytes([]byte{2}, wasmString("_start"), []byte{0, 2}, wasmString("memory"), []byte{2, 0}))
	body := []byte{0}
	for _, a := range args {
		if a.typ == 0x7e {
			body = append(body, 0x42)
		} else {
			body = append(body, 0x41)
		}
		body = append(body, sleb(a.v)...)
	}
	body = append(body, 0x10, 0, 0x10, 1, 0x0b)
	code := wasmSection(10, joinBytes([]byte{1}, uleb(len(body)), body))
	data := wasmSection(11, joinBytes([]byte{2}, []byte{0, 0x41, 16, 0x0b}, wasmString("."), []byte{0, 0x41, 20, 0x0b}, wasmString("x")))
	return joinBytes([]byte("\x00asm\x01\x00\x00\x00"), types, imports, funcs, mems, exports, code, data)
}
