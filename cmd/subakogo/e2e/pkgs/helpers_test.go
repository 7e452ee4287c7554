package pkgs

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/cmd/subakogo/internal/clitest"
	"github.com/subako-ai/subako-go/internal/cli"
)

func TestMain(m *testing.M) {
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

// runCLI runs the built subakogo in the working directory.
func runCLI(args ...string) (code int, stdout, stderr string) {
	return clitest.Run("", nil, args...)
}

// serveWith runs subakogo serve with stdin holding lines.
func serveWith(t *testing.T, lines string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	return clitest.Run("", strings.NewReader(lines), append([]string{"serve"}, args...)...)
}

const (
	initialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`
	greetAda   = `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"greet","arguments":{"name":"Ada"}}}`
	modernList = `{"jsonrpc":"2.0","id":3,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}`
)

// subakogoBinary is the built subakogo.
func subakogoBinary(t *testing.T) string {
	t.Helper()
	bin, err := clitest.Binary()
	if err != nil {
		t.Fatal(err)
	}
	return bin
}

// writeFile writes a file, making its directory.
func writeFile(path string, b []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o644)
}

// startIn starts the built subakogo with args in dir, its stderr going to
// log: the test writes its stdin to in (closed at the test's end, which
// ends serve) and reads its stdout from out; code gets its exit code once
// it has exited.
func startIn(t *testing.T, dir string, log io.Writer, args ...string) (in *io.PipeWriter, out *io.PipeReader, code chan int) {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	cmd := clitest.Command(dir, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { inW.Close() })
	code = make(chan int, 1)
	go func() {
		_ = cmd.Wait()
		code <- cmd.ProcessState.ExitCode()
		outW.Close()
		inR.Close()
	}()
	return inW, outR, code
}

// runIn runs the built subakogo in dir.
func runIn(dir string, args ...string) (code int, stdout, stderr string) {
	return clitest.Run(dir, nil, args...)
}
