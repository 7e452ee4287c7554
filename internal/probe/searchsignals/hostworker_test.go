package searchsignals_test

import (
	"os"
	"testing"

	"github.com/subako-ai/subako-go/internal/host"
)

// TestMain serves the host's compile worker: the hosts of these tests
// compile in a worker process of the test binary.
func TestMain(m *testing.M) {
	if code, worker := host.WorkerMain(); worker {
		os.Exit(code)
	}
	os.Exit(m.Run())
}
