// Package hosttest is the TestMain of a test binary whose hosts compile:
// the host's compile worker is the test binary itself, started again, and
// it must be served before any test runs (host.WorkerMain).
package hosttest

import (
	"os"
	"testing"

	"github.com/subako-ai/subako-go/internal/host"
)

// Main serves the compile worker when this process is one, and otherwise
// runs the tests: a package's whole TestMain when it needs nothing else.
func Main(m *testing.M) {
	if code, worker := host.WorkerMain(); worker {
		os.Exit(code)
	}
	os.Exit(m.Run())
}
