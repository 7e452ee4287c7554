package host

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/host/sandboxfs"
)

// rightsWasmtime is what Subako's runtime (wasmtime v39's preview 1)
// answered for testdata/wasmtimeanswers/rights.wasm, /volume/tmp
// preopened with DIR_READ|DIR_WRITE and FILE_READ|FILE_WRITE (attack pass
// 49a, rows 1, 2 and 6). The preopen's rights were the same read-only
// (DIR_READ, FILE_READ) and under the name /package.
var rightsWasmtime = rightsAnswer{
	E: "0,11,37,0,0,0,0,0,0,31,0,0,31,0,0,0,0,3,0,0,1,0,8,28,0,0,1,0,0,8,",
	S: "##", N: "/volume/tmp#########", P: "/volume/tmp",
	R: "7b7fe00/ff7ffff,3fffffff/3fffffff,3fffffbf/3fffffbf,3fffffbf/3fffffbf,2/2,3fb7ffbb/3fb7ffbb," +
		"3fb7ffbb/3fb7ffbb,3fb7ffbb/3fb7ffbb,3fffffff/3fffffff,3fffffbf/3fffffbf,3fffffff/3fffffff,3fffbffd/3fffbffd," +
		"3fffffbf/3fffffbf,",
}

// rightsAnswer is rights.wasm's answer: the errnos (e), the buffers
// fd_prestat_dir_name filled (s, n, p) and the rights fd_fdstat_get gave (r).
type rightsAnswer struct{ E, S, N, P, R string }

// rightsRuns runs rights.wasm under each engine, and returns each run's
// answer, with what its volume's file nf holds after "|" in S.
func rightsRuns(t *testing.T) map[Engine]rightsAnswer {
	t.Helper()
	out := map[Engine]rightsAnswer{}
	for e, r := range runEngines(t, "testdata/wasmtimeanswers/rights.wasm", pingLine) {
		var a rightsAnswer
		if err := json.Unmarshal([]byte(r.answer), &a); err != nil {
			t.Fatalf("%v: answer %q: %v (trap %q)", e, r.answer, err, r.trap)
		}
		nf, _ := os.ReadFile(filepath.Join(r.tmp, "nf"))
		a.S += "|" + string(nf)
		out[e] = a
	}
	return out
}

// errnosAt is the errnos of e from index from to index to, excluded.
func errnosAt(e string, from, to int) string {
	s := strings.Split(e, ",")
	if len(s) < to {
		return e
	}
	return strings.Join(s[from:to], ",")
}

// TestPrestatDirNameBufferAsWasmtime: fd_prestat_dir_name of /volume/tmp
// (a name of 11 bytes) into 2 bytes answers ENAMETOOLONG (37) and writes
// nothing; into 11 bytes or 200 it writes the name (and nothing past it)
// and answers 0, as wasmtime. Attack pass 49a, row 1: wazero wrote the
// 2 bytes and answered 0, and answered ENAMETOOLONG for 200.
func TestPrestatDirNameBufferAsWasmtime(t *testing.T) {
	w := rightsWasmtime
	for e, a := range rightsRuns(t) {
		if errnosAt(a.E, 0, 5) != errnosAt(w.E, 0, 5) || a.N != w.N || a.P != w.P || !strings.HasPrefix(a.S, w.S+"|") {
			t.Errorf("%v: prestat errnos %s, 2 bytes %q, 11 %q, 200 %q; wasmtime %s, %q, %q, %q",
				e, errnosAt(a.E, 0, 5), a.S, a.P, a.N, errnosAt(w.E, 0, 5), w.S, w.P, w.N)
		}
	}
}

// TestFdstatRightsAsWasmtime: fd_fdstat_get's rights of a preopen, of
// files opened with every right, FD_READ alone and none, of directories
// opened with no right and with FD_READ|FD_READDIR (with every right the
// open answers EISDIR, 31), and of files opened with OFLAGS_CREAT or
// OFLAGS_TRUNC, as wasmtime reports them (rightsTable). Attack pass 49a,
// row 2: the preopen's were wazero's 0x7bffe19/0xfffffff, a file's
// 0x8e001ff/0.
func TestFdstatRightsAsWasmtime(t *testing.T) {
	w := rightsWasmtime
	for e, a := range rightsRuns(t) {
		if a.R != w.R {
			t.Errorf("%v: rights\n%s\nwasmtime\n%s", e, a.R, w.R)
		}
		if errnosAt(a.E, 5, 14) != errnosAt(w.E, 5, 14) {
			t.Errorf("%v: opens %s; wasmtime %s", e, errnosAt(a.E, 5, 14), errnosAt(w.E, 5, 14))
		}
	}
}

// TestCreateOrTruncateOpensForWriting: path_open with OFLAGS_CREAT or
// OFLAGS_TRUNC opens the file for writing whatever rights were asked, as
// wasmtime (p2's open_at sets write for CREATE and TRUNCATE): a file
// created with FD_READ alone takes fd_write and fd_filestat_set_size
// (it holds "a\0\0"), one truncated with FD_READ alone takes fd_write
// (its size is then 1);
// without them a write answers EBADF (8), a truncation EINVAL (28), and
// a file opened with FDFLAGS_APPEND and no right is read-only (EBADF).
// Attack pass 49a, row 6: EBADF and EINVAL for the created file, EBADF
// for the truncated one.
func TestCreateOrTruncateOpensForWriting(t *testing.T) {
	w := rightsWasmtime
	for e, a := range rightsRuns(t) {
		if errnosAt(a.E, 14, 30) != errnosAt(w.E, 14, 30) {
			t.Errorf("%v: errnos %s; wasmtime %s", e, errnosAt(a.E, 14, 30), errnosAt(w.E, 14, 30))
		}
		if !strings.HasSuffix(a.S, "|a\x00\x00") {
			t.Errorf("%v: nf holds %q; wasmtime's \"a\\x00\\x00\"", e, a.S)
		}
	}
}

// TestCreatedReadOnlyFileWritesCharged: the writes a file created with
// FD_READ alone, or truncated with FD_READ alone, now takes are charged
// to the run's write budget as any: with a budget of 2 bytes, rights.wasm's
// fd_write of 1 byte to the created file answers 0 and its growth to 3
// bytes EDQUOT (19); then "hello" (uncounted in the answer) does not fit,
// and the write of 1 byte to the truncated file does: 2 bytes written.
func TestCreatedReadOnlyFileWritesCharged(t *testing.T) {
	wasm, err := os.ReadFile("testdata/wasmtimeanswers/rights.wasm")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range bothEngines {
		h := engineHost(t, e)
		s, err := h.Start(context.Background(), compile(t, h, wasm), RunConfig{Mounts: Mounts{Volume: t.TempDir()},
			Timeout: 3 * time.Second, Limits: sandboxfs.Limits{Bytes: 2}})
		if err != nil {
			t.Fatal(err)
		}
		s.Send([]byte(pingLine))
		l, _ := s.Answer(json.RawMessage(`1`), 3*time.Second)
		r := s.Wait()
		h.Close(context.Background())
		var a rightsAnswer
		_ = json.Unmarshal(l.Result, &a)
		if got := errnosAt(a.E, 14, 21); got != "0,0,19,1,0,0,1" || r.BytesWritten != 2 {
			t.Errorf("%v: open, write, set_size, size of the created file, open, write, size of the truncated one %s, %d bytes written; want 0,0,19,1,0,0,1 and 2",
				e, got, r.BytesWritten)
		}
	}
}
