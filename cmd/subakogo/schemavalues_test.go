package main

import (
	"os"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/probe/resultcheck"
)

// lint's verdict on a tool whose outputSchema asks for an integer n, padded
// by an unused $defs enum to 10,000 JSON values and to one more (attack
// pass 51b, row 1's bigout, 20 KB, far under T012's 64 KiB). Past
// offlineschema.MaxSchemaValues the probes do not compile the schema and
// check no result against it: a module could pass them by padding, so the
// tool list's check says so, T019, an error (lint exit 1). Before, the
// padded one drew no finding and lint exited 0, where the one at the cap
// drew P033 for its wrong results.
func TestLintSchemaPastValuesIsError(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, c := range []struct {
		pad      int
		wantT019 bool
	}{{9989, false}, {9990, true}} {
		out := `{"type":"object","properties":{"n":{"type":"integer"}},"required":["n"],"additionalProperties":false,` +
			`"$defs":{"pad":{"enum":[` + strings.TrimSuffix(strings.Repeat("0,", c.pad), ",") + `]}}}`
		tool := `{"name":"count","description":"Count the things you have and return how many.",` +
			`"inputSchema":{"type":"object","properties":{},"additionalProperties":false},"outputSchema":` + out + `}`
		if err := os.WriteFile("bigout.wasm", listingModule(tool), 0o644); err != nil {
			t.Fatal(err)
		}
		code, stdout, stderr := runCLI("lint", "--probes", "none", "bigout.wasm")
		got := strings.Contains(stdout, "T019")
		if got != c.wantT019 {
			t.Errorf("pad %d: T019 %v, want %v\n%s%s", c.pad, got, c.wantT019, stdout, stderr)
		}
		want := exitOK
		if c.wantT019 {
			want = exitFindings
		}
		if code != want {
			t.Errorf("pad %d: exit %d, want %d\n%s%s", c.pad, code, want, stdout, stderr)
		}
		if c.wantT019 && !strings.Contains(stdout, `outputSchema holds 10,001 JSON values, past the 10,000 subakogo compiles`) {
			t.Errorf("pad %d: the finding does not say why:\n%s", c.pad, stdout)
		}
	}
}

// TestCallSaysNotChecked: a check call could not make (the outputSchema
// past offlineschema.MaxSchemaValues, say) is printed, not dropped, and
// is no error by itself (attack pass 51b, row 1: call said nothing and
// the result looked checked).
func TestCallSaysNotChecked(t *testing.T) {
	var b strings.Builder
	bad := judged(&b, []resultcheck.Problem{{Kind: resultcheck.NotChecked, Detail: "the outputSchema holds 10,001 JSON values"}})
	if bad {
		t.Error("a check not made counted as an error")
	}
	if want := "not-checked: the outputSchema holds 10,001 JSON values\n"; b.String() != want {
		t.Errorf("judged printed %q, want %q", b.String(), want)
	}
}
