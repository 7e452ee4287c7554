package host

import (
	"slices"
	"testing"
)

// TestStdinPollNbytesOne: a poll of stdin with input there reports nbytes
// 1, as wasmtime's preview 1 does for every stdin event (measured with
// subako/testdata/wasmtimerun: [0 1 1 0]). Attack pass 44d, row 2: the
// host reported the bytes it had queued (41, the ping's line), so a module
// read the request's length before reading it.
func TestStdinPollNbytesOne(t *testing.T) {
	for _, osPipe := range []bool{false, true} {
		p, line := probes44dRun(t, osPipe)
		if !slices.Equal(p.Pin, []int{0, 1, 1, 0}) {
			t.Errorf("OS pipe %v: poll of stdin answered errno, events, nbytes, flags %v (%s); want [0 1 1 0]", osPipe, p.Pin, line)
		}
	}
}

// TestPollRefusedSubscriptionBadf: an FD_READ subscription to stdout, or to
// a preopened directory, makes the whole poll_oneoff answer EBADF with no
// event, as wasmtime's does (p1.rs poll_oneoff: "_ => Err(Badf)"; measured
// for stdout: [8 0]). Attack pass 44d, row 2: the host answered success
// with the descriptor ready ([0 1]).
func TestPollRefusedSubscriptionBadf(t *testing.T) {
	for _, osPipe := range []bool{false, true} {
		p, line := probes44dRun(t, osPipe)
		if !slices.Equal(p.Pout, []int{8, 0}) || !slices.Equal(p.Pdir, []int{8, 0}) {
			t.Errorf("OS pipe %v: poll of stdout / fd 3 for reading answered %v / %v (%s); want [8 0] for both", osPipe, p.Pout, p.Pdir, line)
		}
	}
}

// TestPollableFollowsWasmtime: which subscriptions poll_oneoff takes, as
// wasmtime's preview 1 takes them: stdin for reading, stdout and stderr
// for writing, a file the module opened either way; not a directory (a
// preopen, or one the module opened), nor a descriptor not open.
func TestPollableFollowsWasmtime(t *testing.T) {
	s := &session{files: newRunFiles(&fileBudget{limit: 10})}
	s.files.preopened(1) // 0-2 and a preopen at 3
	s.files.add(4)       // a file
	s.files.add(5)       // a directory
	s.files.dirs[5] = struct{}{}
	for _, c := range []struct {
		kind byte
		fd   uint32
		want bool
	}{
		{eventFdRead, 0, true}, {eventFdWrite, 0, false},
		{eventFdRead, 1, false}, {eventFdWrite, 1, true},
		{eventFdRead, 2, false}, {eventFdWrite, 2, true},
		{eventFdRead, 3, false}, {eventFdWrite, 3, false},
		{eventFdRead, 4, true}, {eventFdWrite, 4, true},
		{eventFdRead, 5, false}, {eventFdWrite, 5, false},
		{eventFdRead, 99, false}, {eventFdWrite, 99, false},
	} {
		if got := s.pollable(c.kind, c.fd); got != c.want {
			t.Errorf("subscription of type %d to fd %d taken: %v; want %v", c.kind, c.fd, got, c.want)
		}
	}
}
