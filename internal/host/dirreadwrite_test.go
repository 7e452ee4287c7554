package host

import (
	"context"
	"strings"
	"testing"
)

// TestDirectoryReadWriteBadf: fd_read and fd_write of a directory (one the
// module opened, and the preopen) answer EBADF, as in Subako's runtime,
// which looks the descriptor up before any iovec and answers EBADF for
// every descriptor but a file and the streams (p1.rs at v39.0.1, fd_read
// and fd_write_impl: "_ => Err(Badf)"): [8 8 8 8 8], the last a read whose
// iovec array is outside memory. Attack pass 44d, row 7: the host answered
// wazero's EISDIR (31) for a read of a directory and a write of the
// preopen, and firstIovec took the directory the module opened for a file,
// so the iovecs outside memory trapped the module ("fd_read: argument 1,
// iovec 0 at 0x1fffc, is outside memory").
func TestDirectoryReadWriteBadf(t *testing.T) {
	got, r, ok := pingModule(t, "testdata/attack44d/dirread.wasm", RunConfig{Mounts: Mounts{Volume: t.TempDir()}})
	first, _, _ := strings.Cut(r.Trap, "\n")
	if !ok || got != `{"e":[8,8,8,8,8]}` {
		t.Errorf("fd_read/fd_write of a directory: answered %v %s, trap %q (exit %d); Subako's runtime: EBADF for each, [8,8,8,8,8]", ok, got, first, r.ExitCode)
	}
}

// TestDirAtFollowsRenumbers: the descriptors a read or write answers EBADF
// for as directories are the preopens and the directories the module
// opened, at the numbers fd_close and fd_renumber left them, and not a
// file opened at a number a directory had.
func TestDirAtFollowsRenumbers(t *testing.T) {
	s := &session{files: newRunFiles(&fileBudget{limit: 10})}
	s.files.preopened(2) // 0-2, and preopens at 3 and 4
	ctx := context.WithValue(context.Background(), sessionKey{}, s)
	call := func(name string, params ...uint64) {
		l := fdListener{name}
		l.Before(ctx, nil, nil, params, nil)
		l.After(ctx, nil, nil, []uint64{0})
	}
	s.files.add(9)            // fd_renumber moves onto an open descriptor only
	call("fd_renumber", 3, 9) // the first preopen moved to 9
	call("fd_close", 4)       // the second closed
	for fd, want := range map[uint32]bool{0: false, 1: false, 2: false, 3: false, 4: false, 9: true} {
		if got := s.dirAt(fd); got != want {
			t.Errorf("fd %d a directory: %v; want %v", fd, got, want)
		}
	}
	// path_open's result is read from memory; without a module, the
	// bookkeeping is what the listener's After does with the fd it read.
	s.files.add(5)
	s.files.dirs[5] = struct{}{}
	call("fd_renumber", 9, 5) // a directory onto a directory's number
	if !s.dirAt(5) || s.dirAt(9) {
		t.Errorf("after fd_renumber(9, 5): 5 a directory %v, 9 %v; want true, false", s.dirAt(5), s.dirAt(9))
	}
	s.files.add(6)
	call("fd_renumber", 6, 5) // a file onto it
	if s.dirAt(5) {
		t.Errorf("a file renumbered onto a directory's number is taken for a directory")
	}
}
