package host

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"
)

// TestUndefinedArgsTrap (attack pass 44a, row 9): WASI calls whose flags
// carry a bit their type does not define (path_open's rights all ones,
// oflags 0x10, fdflags 0x20, lookupflags 0x2; fd_fdstat_set_flags 0x20;
// path_filestat_set_times' fstflags 0x10) succeeded on the host (errno 0,
// wazero ignored the bits), and calls with an enum value their type does
// not define (fd_advise advice 9, fd_seek whence 7, clock_time_get and
// clock_res_get clock 9) or an iovec or buffer outside memory answered an
// errno (EINVAL, ENOSYS, EFAULT). wasmtime, Subako's runtime, traps the
// module at each (wiggle: "Int conversion error", "Invalid enum value",
// "Pointer out of bounds"). A module that traps at its first file open on
// Subako passed every probe and call. Now each traps, and the trap says
// which call and which argument.
func TestUndefinedArgsTrap(t *testing.T) {
	h, err := New(context.Background(), Options{CacheDir: t.TempDir(), Engine: EngineInterpreter, Backstop: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close(context.Background())
	for _, c := range []struct{ module, id, what, trap string }{
		{"flags", "1", "path_open, rights ~0", "path_open: argument fs_rights_base (rights) is 0xffffffffffffffff, with bits 0xffffffffc0000000"},
		{"flags", "2", "path_open, oflags CREAT|0x10", "path_open: argument oflags (oflags) is 0x11, with bits 0x10"},
		{"flags", "3", "path_open, fdflags 0x20", "path_open: argument fdflags (fdflags) is 0x20"},
		{"flags", "4", "path_open, lookupflags 0x2", "path_open: argument dirflags (lookupflags) is 0x2"},
		{"flags", "5", "fd_fdstat_set_flags(1, 0x20)", "fd_fdstat_set_flags: argument flags (fdflags) is 0x20"},
		{"flags", "7", "path_filestat_set_times, fstflags 0x10", "path_filestat_set_times: argument fst_flags (fstflags) is 0x10"},
		{"enums", "1", "fd_advise, advice 9", "fd_advise: argument advice (advice) is 9"},
		{"enums", "2", "fd_seek, whence 7", "fd_seek: argument whence (whence) is 7"},
		{"enums", "3", "clock_time_get, clock 9", "clock_time_get: argument id (clockid) is 9"},
		{"enums", "4", "clock_res_get, clock 9", "clock_res_get: argument id (clockid) is 9"},
		{"enums", "6", "fd_write, iovecs at 0xfffffff0", "fd_write: argument 1, iovec 0 at 0xfffffff0, is outside memory"},
		{"enums", "7", "fd_write, a buffer at 0xfffffff0", "fd_write: argument 1, iovec 0's buffer of 16 bytes at 0xfffffff0, is outside memory"},
	} {
		r, ok, line := wasiArgsRun(t, h, c.module, c.id)
		first, _, _ := strings.Cut(r.Trap, "\n")
		t.Logf("%s: answered %v %s, trap %q", c.what, ok, line, first)
		if ok || !strings.Contains(first, "wasi_snapshot_preview1."+c.trap) {
			t.Errorf("%s: answered %v %s, trap %q; want the run to trap at the call, as wasmtime (Subako's runtime) does, with %q", c.what, ok, line, first, c.trap)
		}
	}
	// The controls: a subscription's undefined clock flag and an undefined
	// event type are in memory, not arguments, and EINVAL in both runtimes.
	for _, c := range []struct{ module, id, what, want string }{
		{"flags", "6", "poll_oneoff, subclockflags 0x2", `{"errno":28}`},
		{"enums", "5", "poll_oneoff, event type 7", `{"errno":28}`},
	} {
		r, ok, line := wasiArgsRun(t, h, c.module, c.id)
		if !ok || line != c.want || r.Trap != "" {
			t.Errorf("%s: answered %v %s, trap %q; want %s", c.what, ok, line, r.Trap, c.want)
		}
	}
}

func wasiArgsRun(t *testing.T, h *Host, module, id string) (*Record, bool, string) {
	t.Helper()
	wasm, err := os.ReadFile("testdata/attack44a/" + module + ".wasm")
	if err != nil {
		t.Fatal(err)
	}
	m := compile(t, h, wasm)
	s, err := h.Start(context.Background(), m, RunConfig{Timeout: 3 * time.Second, Mounts: Mounts{Volume: t.TempDir()}})
	if err != nil {
		t.Fatal(err)
	}
	s.Send([]byte(`{"jsonrpc":"2.0","id":` + id + `,"method":"ping"}`))
	l, ok := s.Answer(json.RawMessage(id), 3*time.Second)
	return s.Wait(), ok, string(l.Result)
}
