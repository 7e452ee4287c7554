package host

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/wasmbuild"
	"github.com/tetratelabs/wabin/wasm"
)

// fdModule imports path_open, fd_renumber and proc_exit besides fd_write,
// and runs body with one i32 local; "." is at address 0.
func fdModule(body []byte) []byte {
	i32, i64 := wasm.ValueTypeI32, wasm.ValueTypeI64
	w := wasmbuild.Command()
	w.TypeSection = append(w.TypeSection,
		&wasm.FunctionType{Params: []wasm.ValueType{i32, i32, i32, i32, i32, i64, i64, i32, i32}, Results: []wasm.ValueType{i32}},
		&wasm.FunctionType{Params: []wasm.ValueType{i32, i32}, Results: []wasm.ValueType{i32}},
		&wasm.FunctionType{Params: []wasm.ValueType{i32}})
	w.ImportSection = append(w.ImportSection,
		&wasm.Import{Type: wasm.ExternTypeFunc, Module: "wasi_snapshot_preview1", Name: "path_open", DescFunc: 2},
		&wasm.Import{Type: wasm.ExternTypeFunc, Module: "wasi_snapshot_preview1", Name: "fd_renumber", DescFunc: 3},
		&wasm.Import{Type: wasm.ExternTypeFunc, Module: "wasi_snapshot_preview1", Name: "proc_exit", DescFunc: 4})
	w.ExportSection[0].Index = 4
	w.NameSection.FunctionNames = wasm.NameMap{{Index: 4, Name: "start"}}
	w.CodeSection[0].LocalTypes = []wasm.ValueType{i32}
	w.CodeSection[0].Body = append([]byte{wasm.OpcodeI32Const, 0, wasm.OpcodeI32Const, '.', wasm.OpcodeI32Store8, 0, 0}, body...)
	return wasmbuild.Encode(w)
}

// openDot is path_open(3 = /volume/tmp, ".") with the new fd at 16; it
// leaves the errno.
var openDot = []byte{
	wasm.OpcodeI32Const, 3, wasm.OpcodeI32Const, 0, wasm.OpcodeI32Const, 0, wasm.OpcodeI32Const, 1, wasm.OpcodeI32Const, 2, // O_DIRECTORY
	wasm.OpcodeI64Const, 0, wasm.OpcodeI64Const, 0, wasm.OpcodeI32Const, 0, wasm.OpcodeI32Const, 16,
	wasm.OpcodeCall, 1,
}

// TestOpenFilesBounded: a module opening files in a loop (issue 22: 19,991
// from one call, and a concurrent call then failed) gets MaxOpenFiles of
// them and then EMFILE; it exits with that errno when the count is right.
// A host whose FileBudget is smaller answers ENFILE at its budget, and the
// record says so (FilesRefused: the host's budget, shared with other runs,
// not the module's own limit; attack pass 43i, row 3).
func TestOpenFilesBounded(t *testing.T) {
	body := openLoop()
	for _, c := range []struct {
		budget, want int
		errno        uint32
	}{
		{0, MaxOpenFiles, errnoMfile},
		{100, 100, errnoNfile},
	} {
		h, err := New(context.Background(), Options{CacheDir: "-", Engine: testEngine, FileBudget: c.budget})
		if err != nil {
			t.Fatal(err)
		}
		defer h.Close(context.Background())
		m := compile(t, h, fdModule(append(wantCount(c.want), body...)))
		s, err := h.start(context.Background(), m, RunConfig{Timeout: 10 * time.Second, Mounts: Mounts{Volume: t.TempDir()}})
		if err != nil {
			t.Fatal(err)
		}
		r := s.wait()
		if !r.Exited || r.ExitCode != c.errno {
			t.Errorf("budget %d: %+v, want exit %d after %d files", c.budget, r, c.errno, c.want)
		}
		if want := c.errno == errnoNfile; r.FilesRefused != want || r.HostRefused != "" {
			t.Errorf("budget %d: FilesRefused %v, HostRefused %q, want %v and none", c.budget, r.FilesRefused, r.HostRefused, want)
		}
		h.files.mu.Lock()
		if h.files.used != 0 {
			t.Errorf("budget %d: %d files still counted after the run", c.budget, h.files.used)
		}
		h.files.mu.Unlock()
	}
}

// wantCount stores at 12 the count of opens openLoop must reach.
func wantCount(n int) []byte {
	want := []byte{wasm.OpcodeI32Const, 12, wasm.OpcodeI32Const}
	for v := uint32(n); ; {
		b := byte(v & 0x7f)
		v >>= 7
		if v == 0 && b&0x40 == 0 {
			want = append(want, b)
			break
		}
		if v == 0 {
			want = append(want, b|0x80, 0)
			break
		}
		want = append(want, b|0x80)
	}
	return append(want, wasm.OpcodeI32Store, 2, 0)
}

// openLoop opens "." until an open fails (at most 20,000 tries), then exits
// with the errno when the count at 8 is the one at 12, else with 1.
func openLoop() []byte {
	body := append([]byte{wasm.OpcodeLoop, 0x40}, openDot...)
	body = append(body,
		wasm.OpcodeLocalTee, 0, wasm.OpcodeI32Eqz, wasm.OpcodeIf, 0x40,
		// count at 8, up to 20,000 tries
		wasm.OpcodeI32Const, 8, wasm.OpcodeI32Const, 8, wasm.OpcodeI32Load, 2, 0, wasm.OpcodeI32Const, 1, wasm.OpcodeI32Add, wasm.OpcodeI32Store, 2, 0,
		wasm.OpcodeI32Const, 8, wasm.OpcodeI32Load, 2, 0, wasm.OpcodeI32Const, 0xa0, 0x9c, 0x01, wasm.OpcodeI32LtU, wasm.OpcodeBrIf, 1,
		wasm.OpcodeEnd,
		wasm.OpcodeEnd,
		// exit(errno) when count == want (at 12), else exit(1)
		wasm.OpcodeI32Const, 8, wasm.OpcodeI32Load, 2, 0, wasm.OpcodeI32Const, 12, wasm.OpcodeI32Load, 2, 0, wasm.OpcodeI32Eq,
		wasm.OpcodeIf, 0x40, wasm.OpcodeLocalGet, 0, wasm.OpcodeCall, 3, wasm.OpcodeEnd,
		wasm.OpcodeI32Const, 1, wasm.OpcodeCall, 3,
		wasm.OpcodeEnd)
	return body
}

// TestRenumberBounded: fd_renumber to 2^31-1 (issue 22: it grew the
// host's descriptor table to 334 MB) is EBADF and costs nothing; within
// MaxFD onto a number not open it is EBADF too, as in Subako's runtime,
// and onto an open one (the file itself, at 4) it works.
func TestRenumberBounded(t *testing.T) {
	h := newHost(t)
	renumber := func(to []byte) []byte {
		body := append(append([]byte{}, openDot...), wasm.OpcodeDrop,
			wasm.OpcodeI32Const, 16, wasm.OpcodeI32Load, 2, 0, wasm.OpcodeI32Const)
		body = append(append(body, to...), wasm.OpcodeCall, 2, wasm.OpcodeCall, 3, wasm.OpcodeEnd)
		return fdModule(body)
	}
	for _, c := range []struct {
		name  string
		to    []byte
		errno uint32
	}{
		{"2^31-1", []byte{0xff, 0xff, 0xff, 0xff, 0x07}, errnoBadf},
		{"MaxFD", []byte{0x80, 0x20}, errnoBadf},
		{"100, not open", []byte{0xe4, 0x00}, errnoBadf},
		{"4, itself", []byte{0x04}, 0},
	} {
		m := compile(t, h, renumber(c.to))
		var r *Record
		n := allocated(func() {
			s, err := h.start(context.Background(), m, RunConfig{Timeout: 10 * time.Second, Mounts: Mounts{Volume: t.TempDir()}})
			if err != nil {
				t.Fatal(err)
			}
			r = s.wait()
		})
		if !r.Exited || r.ExitCode != c.errno {
			t.Errorf("renumber to %s: %+v, want exit %d", c.name, r, c.errno)
		}
		if n > 32<<20 {
			t.Errorf("renumber to %s allocated %d MiB", c.name, n>>20)
		}
	}
}

// TestSkillsBounded: a skills directory with more than MaxSkills skills
// is a set-up error, not a preopen table of any size.
func TestSkillsBounded(t *testing.T) {
	dir := t.TempDir()
	for i := range MaxSkills + 1 {
		if err := os.Mkdir(filepath.Join(dir, fmt.Sprintf("s%03d", i)), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	_, err := Mounts{Skills: dir}.open(nil, nil, nil)
	if err == nil || !strings.Contains(err.Error(), "over the 256 a run preopens") {
		t.Errorf("%d skills: %v", MaxSkills+1, err)
	}
	if err := os.Remove(filepath.Join(dir, "s000")); err != nil {
		t.Fatal(err)
	}
	mounts, err := Mounts{Skills: dir}.open(nil, nil, nil)
	if err != nil || len(mounts) != MaxSkills+1 {
		t.Errorf("%d skills: %d mounts, %v", MaxSkills, len(mounts), err)
	}
	closeMounts(mounts)
}

// errnoExitModule is a command whose _start calls the WASI function name
// (fd_prestat_get or fd_prestat_dir_name) with fd and address 0 (for a
// name, 11 bytes, the length of "/volume/tmp"), and exits with the errno
// it answers.
func errnoExitModule(name string, fd int32) []byte {
	w := wasmbuild.Command()
	i32 := wasm.ValueTypeI32
	w.TypeSection = append(w.TypeSection,
		&wasm.FunctionType{Params: []wasm.ValueType{i32}},
		&wasm.FunctionType{Params: []wasm.ValueType{i32, i32}, Results: []wasm.ValueType{i32}},
		&wasm.FunctionType{Params: []wasm.ValueType{i32, i32, i32}, Results: []wasm.ValueType{i32}})
	typ, args := wasm.Index(3), []byte{wasm.OpcodeI32Const, 0}
	if name == "fd_prestat_dir_name" {
		typ, args = 4, []byte{wasm.OpcodeI32Const, 0, wasm.OpcodeI32Const, 11}
	}
	w.ImportSection = []*wasm.Import{
		{Type: wasm.ExternTypeFunc, Module: "wasi_snapshot_preview1", Name: "proc_exit", DescFunc: 2},
		{Type: wasm.ExternTypeFunc, Module: "wasi_snapshot_preview1", Name: name, DescFunc: typ},
	}
	w.ExportSection[0].Index = 2
	w.NameSection = nil
	body := append(append([]byte{wasm.OpcodeI32Const}, sleb(fd)...), args...)
	w.CodeSection[0].Body = append(body, wasm.OpcodeCall, 1, wasm.OpcodeCall, 0, wasm.OpcodeEnd)
	return wasmbuild.Encode(w)
}

// TestPrestatOfStdio (attack pass 41b, row 3): fd_prestat_get and
// fd_prestat_dir_name describe preopened directories only: for stdin,
// stdout and stderr they answer EBADF and ENOTDIR, as wasmtime does
// (attack pass 49c, row 3; EBADF both for a descriptor past the
// preopens), where wazero answered success with an empty name. The first preopen (fd 3, /volume/tmp in a call) still
// answers.
func TestPrestatOfStdio(t *testing.T) {
	h := newHost(t)
	volume := t.TempDir()
	for name, wants := range map[string][]uint32{
		"fd_prestat_get":      {errnoBadf, errnoBadf, errnoBadf, errnoSuccess, errnoBadf},
		"fd_prestat_dir_name": {errnoNotdir, errnoNotdir, errnoNotdir, errnoSuccess, errnoBadf},
	} {
		for fd, want := range wants {
			m := compile(t, h, errnoExitModule(name, int32(fd)))
			s, err := h.start(context.Background(), m, RunConfig{Mounts: Mounts{Volume: volume}, Timeout: 2 * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			if r := s.wait(); !r.Exited || r.ExitCode != want {
				t.Errorf("%s(%d): exited %v with %d (trap %q), want errno %d", name, fd, r.Exited, r.ExitCode, r.Trap, want)
			}
		}
	}
}

// TestProcExitReservedCodes (attack pass 41b, row 2): a module's own
// proc_exit(0xFFFFFFFF) or proc_exit(0xFFFFFFFE), the two codes wazero
// also closes a module with when its context is cancelled or past its
// deadline, is not taken for the host's cancellation ("trapped: module
// closed with context canceled", P011): it is the module's, a trap of an
// exit status of 126 or more as wasmtime (Subako's runtime) has it (attack
// pass 44a, row 11: it was an exit with that status), and a status below
// 126 an exit (P009 protocol-exit); a run the host stops is still out of
// time.
func TestProcExitReservedCodes(t *testing.T) {
	h := newHost(t)
	for _, code := range []uint32{3, 125, 126, 0xFFFFFFFE, 0xFFFFFFFF} {
		w := wasmbuild.Command()
		w.TypeSection = append(w.TypeSection, &wasm.FunctionType{Params: []wasm.ValueType{wasm.ValueTypeI32}})
		w.ImportSection = []*wasm.Import{{Type: wasm.ExternTypeFunc, Module: "wasi_snapshot_preview1", Name: "proc_exit", DescFunc: 2}}
		w.ExportSection[0].Index = 1
		w.NameSection = nil
		w.CodeSection[0].Body = append(append([]byte{wasm.OpcodeI32Const}, sleb(int32(code))...), wasm.OpcodeCall, 0, wasm.OpcodeEnd)
		m := compile(t, h, wasmbuild.Encode(w))
		call := h.Call(context.Background(), m, "any", nil, CallConfig{Timeout: 2 * time.Second})
		var kinds []BreakKind
		for _, b := range call.Record.Breaks() {
			kinds = append(kinds, b.Kind)
		}
		r := call.Record
		if code >= MaxExitStatus {
			if r.Exited || !strings.HasPrefix(r.Trap, fmt.Sprintf("proc_exit(%d): an exit status of 126 or more", code)) {
				t.Errorf("proc_exit(%#x): exited %v with %#x, trap %q; want a trap of the status", code, r.Exited, r.ExitCode, r.Trap)
			}
			if !slices.Contains(kinds, BreakTrap) || slices.Contains(kinds, BreakExitCode) {
				t.Errorf("proc_exit(%#x): breaks %v, want %s and no %s", code, kinds, BreakTrap, BreakExitCode)
			}
			continue
		}
		if !r.Exited || r.ExitCode != code || r.Trap != "" {
			t.Errorf("proc_exit(%#x): exited %v with %#x, trap %q", code, r.Exited, r.ExitCode, r.Trap)
		}
		if !slices.Contains(kinds, BreakExitCode) || slices.Contains(kinds, BreakTrap) {
			t.Errorf("proc_exit(%#x): breaks %v, want %s and no %s", code, kinds, BreakExitCode, BreakTrap)
		}
	}
	w := wasmbuild.Command()
	w.CodeSection[0].Body = []byte{wasm.OpcodeLoop, 0x40, wasm.OpcodeBr, 0, wasm.OpcodeEnd, wasm.OpcodeEnd}
	loop := compile(t, h, wasmbuild.Encode(w))
	s, err := h.start(context.Background(), loop, RunConfig{Timeout: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if r := s.wait(); !r.TimedOut || r.Exited || r.Trap != "" {
		t.Errorf("a loop stopped by the host: %+v", r)
	}
	ctx, cancel := context.WithCancel(context.Background())
	s, err = h.start(ctx, loop, RunConfig{Timeout: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	cancel()
	if r := s.wait(); !r.Interrupted || r.Exited || r.Trap != "" {
		t.Errorf("a loop whose caller's context ended: %+v", r)
	}
}
