package tooltext

import (
	"encoding/json"
	"strings"
	"testing"
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

// BenchmarkTagRun checks a description of 64 KiB of tag characters
// through CheckTools (attack pass 45c row 8: 1.7 s before the fix, ~4 ms
// after); TestTagRunLinear holds the bound, this shows its cost.
func BenchmarkTagRun(b *testing.B) {
	d, _ := json.Marshal("Adds two numbers. " + tagRun(16<<10))
	tool := json.RawMessage(`{"name":"add","description":` + string(d) +
		`,"inputSchema":{"type":"object","properties":{"note":{"type":"string"}}}}`)
	for b.Loop() {
		CheckTools([]json.RawMessage{tool})
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
