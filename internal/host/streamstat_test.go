package host

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// streamProbeAnswers is what testdata/attack44d/probes.wasm answers of
// the standard streams. Under Subako's runtime, wasmtime's preview 1
// (measured with subako/testdata/wasmtimerun, built on wasmtime-go
// v39.0.1): "nb":[8,8,8], "fst":[0,1,0,1,0,1].
type streamProbeAnswers struct {
	Nb  []int `json:"nb"`  // fd_fdstat_set_flags(NONBLOCK) of fds 0, 1, 2
	Fst []int `json:"fst"` // fd_filestat_get of fds 0-2: errno, all fields but the type 0
}

// runStreamProbes runs testdata/attack44d/probes.wasm with a volume
// mounted (an empty first preopen at fd 3) and decodes its answer.
func runStreamProbes(t *testing.T, osPipe bool) (streamProbeAnswers, string) {
	t.Helper()
	got, r, ok := pingModule(t, "testdata/attack44d/probes.wasm", RunConfig{OSPipe: osPipe, Mounts: Mounts{Volume: t.TempDir()}})
	if !ok {
		first, _, _ := strings.Cut(r.Trap, "\n")
		t.Fatalf("OS pipe %v: no answer (trap %q)", osPipe, first)
	}
	var p streamProbeAnswers
	if err := json.Unmarshal([]byte(got), &p); err != nil {
		t.Fatalf("OS pipe %v: answer %s: %v", osPipe, got, err)
	}
	return p, got
}

// TestStreamSetFlagsAnswersBadf: fd_fdstat_set_flags on fds 0-2 answers
// EBADF, as in wasmtime's preview 1 (get_file_mut: a stream is no File),
// measured [8 8 8]. Attack pass 44d, row 1: the host took NONBLOCK (0) on
// each stream, on both pipes, and then read an empty stdin EAGAIN, a
// runtime Subako is not.
func TestStreamSetFlagsAnswersBadf(t *testing.T) {
	for _, osPipe := range []bool{false, true} {
		p, line := runStreamProbes(t, osPipe)
		if !slices.Equal(p.Nb, []int{8, 8, 8}) {
			t.Errorf("OS pipe %v: fd_fdstat_set_flags(NONBLOCK) of fds 0, 1, 2 answered %v (%s); Subako's runtime answers EBADF for each: [8 8 8]", osPipe, p.Nb, line)
		}
	}
}

// TestStreamFilestatZero: fd_filestat_get of fds 0-2 is all zeros but the
// file type, as in wasmtime (measured [0 1 0 1 0 1]). Attack pass 44d,
// row 3: the host patched the file type alone and left wazero's other
// fields (device, inode, times), [0 0 0 0 0 0] on both pipes.
func TestStreamFilestatZero(t *testing.T) {
	for _, osPipe := range []bool{false, true} {
		p, line := runStreamProbes(t, osPipe)
		if !slices.Equal(p.Fst, []int{0, 1, 0, 1, 0, 1}) {
			t.Errorf("OS pipe %v: fd_filestat_get of fds 0-2 answered (errno, all zero) %v (%s); Subako's runtime: [0 1 0 1 0 1]", osPipe, p.Fst, line)
		}
	}
}
