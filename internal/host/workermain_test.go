package host

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/host/workerenv"
	"github.com/subako-ai/subako-go/internal/wasmbuild"
)

// TestWorkerMain: the test binary, run with a worker's job, is a worker
// from TestMain's call to WorkerMain (a bad job exits workerFailed, saying
// so), and in this process WorkerMain returns at once, not a worker.
func TestWorkerMain(t *testing.T) {
	if code, worker := WorkerMain(); worker || code != 0 {
		t.Errorf("WorkerMain in the test process: %d, %v", code, worker)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), workerenv.Job+"=not json")
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != workerFailed || !strings.Contains(string(out), "bad compile job") {
		t.Errorf("the test binary as a worker with a bad job: %v\n%s", err, out)
	}
}

// TestWorkerNotServed: in an executable that never called WorkerMain, a
// compilation through the cache fails with a message that names the
// missing call, and starts no process. (Not parallel: it unsets served,
// which TestMain set, while no other test runs.)
func TestWorkerNotServed(t *testing.T) {
	served.Store(false)
	defer served.Store(true)
	h, err := New(context.Background(), Options{CacheDir: t.TempDir(), Engine: EngineCompiler})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close(context.Background())
	if _, err := h.Compile(context.Background(), wasmbuild.Encode(wasmbuild.Command())); !errors.Is(err, errNotServed) || !strings.Contains(err.Error(), "host.WorkerMain") {
		t.Errorf("compiled in an executable that serves no worker: %v", err)
	}
}
