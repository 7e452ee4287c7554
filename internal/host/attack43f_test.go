package host

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"
)

// attack43fNoMemory is a command with no memory whose _start calls the
// WASI import name with the given params (0x7f i32, 0x7e i64; result i32),
// every argument zero but the first (fd), then proc_exit with its errno.
func attack43fNoMemory(name string, fd byte, params ...byte) []byte {
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
	ft := cat([]byte{0x60}, leb(len(params)), params, []byte{1, 0x7f})
	types := sec(1, cat([]byte{3}, ft, []byte{0x60, 0, 0}, []byte{0x60, 1, 0x7f, 0}))
	imports := sec(2, cat([]byte{2}, str("wasi_snapshot_preview1"), str(name), []byte{0, 0},
		str("wasi_snapshot_preview1"), str("proc_exit"), []byte{0, 2}))
	funcs := sec(3, []byte{1, 1})
	exports := sec(7, cat([]byte{1}, str("_start"), []byte{0, 2}))
	body := []byte{0}
	for i, p := range params {
		v := byte(0)
		if i == 0 {
			v = fd
		}
		if p == 0x7e {
			body = append(body, 0x42, v)
		} else {
			body = append(body, 0x41, v)
		}
	}
	body = append(body, 0x10, 0, 0x10, 1, 0x0b)
	code := sec(10, cat([]byte{1}, leb(len(body)), body))
	return cat([]byte("\x00asm\x01\x00\x00\x00"), types, imports, funcs, exports, code)
}

func TestAttack43f_NoMemoryCalls(t *testing.T) {
	const i, l = 0x7f, 0x7e
	cases := []struct {
		name   string
		fd     byte
		params []byte
	}{
		{"fd_read", 0, []byte{i, i, i, i}},
		{"fd_read", 3, []byte{i, i, i, i}},
		{"fd_pread", 3, []byte{i, i, i, l, i}},
		{"fd_pwrite", 3, []byte{i, i, i, l, i}},
		{"fd_readdir", 3, []byte{i, i, i, l, i}},
		{"fd_fdstat_get", 0, []byte{i, i}},
		{"fd_filestat_get", 3, []byte{i, i}},
		{"fd_prestat_get", 3, []byte{i, i}},
		{"fd_prestat_dir_name", 3, []byte{i, i, i}},
		{"path_open", 3, []byte{i, i, i, i, i, l, l, i, i}},
		{"path_filestat_get", 3, []byte{i, i, i, i, i}},
		{"path_create_directory", 3, []byte{i, i, i}},
		{"path_unlink_file", 3, []byte{i, i, i}},
		{"path_rename", 3, []byte{i, i, i, i, i, i}},
		{"path_readlink", 3, []byte{i, i, i, i, i, i}},
		{"clock_time_get", 0, []byte{i, l, i}},
		{"clock_res_get", 0, []byte{i, i}},
		{"random_get", 0, []byte{i, i}},
		{"args_sizes_get", 0, []byte{i, i}},
		{"environ_get", 0, []byte{i, i}},
		{"fd_seek", 3, []byte{i, l, i, i}},
		{"fd_tell", 3, []byte{i, i}},
		{"sock_recv", 0, []byte{i, i, i, i, i, i}},
		{"sock_send", 1, []byte{i, i, i, i, i}},
		{"sock_accept", 3, []byte{i, i, i}},
		{"fd_renumber", 3, []byte{i, i}},
	}
	h, err := New(context.Background(), Options{CacheDir: t.TempDir(), Engine: EngineInterpreter})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close(context.Background())
	for _, c := range cases {
		m, err := h.Compile(context.Background(), attack43fNoMemory(c.name, c.fd, c.params...))
		if err != nil {
			t.Logf("%s: compile: %v", c.name, err)
			continue
		}
		s, err := h.start(context.Background(), m, RunConfig{Timeout: time.Second})
		if err != nil {
			t.Logf("%s: start: %v", c.name, err)
			continue
		}
		r := s.wait()
		first, _, _ := strings.Cut(r.Trap, "\n")
		t.Logf("%s(%d): trap %q, exited %v with %d", c.name, c.fd, first, r.Exited, r.ExitCode)
		if strings.Contains(r.Trap, "nil pointer") || strings.Contains(r.Trap, "runtime error") {
			t.Errorf("%s(%d) from a module without memory: a Go runtime error reported as the module's trap: %q", c.name, c.fd, first)
		}
	}
}

// TestAttack43f_ReadOfClosedStdinWaits (attack pass 43f): a module that
// closed stdin (fd_close(0)) and reads fd 0 gets EBADF at once from wazero
// and from a real runtime, but the host's iovec listener still takes fd 0
// for stdin (beforeStdinReadv: only a file opened at 0 is told apart):
// with two iovecs on the in-process pipe, and with any read on the OS pipe
// (the pause probe's), the read first waits for input as a read of an
// empty stdin does. The host sees a module waiting for input with its
// request unanswered, closes stdin and judges it one that reads to end of
// input (WaitedForInput), though it answers at once on a real runtime.
func TestAttack43f_ReadOfClosedStdinWaits(t *testing.T) {
	for _, c := range []struct {
		name string
		os   bool
	}{{"closed1", false}, {"closed2", false}, {"closed1", true}, {"closed2", true}, {"badiov1", false}, {"badiov2", false}, {"badiov1", true}, {"badiov2", true}} {
		t.Run(fmt.Sprintf("%s-ospipe=%v", c.name, c.os), func(t *testing.T) {
			wasm, err := os.ReadFile("testdata/attack43f/" + c.name + ".wasm")
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
			s, err := h.Start(context.Background(), m, RunConfig{Timeout: 3 * time.Second, OSPipe: c.os})
			if err != nil {
				t.Fatal(err)
			}
			s.Send([]byte(`{"jsonrpc":"2.0","id":1,"method":"ping"}`))
			l, ok := s.Answer(json.RawMessage(`1`), time.Second)
			r := s.Wait()
			t.Logf("answered %v %s; exited %v %d, lines %d; WaitedForInput %v, Stalled %v, module time %v", ok, l.Result, r.Exited, r.ExitCode, len(r.Lines), r.WaitedForInput, r.Stalled, r.Elapsed)
			if !ok || r.WaitedForInput || r.Stalled {
				t.Errorf("a read of a closed fd 0 waited for input (answered %v, WaitedForInput %v, Stalled %v): EBADF at once on a real runtime", ok, r.WaitedForInput, r.Stalled)
			}
		})
	}
}

// TestAttack43f_StdinFileType (attack pass 43f): the file type a module
// reads of its stdin (fd_fdstat_get) tells the linter's in-process pipe
// from a real pipe: see attack/README-43f.md. Every run but the pause
// probe's (discovery, calls, the other probes) must show what a pipe shows.
func TestAttack43f_StdinFileType(t *testing.T) {
	wasm, err := os.ReadFile("testdata/attack43f/filetype.wasm")
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
	got := map[bool]string{}
	for _, osPipe := range []bool{false, true} {
		s, err := h.Start(context.Background(), m, RunConfig{Timeout: 3 * time.Second, OSPipe: osPipe})
		if err != nil {
			t.Fatal(err)
		}
		s.Send([]byte(`{"jsonrpc":"2.0","id":1,"method":"ping"}`))
		l, ok := s.Answer(json.RawMessage(`1`), time.Second)
		s.Wait()
		if !ok {
			t.Fatalf("OS pipe %v: no answer", osPipe)
		}
		got[osPipe] = string(l.Result)
		t.Logf("OS pipe %v: stdin, stdout, stderr file types %s", osPipe, l.Result)
	}
	if got[false] != got[true] {
		t.Errorf("the in-process pipe shows the module %s, the OS pipe %s: a module tells the linter's runs (discovery, calls, probes) from a real pipe's", got[false], got[true])
	}
}

// TestAttack43f_NonblockingStdinCheck (attack pass 43f): a server that made
// stdin non-blocking and, with its request read, reads stdin once more
// without waiting (a check for a cancellation while it works) gets EAGAIN
// on a real pipe and answers. See attack/README-43f.md.
func TestAttack43f_NonblockingStdinCheck(t *testing.T) {
	wasm, err := os.ReadFile("testdata/attack43f/nbcheck.wasm")
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
	for _, osPipe := range []bool{false, true} {
		s, err := h.Start(context.Background(), m, RunConfig{Timeout: 3 * time.Second, OSPipe: osPipe})
		if err != nil {
			t.Fatal(err)
		}
		s.Send([]byte(`{"jsonrpc":"2.0","id":1,"method":"ping"}`))
		l, ok := s.Answer(json.RawMessage(`1`), time.Second)
		r := s.Wait()
		t.Logf("OS pipe %v: answered %v %s, WaitedForInput %v, lines %q", osPipe, ok, l.Result, r.WaitedForInput, r.Lines[0].Text)
		if !ok || r.WaitedForInput {
			t.Errorf("OS pipe %v: a non-blocking read of an empty stdin waited for input (answered %v, WaitedForInput %v): EAGAIN on a real pipe", osPipe, ok, r.WaitedForInput)
		}
	}
}

// TestAttack43f_BigLineRecord (attack pass 43f): one stdout line of just
// under 1 MiB whose members hold many tiny JSON values: what the record
// holds of it must stay within the documented 16 bytes of heap a byte
// (docs/serve-limits.md), and the run answer at once.
func TestAttack43f_BigLineRecord(t *testing.T) { // not parallel: measures the heap
	h := newHost(t)
	for _, name := range []string{"bigline", "bigobj", "bignest", "bigkeys"} {
		t.Run(name, func(t *testing.T) {
			wasm, err := os.ReadFile("testdata/attack43f/" + name + ".wasm")
			if err != nil {
				t.Fatal(err)
			}
			m := compile(t, h, wasm)
			m.WaitCompiled(context.Background())
			runtime.GC()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			s, err := h.start(context.Background(), m, RunConfig{Timeout: 2 * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			r := s.wait()
			for i := range r.Lines {
				if !r.Lines[i].decoded {
					r.Lines[i].decode()
				}
			}
			_ = r.Breaks()
			runtime.GC()
			runtime.ReadMemStats(&after)
			held := int64(after.HeapAlloc) - int64(before.HeapAlloc)
			t.Logf("stdout %d bytes, %d lines; the record holds %d KiB of heap, %d MiB allocated, module time %v", r.StdoutBytes, len(r.Lines), held>>10, (after.TotalAlloc-before.TotalAlloc)>>20, r.Elapsed)
			if held > 16*r.StdoutBytes {
				t.Errorf("%s: the record of %d bytes of stdout holds %d MiB of the host's heap, over 16 a byte", name, r.StdoutBytes, held>>20)
			}
			runtime.KeepAlive(r)
		})
	}
}
