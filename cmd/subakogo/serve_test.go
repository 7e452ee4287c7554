package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// serveWith runs subakogo serve with stdin holding lines.
func serveWith(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	old := serveStdin
	serveStdin = strings.NewReader(stdin)
	defer func() { serveStdin = old }()
	return runCLI(append([]string{"serve"}, args...)...)
}

const (
	initialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`
	greetAda   = `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"greet","arguments":{"name":"Ada"}}}`
	modernList = `{"jsonrpc":"2.0","id":3,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}`
)

// serve on a Go package builds it first (as pack does), then answers a
// handshake-era client and a modern request on one stdio.
func TestServeGoPackage(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a wasip1 module")
	}
	code, stdout, stderr := serveWith(t, initialize+"\n"+greetAda+"\n"+modernList+"\n", "../../examples/hello")
	if code != exitOK {
		t.Fatalf("exit %d\nstderr: %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if len(lines) != 3 || !strings.Contains(stdout, `"protocolVersion":"2025-06-18"`) ||
		!strings.Contains(stdout, `"structuredContent":{"message":"Hello, Ada!"}`) || !strings.Contains(stdout, `"resultType":"complete"`) {
		t.Errorf("stdout:\n%s", stdout)
	}
	for _, want := range []string{"serving hello: greet", "stdio initialize: t 1 speaks 2025-06-18", "stdio call greet (2025-06-18 (handshake)): result in "} {
		if !strings.Contains(stderr, want) {
			t.Errorf("the log lacks %q:\n%s", want, stderr)
		}
	}
}

func TestServeUsage(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.wasm")
	cmd := exec.Command("go", "build", "-o", bad, "-ldflags=-X main.mode=badname", "../../serve/testdata/hostile")
	cmd.Env = append(os.Environ(), "GOOS=wasip1", "GOARCH=wasm")
	if testing.Short() {
		t.Skip("builds a wasip1 module")
	}
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, b)
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{nil, exitUsage, "want one PATH"},
		{[]string{"a", "b"}, exitUsage, "want one PATH"},
		{[]string{"--max-concurrent", "0", "x"}, exitUsage, "at least 1"},
		{[]string{"missing.wasm"}, exitUnreadable, "missing.wasm"},
		{[]string{bad}, exitFindings, "the package has lint errors (1 error; --force serves it anyway)"},
		{[]string{"--force", bad}, exitOK, "serving hostile"},
	} {
		code, _, stderr := serveWith(t, "", c.args...)
		if code != c.code || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, want %d; stderr %q", c.args, code, c.code, stderr)
		}
	}
}
