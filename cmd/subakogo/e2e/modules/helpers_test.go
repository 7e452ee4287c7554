package modules

import (
	"io"
	"os"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/cmd/subakogo/internal/clitest"
	"github.com/subako-ai/subako-go/internal/cli"
	"github.com/subako-ai/subako-go/internal/host"
)

func TestMain(m *testing.M) {
	if code, worker := host.WorkerMain(); worker {
		os.Exit(code) // the host's compile worker
	}
	code := m.Run()
	clitest.Cleanup()
	os.Exit(code)
}

// The exit codes (cmd/subakogo's, from package cli).
const (
	exitOK         = cli.OK
	exitFindings   = cli.Findings
	exitUsage      = cli.Usage
	exitUnreadable = cli.Unreadable
)

// stdin is what runCLI gives the command's stdin (nil: none).
var stdin io.Reader

// runCLI runs the built subakogo in the working directory.
func runCLI(args ...string) (code int, stdout, stderr string) {
	return clitest.Run("", stdin, args...)
}

// serveWith runs subakogo serve with stdin holding lines.
func serveWith(t *testing.T, lines string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	return clitest.Run("", strings.NewReader(lines), append([]string{"serve"}, args...)...)
}

const initialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`
