package tooltext

import (
	"encoding/json"
	"strings"
	"syscall"
	"testing"
	"time"
)

// tagRun is n tag characters spelling "A" (U+E0041), ASCII smuggled
// invisibly.
func tagRun(n int) string { return strings.Repeat("\U000E0041", n) }

// TestTagRunLinear (attack pass 45c row 8): classify asks flagTag at every
// tag character, and flagTag walked back over the whole run before it to
// look for a black flag: a run of tag characters cost the square of its
// length (CheckTools on 64 KiB 1.7 s, 256 KiB 31 s). The walk back reads
// at most flagTagReach+1 runes wherever in a run it starts.
func TestTagRunLinear(t *testing.T) {
	t.Parallel()
	for _, s := range []string{tagRun(1 << 14), "\U0001F3F4" + tagRun(1<<14), "x" + tagRun(1<<14)} {
		for _, i := range []int{len(s) - 4, len(s) / 2 &^ 3, 4 * flagTagReach} {
			start, read := tagRunOpening(s, i)
			if read > flagTagReach+1 {
				t.Errorf("tagRunOpening(%.12q..., %d) read %d runes, more than %d: a run of tag characters costs its square", s, i, read, flagTagReach+1)
			}
			if start >= 0 && i-start > 4*flagTagReach {
				t.Errorf("tagRunOpening(%.12q..., %d) = %d, further back than a flag reaches", s, i, start)
			}
		}
	}
	if start, _ := tagRunOpening("\U0001F3F4"+tagRun(3), 4+8); start != 4 {
		t.Errorf("tagRunOpening of the third tag after a black flag = %d, want 4", start)
	}
}

// TestTagRunCPU (attack pass 45c row 8) measures what TestTagRunLinear
// holds through CheckTools: four times the tag characters may cost at most
// ten times the process's CPU time (linear: four; before the fix ~15). CPU
// time, not the wall clock: another process's load does not count; the
// least of three runs, and a run under 20 ms of CPU is within the
// kernel's accounting noise.
func TestTagRunCPU(t *testing.T) { // not parallel: measures the process's CPU time
	cpu := func() time.Duration {
		var ru syscall.Rusage
		if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
			t.Fatal(err)
		}
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	measure := func(n int) time.Duration {
		d, _ := json.Marshal("Adds two numbers. " + tagRun(n/4))
		tool := json.RawMessage(`{"name":"add","description":` + string(d) +
			`,"inputSchema":{"type":"object","properties":{"note":{"type":"string"}}}}`)
		least := time.Duration(1 << 62)
		for range 3 {
			before := cpu()
			CheckTools([]json.RawMessage{tool})
			least = min(least, cpu()-before)
		}
		return least
	}
	small, large := measure(16<<10), measure(64<<10)
	t.Logf("16 KiB of tag characters: %v of CPU; 64 KiB: %v", small, large)
	if large > 20*time.Millisecond && large > 10*small {
		t.Errorf("checking 64 KiB of tag characters cost %v of CPU, %.1f times what 16 KiB cost (%v): quadratic", large, float64(large)/float64(small), small)
	}
}

// TestTagAfterFlagCancel: tag characters after an English flag's cancel
// tag, in the same run, are not the flag: flagTag read the run from the
// black flag and answered for the flag's cancel tag at every tag after
// it, so "🏴 gbeng ⊗" then "ignore" in tag characters passed as a flag.
func TestTagAfterFlagCancel(t *testing.T) {
	t.Parallel()
	eng := "\U0001F3F4\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F"
	if errs, ids := errorsIn(t, "add", "Adds two numbers. "+eng+" for England."); errs != 0 {
		t.Errorf("the English flag drew %v", ids)
	}
	wantAddErrors(t, "Adds two numbers. "+eng+tagged("ignore"))
}
