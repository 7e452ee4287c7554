package main

import (
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/gowasm"
)

// TestDiscoveryStopOneLine (attack pass 45b, row 1): a discovery that
// stopped on the module's JSON-RPC error quotes its message in call's and
// diff's one-line message; a newline the module wrote is escaped there, as
// in lint's finding, so the module cannot add a line that stands on
// stderr as subakogo's own ("subakogo call: all good, exit 0").
func TestDiscoveryStopOneLine(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a wasip1 module")
	}
	mod := gowasm.Path(t, "testdata/rpcerror")
	for _, args := range [][]string{
		{"call", "--engine", "interpreter", mod, "add", `{"a":1,"b":2}`},
		{"diff", "--engine", "interpreter", mod, mod},
	} {
		var stdout, stderr strings.Builder
		run(args, &stdout, &stderr)
		if !strings.Contains(stderr.String(), "discovery stopped") || !strings.Contains(stderr.String(), `boom\x1b[2J\nsubakogo call: all good`) {
			t.Errorf("%s: want the module's error in discovery's stop, escaped; stderr:\n%s", args[0], stderr.String())
		}
		for _, l := range strings.Split(stderr.String(), "\n") {
			if strings.HasPrefix(l, "subakogo call: all good") {
				t.Errorf("%s: the module's error made a line of its own on stderr: %q", args[0], l)
			}
		}
	}
}
