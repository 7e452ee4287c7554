package supervise

import (
	"os/exec"
	"strings"
	"testing"
)

// TestAttack43b_KilledByKilled (attack pass 43b, row 4): a child ended by
// SIGKILL (the OOM killer, kill -9) is reported with the signal's
// String(), which for SIGKILL is "killed": "the tool itself crashed
// (killed by killed, perhaps for lack of memory)". Seen end to end: kill
// -9 of serve's child.
func TestAttack43b_KilledByKilled(t *testing.T) {
	cmd := exec.Command("sh", "-c", "kill -9 $$")
	_ = cmd.Run()
	var stderr strings.Builder
	exitCode("subakogo", &stderr, cmd.ProcessState, nil)
	if strings.Contains(stderr.String(), "killed by killed") {
		t.Errorf("message: %q", stderr.String())
	}
}
