package host

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFileCallsOnDirectoriesAsWasmtime: the file calls answer as Subako's
// runtime (wasmtime's preview 1, measured with subako/testdata/wasmtimerun
// given /volume/tmp) on a descriptor not opened for writing (fd_write and
// fd_pwrite EBADF, fd_filestat_set_size EINVAL, the file keeping its 4
// bytes), on a directory (fd_sync, fd_datasync, fd_advise and
// fd_filestat_set_size EBADF, on the preopen, on one opened by path_open
// and on the preopen's own directory opened as "."; fd_filestat_set_times
// EBADF on the preopen only, wherever fd_renumber moved it, success on a
// directory the module opened), and for an O_CREAT open of a path with a
// trailing slash (EISDIR, whether the name is new, a file or a directory;
// ENOENT or ENOTDIR when its directory is not one), creating nothing
// (testdata/wasmtimeanswers/dircalls.c). Attack pass 46a, row 6: the
// host answered success for fd_sync, fd_datasync and fd_advise on a
// directory and set the preopen's times, EINVAL for fd_filestat_set_size
// on a directory, and ENOENT (a new name) or ENOTDIR (a file) for the
// slash create.
func TestFileCallsOnDirectoriesAsWasmtime(t *testing.T) {
	const wasmtime = `{"e":"0,0,0,0,8,8,28,28,0,4,0,8,8,8,8,0,8,8,8,8,8,0,0,0,0,0,31,31,31,31,31,44,54,0,0,0,8,8,8,8,0,8,8,0,0,8,0,"}`
	for e, r := range runEngines(t, "testdata/wasmtimeanswers/dircalls.wasm", pingLine) {
		if r.answer != wasmtime {
			t.Errorf("%v: answered\n%s\nwasmtime\n%s", e, r.answer, wasmtime)
		}
		ents, err := os.ReadDir(r.tmp)
		var names []string
		for _, d := range ents {
			names = append(names, d.Name())
		}
		if err != nil || strings.Join(names, " ") != "d f g" {
			t.Errorf("%v: /volume/tmp holds %v (%v); wasmtime's holds d f g", e, names, err)
		}
		if b, err := os.ReadFile(filepath.Join(r.tmp, "f")); err != nil || string(b) != "abcd" {
			t.Errorf("%v: f holds %q (%v); wasmtime's holds \"abcd\"", e, b, err)
		}
	}
}

// TestCallBatteryAsWasmtime: 46 path and descriptor calls on files,
// directories and links in /volume/tmp answer as Subako's runtime does
// (testdata/wasmtimeanswers/battery.c; wasmtime's answers measured with
// subako/testdata/wasmtimerun given /volume/tmp), but for the calls
// skipped below, which docs/host.md lists as not followed. Attack pass
// 46a, rows 1 and 2 (renames onto directories, an open of a link without
// SYMLINK_FOLLOW: calls 6, 7, 32, 34, 35) and row 6: path_open("g/", OFLAGS_CREAT)
// answered ENOENT (wasmtime EISDIR), fd_filestat_set_times on the preopen
// success (EBADF), fd_filestat_set_size on a directory EINVAL (EBADF),
// fd_advise and fd_datasync on a directory and fd_sync on the preopen
// success (EBADF).
func TestCallBatteryAsWasmtime(t *testing.T) {
	const wasmtime = `{"e":"0,0,0,0,0,0,31,55,54,31,54,55,63,20,20,20,54,31,0,54,0,0,8,0,0,8,8,0,0,44,54,54,32,0,0,0,0,44,44,28,22,22,8,8,8,8,"}`
	skip := map[int]string{
		40: "fd_filestat_set_size to 2^62: EDQUOT for EFBIG (docs/host.md: not followed)",
		41: "fd_pwrite at 2^62: EDQUOT for EFBIG (docs/host.md: not followed)",
	}
	want := batteryAnswers(t, wasmtime)
	for e, r := range runEngines(t, "testdata/wasmtimeanswers/battery.wasm", pingLine) {
		got := batteryAnswers(t, r.answer)
		if len(got) != len(want) {
			t.Errorf("%v: answered\n%s\nwasmtime\n%s", e, r.answer, wasmtime)
			continue
		}
		for i := range want {
			if _, ok := skip[i]; !ok && got[i] != want[i] {
				t.Errorf("%v: call %d answered %s, wasmtime %s", e, i, got[i], want[i])
			}
		}
	}
}

// batteryAnswers are the errnos of an answer {"e":"n,n,...,"}.
func batteryAnswers(t *testing.T, answer string) []string {
	t.Helper()
	s, ok := strings.CutPrefix(answer, `{"e":"`)
	if !ok || !strings.HasSuffix(s, `,"}`) {
		t.Errorf("not a battery's answer: %q", answer)
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, `,"}`), ",")
}
