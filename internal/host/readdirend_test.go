package host

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestReaddirBufferEndPastMemory: fd_readdir of an empty preopen into the
// last 100 bytes of memory with a buf_len of 200 writes "." and ".." (51
// bytes, inside memory) and succeeds, as wasmtime's fd_readdir does (it
// writes each entry into its own slice of the buffer, p1.rs write_bytes).
// Attack pass 44d, row 4: the host moved any buffer whose end is past
// memory out of it and answered EFAULT (21).
func TestReaddirBufferEndPastMemory(t *testing.T) {
	for _, osPipe := range []bool{false, true} {
		p, line := probes44dRun(t, osPipe)
		if !slices.Equal(p.Rd, []int{0, 51}) {
			t.Errorf("OS pipe %v: fd_readdir(3) into the last 100 bytes of memory, buf_len 200, of an empty directory: answered %v (%s); want [0 51]", osPipe, p.Rd, line)
		}
	}
}

// probes44d is what testdata/attack44d/probes.wasm answers (see its head):
// of those, the poll of stdin before its request (errno, events, nbytes,
// flags), the polls of stdout and of the preopen (fd 3) for reading alone
// (errno, events), and fd_readdir(3) into the last 100 bytes of memory
// with a buf_len of 200 (errno, bytes used). wasmtime's preview 1:
// pin [0 1 1 0], pout [8 0], pdir [8 0], rd [0 51].
type probes44d struct {
	Pin  []int `json:"pin"`
	Pout []int `json:"pout"`
	Pdir []int `json:"pdir"`
	Rd   []int `json:"rd"`
}

// probes44dRun runs testdata/attack44d/probes.wasm with a volume mounted
// (an empty first preopen at fd 3) and decodes its answer.
func probes44dRun(t *testing.T, osPipe bool) (probes44d, string) {
	t.Helper()
	got, r, ok := pingModule(t, "testdata/attack44d/probes.wasm", RunConfig{OSPipe: osPipe, Mounts: Mounts{Volume: t.TempDir()}})
	if !ok {
		first, _, _ := strings.Cut(r.Trap, "\n")
		t.Fatalf("OS pipe %v: no answer (trap %q)", osPipe, first)
	}
	var p probes44d
	if err := json.Unmarshal([]byte(got), &p); err != nil {
		t.Fatalf("OS pipe %v: answer %s: %v", osPipe, got, err)
	}
	return p, got
}

// TestReaddirEntryCrossingEndTraps: an entry that would be written past
// the end of memory traps the module, as wasmtime's write_bytes does; the
// entries inside memory are written and the call answers, and a buffer
// wholly past memory traps when there is an entry to write (attack
// pass 44d, row 4).
func TestReaddirEntryCrossingEndTraps(t *testing.T) {
	const end = 65536
	h, err := New(context.Background(), Options{CacheDir: t.TempDir(), Engine: EngineInterpreter, Backstop: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close(context.Background())
	i32 := func(v int64) wasmArg44d { return wasmArg44d{0x7f, v} }
	i64 := func(v int64) wasmArg44d { return wasmArg44d{0x7e, v} }
	for _, c := range []struct {
		what   string
		file   bool // the volume holds a file "abcdefghij"
		buf    int64
		cookie int64
		trap   bool
	}{
		{"an empty directory into the last 60 bytes", false, end - 60, 0, false},
		{"a directory of one file into the last 60 bytes (the file's entry crosses)", true, end - 60, 0, true},
		{"a directory of one file into the last 200 bytes", true, end - 200, 0, false},
		{"a directory of one file into the last 10 bytes", true, end - 10, 0, true},
		{"a buffer past memory, an entry left", false, end + 8, 0, true},
	} {
		vol := t.TempDir()
		if c.file {
			if err := os.MkdirAll(filepath.Join(vol, "tmp"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(vol, "tmp", "abcdefghij"), nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		m := compile(t, h, callModule44d("fd_readdir", []wasmArg44d{i32(3), i32(c.buf), i32(200), i64(c.cookie), i32(16)}))
		s, err := h.start(context.Background(), m, RunConfig{Timeout: 3 * time.Second, Mounts: Mounts{Volume: vol}})
		if err != nil {
			t.Fatal(err)
		}
		r := s.wait()
		first, _, _ := strings.Cut(r.Trap, "\n")
		if c.trap != (r.Trap != "") || (!c.trap && r.ExitCode != 0) {
			t.Errorf("fd_readdir of %s: trap %q, exit %d; want trap %v (else errno 0)", c.what, first, r.ExitCode, c.trap)
		}
	}
}
