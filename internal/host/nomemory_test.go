package host

import (
	"context"
	"strings"
	"testing"
	"time"
)

// attack43aNoMemory is a command with no memory at all whose _start calls
// the WASI import name (params i32 x4 -> i32) as name(1, 0, 1, 0), fd_write
// or poll_oneoff, and exits with the errno it answered (proc_exit).
func attack43aNoMemory(name string) []byte {
	types := wasmSection(1, joinBytes([]byte{3, 0x60, 4, 0x7f, 0x7f, 0x7f, 0x7f, 1, 0x7f}, []byte{0x60, 0, 0}, []byte{0x60, 1, 0x7f, 0}))
	imports := wasmSection(2, joinBytes([]byte{2}, wasmString("wasi_snapshot_preview1"), wasmString(name), []byte{0, 0},
		wasmString("wasi_snapshot_preview1"), wasmString("proc_exit"), []byte{0, 2}))
	funcs := wasmSection(3, []byte{1, 1})
	exports := wasmSection(7, joinBytes([]byte{1}, wasmString("_start"), []byte{0, 2}))
	body := []byte{0, 0x41, 1, 0x41, 0, 0x41, 1, 0x41, 0, 0x10, 0, 0x10, 1, 0x0b}
	code := wasmSection(10, joinBytes([]byte{1}, uleb(len(body)), body))
	return joinBytes([]byte("\x00asm\x01\x00\x00\x00"), types, imports, funcs, exports, code)
}

// TestAttack43a_NoMemoryHostPanicNamedTrap (attack pass 43a, row 3, low):
// `subakogo call` runs a module without a memory (lint stops at W022, call
// does not). Its first fd_write or poll_oneoff made the host's own code
// (iovecListener's iovecErrno, pollErrno: mod.Memory().Read on a module
// whose Memory() is a nil pointer in a non-nil interface, as subakohttp's
// memory() comment says) panic, and the call was reported as the module's
// trap "runtime error: invalid memory address or nil pointer dereference
// (recovered by wazero)": a Go crash of the host's named as the module's
// fault. Every address is outside a module without memory: the call
// answers EFAULT (WASI's "bad address"), which this module exits with.
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
			t.Logf("trap %q, exited %v with %d", first, r.Exited, r.ExitCode)
			if strings.Contains(first, "nil pointer dereference") {
				t.Errorf("%s from a module without memory: the host's own nil-pointer panic (iovec.go, poll.go: mod.Memory().Read) is reported as the module's trap: %q", name, first)
			}
			if !r.Exited || r.ExitCode != errnoFault {
				t.Errorf("%s from a module without memory: exited %v with %d, want the errno EFAULT (%d)", name, r.Exited, r.ExitCode, errnoFault)
			}
		})
	}
}

// attack43fNoMemory is a command with no memory whose _start calls the
// WASI import name with the given params (0x7f i32, 0x7e i64; result i32),
// every argument zero but the first (fd), then proc_exit with its errno.
func attack43fNoMemory(name string, fd byte, params ...byte) []byte {
	ft := joinBytes([]byte{0x60}, uleb(len(params)), params, []byte{1, 0x7f})
	types := wasmSection(1, joinBytes([]byte{3}, ft, []byte{0x60, 0, 0}, []byte{0x60, 1, 0x7f, 0}))
	imports := wasmSection(2, joinBytes([]byte{2}, wasmString("wasi_snapshot_preview1"), wasmString(name), []byte{0, 0},
		wasmString("wasi_snapshot_preview1"), wasmString("proc_exit"), []byte{0, 2}))
	funcs := wasmSection(3, []byte{1, 1})
	exports := wasmSection(7, joinBytes([]byte{1}, wasmString("_start"), []byte{0, 2}))
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
	code := wasmSection(10, joinBytes([]byte{1}, uleb(len(body)), body))
	return joinBytes([]byte("\x00asm\x01\x00\x00\x00"), types, imports, funcs, exports, code)
}

// TestAttack43f_NoMemoryCalls (attack pass 43f, row 2): a module without
// memory calling a WASI function wazero implements (clock_time_get,
// random_get, fd_fdstat_get, path_open ...) got a Go nil-pointer panic,
// reported as its trap; it runs with an empty memory now (withEmptyMemory)
// and every pointer it passes is outside it: EFAULT, or the errno the call
// finds first (EBADF for a descriptor that is not open).
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
		if r.Trap != "" || !r.Exited {
			t.Errorf("%s(%d) from a module without memory: trap %q, exited %v; want an errno (EFAULT) and the module's own exit", c.name, c.fd, first, r.Exited)
		}
	}
}
