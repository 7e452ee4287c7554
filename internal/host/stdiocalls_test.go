package host

import (
	"strings"
	"testing"
)

// TestStdioSeekAnswersAsPipe: fd_seek and fd_tell of stdin, stdout and
// stderr answer ESPIPE (70), as wasmtime's preview 1 (what Subako runs)
// and lseek on a pipe do, on the host's in-process pipe and its OS pipe
// alike. attack pass 44a, row 6: they answered ENOSYS (52) in-process and
// EIO (29) for stdin on the OS pipe (the pause probe's): a module could
// tell the host from Subako, and the pause probe from the other runs.
func TestStdioSeekAnswersAsPipe(t *testing.T) {
	const want = `{"seek":[70,70,70],"tell":[70,70,70]}`
	for _, osPipe := range []bool{false, true} {
		got, _, ok := pingModule(t, "testdata/attack44a/stdioseek.wasm", RunConfig{OSPipe: osPipe})
		if !ok || got != want {
			t.Errorf("OS pipe %v: fd_seek/fd_tell of stdin, stdout, stderr answered %v %s; want ESPIPE for each, as wasmtime: %s", osPipe, ok, got, want)
		}
	}
}

// TestStdioCallsAnswerAsWasmtime: fd_pread, fd_pwrite, fd_advise, fd_sync,
// fd_datasync, fd_filestat_set_size, fd_readdir and path_open relative to
// fds 0-2 answer what wasmtime answered (stdiotell-notimes.wasm, run by
// subako/testdata/wasmtimerun): EBADF, but ESPIPE for a positioned read
// of stdin or write of stdout and stderr; fd_fdstat_get gives rights
// FD_READ (stdin) and FD_WRITE (stdout, stderr), base and inheriting; on
// both pipes. attack pass 44a, row 6: in-process
// "fd0:8,0,0,0,0,52,-1,28,54,0 rights 8e001ff 0", on the OS pipe
// "fd0:29,0,0,28,28,28,...": success for fd_sync and an empty fd_pwrite
// to stdin, ENOTDIR for path_open, and every right of a file.
func TestStdioCallsAnswerAsWasmtime(t *testing.T) {
	const wasmtime = `{"e":"fd0:70,8,8,8,8,8,-1,8,8,0 rights 2 2; fd1:8,70,8,8,8,8,-1,8,8,0 rights 40 40; fd2:8,70,8,8,8,8,-1,8,8,0 rights 40 40; "}`
	for _, osPipe := range []bool{false, true} {
		got, _, ok := pingModule(t, "testdata/attack44a/stdiotell-notimes.wasm", RunConfig{OSPipe: osPipe})
		if !ok || got != wasmtime {
			t.Errorf("OS pipe %v: calls on fds 0-2 answered %v %s; want what wasmtime answers: %s", osPipe, ok, got, wasmtime)
		}
	}
}

// TestSockCallsOnNonSocket: sock_accept on the preopen (fd 3) and
// sock_shutdown on stdout answer ENOTSOCK (57), as wasmtime answers
// ("sock 57 57", misc.wasm with /volume/tmp preopened). attack pass 44a,
// row 6: the host answered EBADF (8), as for a descriptor never opened.
func TestSockCallsOnNonSocket(t *testing.T) {
	got, _, ok := pingModule(t, "testdata/attack44a/misc.wasm", RunConfig{Mounts: Mounts{Volume: t.TempDir()}})
	if !ok || !strings.Contains(got, "sock 57 57;") {
		t.Errorf("sock_accept(3), sock_shutdown(1): answered %v %s; want ENOTSOCK for both, as wasmtime answers (\"sock 57 57\")", ok, got)
	}
}

// TestStdioSetTimesAnswersBadf: fd_filestat_set_times on stdin, stdout
// and stderr answers EBADF, as wasmtime does (stdiotell.wasm), and the
// module answers. attack pass 44a, row 8: wazero's fdFilestatSetTimesFn
// fell back to the stream's FS, nil, and its nil-pointer panic was
// reported as the module's trap, the host's Go stack in the record.
func TestStdioSetTimesAnswersBadf(t *testing.T) {
	const wasmtime = `{"e":"fd0:70,8,8,8,8,8,8,8,8,0 rights 2 2; fd1:8,70,8,8,8,8,8,8,8,0 rights 40 40; fd2:8,70,8,8,8,8,8,8,8,0 rights 40 40; "}`
	for _, osPipe := range []bool{false, true} {
		got, r, ok := pingModule(t, "testdata/attack44a/stdiotell.wasm", RunConfig{OSPipe: osPipe})
		first, _, _ := strings.Cut(r.Trap, "\n")
		if !ok || got != wasmtime || r.Trap != "" {
			t.Errorf("OS pipe %v: fd_filestat_set_times on the standard streams: answered %v %s, trap %q; want the module's answer with EBADF, as wasmtime: %s", osPipe, ok, got, first, wasmtime)
		}
	}
}

// TestStreamCallsAnswerAsWasmtime: the rest of streamAnswers, each call
// answering what wasmtime answered (testdata/streams/streamcalls.wasm, run
// by subako/testdata/wasmtimerun): the socket calls on stdout ENOTSOCK, on
// a descriptor never opened EBADF; path calls relative to a stream, a read
// of stdout, a write of stdin, fd_fdstat_set_rights, fd_allocate and
// fd_filestat_set_times of stdout EBADF; fd_seek of stderr ESPIPE, and
// EBADF once it is closed, and then sock_shutdown of it EBADF too.
func TestStreamCallsAnswerAsWasmtime(t *testing.T) {
	const wasmtime = `{"e":"57,57,57,8,8,8,8,8,8,8,8,8,8,8,8,8,70,0,8,8,"}`
	for _, osPipe := range []bool{false, true} {
		got, r, ok := pingModule(t, "testdata/streams/streamcalls.wasm", RunConfig{OSPipe: osPipe})
		first, _, _ := strings.Cut(r.Trap, "\n")
		if !ok || got != wasmtime {
			t.Errorf("OS pipe %v: calls on the standard streams answered %v %s (trap %q); want what wasmtime answers: %s", osPipe, ok, got, first, wasmtime)
		}
	}
}
