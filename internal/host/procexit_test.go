package host

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"
)

// TestProcExitPastStatus125: proc_exit(200) traps, as in wasmtime (what
// Subako runs: "exit with invalid exit status outside of [0..126)"), and
// the trap says why. attack pass 44a, row 11: it was recorded as an exit
// with status 200, and host.md promised any status an exit.
func TestProcExitPastStatus125(t *testing.T) {
	wasm, err := os.ReadFile("testdata/attack44a/exit200.wasm")
	if err != nil {
		t.Fatal(err)
	}
	h := newHost(t)
	m := compile(t, h, wasm)
	s, err := h.start(context.Background(), m, RunConfig{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	r := s.wait()
	if r.Exited || !strings.Contains(r.Trap, "proc_exit(200): an exit status of 126 or more") {
		t.Errorf("proc_exit(200): exited %v with %d, trap %q; want a trap naming the status, as wasmtime (Subako's runtime) has it", r.Exited, r.ExitCode, r.Trap)
	}
	var trap bool
	for _, b := range r.Breaks() {
		trap = trap || (b.Kind == BreakTrap && strings.Contains(b.Message, "Subako's runtime traps"))
	}
	if !trap {
		t.Errorf("proc_exit(200): breaks %v; want a trap saying why", r.Breaks())
	}
}
