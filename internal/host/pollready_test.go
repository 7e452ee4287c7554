package host

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"
)

// pollGot is what testdata/attack44a/pollfile.wasm answers about its poll:
// its errno, the module time it took, its events, the first one's type
// and error.
type pollGot struct{ Errno, Ms, N, T0, E0 int }

// pollFileRun runs testdata/attack44a/pollfile.wasm with one request of the
// id that picks its case, and decodes its answer.
func pollFileRun(t *testing.T, id string) (pollGot, *Record, bool, string) {
	t.Helper()
	wasm, err := os.ReadFile("testdata/attack44a/pollfile.wasm")
	if err != nil {
		t.Fatal(err)
	}
	h, err := New(context.Background(), Options{CacheDir: t.TempDir(), Engine: EngineInterpreter, Backstop: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close(context.Background())
	m := compile(t, h, wasm)
	s, err := h.Start(context.Background(), m, RunConfig{Timeout: 5 * time.Second, Mounts: Mounts{Volume: t.TempDir()}})
	if err != nil {
		t.Fatal(err)
	}
	s.Send([]byte(`{"jsonrpc":"2.0","id":` + id + `,"method":"ping"}`))
	l, ok := s.Answer(json.RawMessage(id), 5*time.Second)
	r := s.Wait()
	var got pollGot
	if ok {
		_ = json.Unmarshal(l.Result, &got)
	}
	return got, r, ok, string(l.Result)
}

// TestPollReadyAnswersAtOnce: a poll_oneoff with a subscription ready
// already (a regular file for reading, stdout for writing) answers at once
// with the ready events alone, as POSIX poll and wasmtime do, granting the
// module no time. Attack pass 44a, row 1: the host waited for the other
// subscriptions first, a clock's whole 2 s (granted in the module's time,
// both events reported) or, beside stdin, for input that never came (the
// module taken for one waiting for end of input).
func TestPollReadyAnswersAtOnce(t *testing.T) {
	for _, c := range []struct {
		id, what string
		t0       int
	}{
		{"1", "a regular file for reading beside a clock of 2 s", eventFdRead},
		{"2", "a regular file for reading beside stdin (nothing more sent)", eventFdRead},
		{"3", "stdout for writing beside a clock of 2 s", eventFdWrite},
	} {
		got, r, ok, line := pollFileRun(t, c.id)
		if !ok || got.Errno != 0 || got.Ms > 100 || got.N != 1 || got.T0 != c.t0 || got.E0 != 0 || r.WaitedForInput {
			t.Errorf("poll of %s: answered %v %s (WaitedForInput %v); want at once (< 100 ms of module time) with the ready descriptor's event alone: errno 0, n 1, t0 %d, e0 0",
				c.what, ok, line, r.WaitedForInput, c.t0)
		}
		if r.Elapsed >= time.Second {
			t.Errorf("poll of %s: the run took %v of module time; want no wait granted", c.what, r.Elapsed)
		}
	}
}

// TestPollUnopenedFDBadf: a subscription to a descriptor that is not open
// (fd 99) makes the whole call answer EBADF at once, no event, as
// wasmtime's preview 1 does (p1.rs poll_oneoff, get_descriptor). Attack
// pass 44a, row 2: it was reported ready with no error, as if it were a
// file; until attack pass 44d, row 2, the host answered one event of error
// EBADF instead (as Linux marks POLLNVAL), a bit by which a module told it
// from Subako.
func TestPollUnopenedFDBadf(t *testing.T) {
	got, _, ok, line := pollFileRun(t, "4")
	if !ok || got.Errno != errnoBadf || got.N != 0 || got.Ms > 100 {
		t.Errorf("poll of fd 99, never opened: answered %v %s; want at once EBADF (8), no event", ok, line)
	}
}

// TestPollClocksDueOnly: of a poll's clocks, only those whose time came
// are reported. Attack pass 44a, row 3: a poll of 10 ms (userdata 7) and
// an hour (userdata 8) answered after 10 ms with both events.
func TestPollClocksDueOnly(t *testing.T) {
	got, _, ok, line := pollFileRun(t, "5")
	if !ok || got.Errno != 0 || got.N != 1 || got.Ms < 10 || !strings.Contains(line, `"u":[7,-1]`) {
		t.Errorf("poll of clocks of 10 ms (userdata 7) and 1 h (userdata 8): answered %v %s; want after 10 ms the 10 ms clock's event alone (n 1, u [7,-1])", ok, line)
	}
}

// TestPollFDOpenFollowsCloses: the descriptors poll_oneoff takes for open
// are the standard streams and the preopens as the module closed and moved
// them (fd_close, fd_renumber), beside the files it opened.
func TestPollFDOpenFollowsCloses(t *testing.T) {
	s := &session{files: newRunFiles(&fileBudget{limit: 10})}
	s.files.preopened(1) // 0-2 and /volume/tmp at 3
	ctx := context.WithValue(context.Background(), sessionKey{}, s)
	call := func(name string, params ...uint64) {
		l := fdListener{name}
		l.Before(ctx, nil, nil, params, nil)
		l.After(ctx, nil, nil, []uint64{0})
	}
	call("fd_close", 1)
	s.files.add(7) // fd_renumber moves onto an open descriptor only
	call("fd_renumber", 2, 7)
	for fd, want := range map[uint32]bool{0: true, 1: false, 2: false, 3: true, 4: false, 7: true, 99: false} {
		if got := s.fdOpen(fd); got != want {
			t.Errorf("fd %d open: %v; want %v", fd, got, want)
		}
	}
}
