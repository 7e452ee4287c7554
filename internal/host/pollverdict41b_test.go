package host

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestPollDueClockVerdict (attack pass 41b, follow-up): a module that has
// read its request and polls the empty stdin with a clock already due, in a
// loop, never answering, is inside a poll only for moments. Whether it
// waited for input (and so which limit its verdict names: the call's, or
// the call's and the exit grace) was once read from whether the host, as
// it gave up, caught it in a poll: a race, so the verdict's wording changed
// run to run. It is now the module's clock's to say (it waited for stdin
// in the last tenth of the wait), and every run is judged alike. Under
// load: .ci/with-busy-loops 4 go test -run TestPollDueClockVerdict ./internal/host/
func TestPollDueClockVerdict(t *testing.T) {
	t.Parallel()
	h := newHost(t)
	for _, c := range []struct {
		name  string
		clock int32
		ns    int64
		abs   bool
	}{
		{"monotonic relative 0", clockMonotonic, 0, false},
		{"realtime absolute in the past", clockRealtime, 1, true},
	} {
		m := compile(t, h, readThenPollModule(c.clock, c.ns, c.abs))
		m.WaitCompiled(context.Background())
		seen := map[string]int{}
		for range 20 {
			call := h.Call(context.Background(), m, "any", nil, CallConfig{ID: "call-0192f5c4", Timeout: 100 * time.Millisecond, ExitGrace: 20 * time.Millisecond})
			r := call.Record
			var msgs []string
			for _, b := range r.Breaks() {
				msgs = append(msgs, b.Message)
			}
			verdict := strings.Join(msgs, "; ")
			if !r.WaitedForInput || !r.TimedOut {
				verdict = "not judged waiting for input: " + verdict
			}
			seen[verdict]++
		}
		if len(seen) != 1 {
			t.Errorf("%s: %d verdicts in 20 runs: %v", c.name, len(seen), seen)
		}
		for v, n := range seen {
			if strings.HasPrefix(v, "not judged") {
				t.Errorf("%s: %d runs %s", c.name, n, v)
			}
		}
	}
}
