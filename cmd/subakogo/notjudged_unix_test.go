//go:build unix

package main

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/pipeline/gobuild/stuckgo"
)

// TestNotJudgedGoCommand (attack pass 40q, the go commands' backstop): a go
// command blocked where input.GoSources cannot see (another module's
// directory, vendor/) kept check, schema, pack and size waiting for ever
// when nobody sent a signal. At the go commands' wall-clock backstop
// (forced to 200 ms here; the stand-in go waits, deaf to SIGINT and
// SIGTERM) each is given up: exit 3, not judged.
func TestNotJudgedGoCommand(t *testing.T) {
	hello, err := filepath.Abs("../../examples/hello")
	if err != nil {
		t.Fatal(err)
	}
	stuckgo.Install(t, filepath.Join(t.TempDir(), "pids"))
	backstops.goCmd = 200 * time.Millisecond
	t.Cleanup(func() { backstops.goCmd = 0 })
	out := filepath.Join(t.TempDir(), "out")
	for _, args := range [][]string{{"check", hello}, {"schema", hello}, {"pack", hello, "-o", out}, {"size", hello}} {
		code, stdout, stderr := runCLI(args...)
		if code != exitUnreadable || !strings.Contains(stderr, "this machine is too busy (or a go command is stuck), so it is not judged") {
			t.Errorf("subakogo %s: exit %d, want %d, not judged\n%s%s", strings.Join(args, " "), code, exitUnreadable, stdout, stderr)
		}
	}
}
