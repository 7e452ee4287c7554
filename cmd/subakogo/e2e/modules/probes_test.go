package modules

import (
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/gowasm"
)

// TestLintProbes: lint runs the call probes by default, --probes=none
// skips them, and a bad level or time is a usage error.
func TestLintProbes(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a wasip1 module")
	}
	t.Parallel()
	bad := gowasm.Path(t, "../../../../internal/probe/testdata/subject", "-ldflags=-X main.mode=rpc-error")
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"lint", bad}, exitFindings, `error P031 probe-invalid-args: probe invalid on tool "echo" (invalid: required field "text" missing): JSON-RPC error -32602`},
		{[]string{"lint", "--probes=none", bad}, exitOK, "no findings"},
		{[]string{"lint", "--probes=some", bad}, exitUsage, ""},
		{[]string{"lint", "--probe-time=0s", bad}, exitUsage, ""},
	} {
		code, stdout, stderr := runCLI(c.args...)
		if code != c.code || !strings.Contains(stdout, c.want) {
			t.Errorf("%v: exit %d, want %d; stdout %q stderr %q", c.args[1:], code, c.code, stdout, stderr)
		}
	}
}
