package host

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/subjects"
)

// osPipeSubjects are the readv modules (testdata/attack43a/readv.c) that
// read stdin in pieces of at most 4,160 bytes and answer each line: a
// blocking read, a non-blocking one after a poll without a clock
// (readvnb), and a blocking one after a poll with a clock of a second
// (readvpc, as an idle server polls).
var osPipeSubjects = []string{"readv", "readvnb", "readvpc"}

// TestAttack43e_OSPipeLongLine (attack pass 43e, row 1): the pause
// probe's stdin (an OS pipe) given one request line longer than the pipe
// holds (65,536 bytes on Linux by default; the probes' arguments may be
// 64 KiB encoded, and the tools/call envelope is added to them). The
// feeder (osPipe.feed) blocked writing the full pipe; the module's fd_read
// was held before the read (beforeStdinReadv -> beforeStdinRead ->
// awaitInput, or the non-blocking loop), and a poll in awaitInput, until
// the queue was settled, which only that read could let happen. Neither
// side moved: the module's clock stopped and the run ended Stalled at the
// wall backstop ("not judged"), for a module that answers at once on a
// real pipe; 65,536 bytes were answered, 65,537 stalled. Now what the host
// queues is moved into the pipe as far as it holds whenever stdin is
// looked at (osPipe.fill), and a read gets what is in the pipe.
func TestAttack43e_OSPipeLongLine(t *testing.T) {
	for _, name := range osPipeSubjects {
		for _, n := range []int{65536, 65537, 300000} {
			r, ok := readvRun(t, name, true, n)
			t.Logf("%s, %d-byte line: answered %v, stalled %v, waited for input %v, timed out %v, own %v", name, n, ok, r.Stalled, r.WaitedForInput, r.TimedOut, r.Elapsed)
			if !ok || r.Stalled || r.WaitedForInput {
				t.Errorf("%s: a %d-byte request on the OS pipe: answered %v, stalled (not judged) %v, judged waiting for input %v; a real pipe's reader takes it in pieces and answers", name, n, ok, r.Stalled, r.WaitedForInput)
			}
		}
	}
}

// TestOSPipeSmallPipe (attack pass 43e, row 1): the verdict does not
// depend on the pipe's size. Once a user's pipes pass
// /proc/sys/fs/pipe-user-pages-soft, Linux gives new pipes 2 pages
// (8 KiB), and a request line past 8 KiB stalled as one past 64 KiB does
// on a default pipe; here every pipe is made 8 KiB (F_SETPIPE_SZ).
func TestOSPipeSmallPipe(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("pipe sizes are Linux's (F_SETPIPE_SZ)")
	}
	const size = 8192
	p, err := newOSPipe(nil, size, 0)
	if err != nil {
		t.Fatal(err)
	}
	got := pipeSize(p.w)
	_, _ = p.r.Close(), p.w.Close()
	if got != size {
		t.Fatalf("an OS pipe asked for %d bytes holds %d", size, got)
	}
	for _, name := range osPipeSubjects {
		for _, n := range []int{size, size + 1, 65537} {
			r, ok := readvRunConfig(t, name, RunConfig{OSPipe: true, pipeSize: size}, n)
			t.Logf("%s, %d-byte line, %d-byte pipe: answered %v, stalled %v, waited for input %v, own %v", name, n, size, ok, r.Stalled, r.WaitedForInput, r.Elapsed)
			if !ok || r.Stalled || r.WaitedForInput {
				t.Errorf("%s: a %d-byte request on a %d-byte OS pipe: answered %v, stalled (not judged) %v, judged waiting for input %v", name, n, size, ok, r.Stalled, r.WaitedForInput)
			}
		}
	}
}

// TestOSPipeSizeFixed (attack pass 43i, row 2): the host moves a request
// into the OS pipe as far as the pipe holds, so the pipe's size is how a
// long request is cut into the module's reads. A new pipe holds 64 KiB,
// but 8 KiB once the user's pipes (any process's) pass
// /proc/sys/fs/pipe-user-pages-soft: a module reading stdin with read(2)
// of 256 KiB that traps when a request took two reads (add.c PIPE_READS)
// answered a 12 KiB request on one machine and trapped (P036) on another,
// or while other processes of the user held 1,100 pipes. Every pipe is now
// made OSPipeSize bytes, and where the system refuses (a machine past the
// soft limit, pipeSmall standing in for it) the run is not set up, a
// *SetupError (not judged, exit 3), rather than judged on the small pipe.
func TestOSPipeSizeFixed(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("pipe sizes are Linux's (F_SETPIPE_SZ)")
	}
	p, err := newOSPipe(nil, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	got := pipeSize(p.w)
	_, _ = p.r.Close(), p.w.Close()
	if got != OSPipeSize {
		t.Errorf("an OS pipe holds %d bytes; want %d", got, OSPipeSize)
	}
	wasm, err := os.ReadFile(subjects.CHooked(t, "PIPE_READS"))
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
	outcome := func(small int) (string, error) {
		t.Helper()
		s, err := h.Start(context.Background(), m, RunConfig{OSPipe: true, pipeSmall: small, Seed: []byte("case 1"), Timeout: 3 * time.Second})
		if err != nil {
			return "", err
		}
		args := json.RawMessage(`{"a":1,"b":2,"pad":"` + strings.Repeat("x", 12000) + `"}`)
		s.Send(ToolCall(json.RawMessage(`1`), "add", args))
		_, ok := s.Answer(json.RawMessage(`1`), time.Second)
		r := s.Wait()
		return fmt.Sprintf("answered %v, trap %q", ok, r.Trap), nil
	}
	if got, err := outcome(0); err != nil || got != `answered true, trap ""` {
		t.Errorf("a 12 KiB request on the OS pipe: %s, %v; want it answered in one read", got, err)
	}
	res, err := outcome(8192)
	var setup *SetupError
	if !errors.As(err, &setup) || !errors.Is(err, errPipeRefused) || !strings.Contains(err.Error(), "pipe-user-pages-soft") {
		t.Errorf("on a machine that makes pipes of 8 KiB and refuses more: %s, %v; want the run not set up (a *SetupError naming pipe-user-pages-soft)", res, err)
	}
}
