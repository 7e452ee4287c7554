package pkgs

import (
	"bufio"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// serve on a Go package builds it first (as pack does), then answers a
// handshake-era client and a modern request on one stdio.
func TestServeGoPackage(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a wasip1 module")
	}
	t.Parallel()
	code, stdout, stderr := serveWith(t, initialize+"\n"+greetAda+"\n"+modernList+"\n", "../../../../examples/hello")
	if code != exitOK {
		t.Fatalf("exit %d\nstderr: %s", code, stderr)
	}
	// Three answers; a build past serve's list wait (a cold cache on a busy
	// machine) adds a list_changed notification after an empty list.
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(stdout), "\n") {
		if !strings.Contains(l, `"method":"notifications/tools/list_changed"`) {
			lines = append(lines, l)
		}
	}
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

// serve --watch on a Go package: an edit to a handler's doc comment
// regenerates subako_gen.go, rebuilds, and the client hears that the tool
// list changed; a build error keeps the last good module serving.
func TestServeWatch(t *testing.T) {
	if testing.Short() {
		t.Skip("builds wasip1 modules")
	}
	t.Parallel()
	wd, _ := os.Getwd()
	dir := filepath.Join(t.TempDir(), "pkg")
	if code, stdout, stderr := runCLI("init", "--replace", filepath.Join(wd, "..", "..", "..", ".."), dir); code != exitOK {
		t.Fatalf("init: %d\n%s%s", code, stdout, stderr)
	}
	logBuf := &lockedBuffer{}
	// Run from inside the package's module, as go tool subakogo runs.
	inW, outR, code := startIn(t, dir, logBuf, "serve", "--watch", ".")
	lines := bufio.NewScanner(outR)
	lines.Buffer(nil, 1<<20)
	next := func(want string) string {
		t.Helper()
		for lines.Scan() {
			if strings.Contains(lines.Text(), want) {
				return lines.Text()
			}
		}
		t.Fatalf("no line with %q; log:\n%s", want, logBuf.String())
		return ""
	}
	send := func(line string) {
		t.Helper()
		if _, err := io.WriteString(inW, line+"\n"); err != nil {
			t.Fatal(err)
		}
	}
	send(initialize)
	if l := next(`"id":1`); !strings.Contains(l, `"listChanged":true`) {
		t.Errorf("initialize: %s", l)
	}
	// initialize is answered at once; a call, once the first build is
	// served (and watched).
	send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"nope"}}`)
	if l := next(`"id":2`); !strings.Contains(l, "Unknown tool: nope") {
		t.Fatalf("a call before the edit: %s", l)
	}
	main := filepath.Join(dir, "main.go")
	src, _ := os.ReadFile(main)
	if err := os.WriteFile(main, append(src, []byte("\nfunc broken( {\n")...), 0o644); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(2 * time.Minute)
	for !strings.Contains(logBuf.String(), "still serving the last good one") {
		if time.Now().After(deadline) {
			t.Fatalf("the broken edit was not reported within 2 minutes; log:\n%s", logBuf.String())
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err := os.WriteFile(main, []byte(strings.Replace(string(src), "Read a web page", "Read one web page", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	next(`"method":"notifications/tools/list_changed"`)
	send(`{"jsonrpc":"2.0","id":9,"method":"tools/list"}`)
	if l := next(`"id":9`); !strings.Contains(l, "Read one web page") {
		t.Errorf("tools/list after the edit: %s", l)
	}
	inW.Close()
	if c := <-code; c != exitOK {
		t.Errorf("exit %d", c)
	}
	for _, want := range []string{"watch: main.go changed: rebuilding", "still serving the last good one", "watch: rebuilt in "} {
		if !strings.Contains(logBuf.String(), want) {
			t.Errorf("the log lacks %q:\n%s", want, logBuf.String())
		}
	}
	if gen, _ := os.ReadFile(filepath.Join(dir, "subako_gen.go")); !strings.Contains(string(gen), "Read one web page") {
		t.Errorf("subako_gen.go was not regenerated")
	}
}

type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// serve on a Go package directory without subako_gen.go writes it, as
// --watch does, and answers initialize while it builds: the answer comes
// before the package is served (the log says when it is).
func TestServeAnswersWhileBuilding(t *testing.T) {
	if testing.Short() {
		t.Skip("builds wasip1 modules")
	}
	t.Parallel()
	wd, _ := os.Getwd()
	dir := filepath.Join(t.TempDir(), "pkg")
	if code, stdout, stderr := runCLI("init", "--replace", filepath.Join(wd, "..", "..", "..", ".."), dir); code != exitOK {
		t.Fatalf("init: %d\n%s%s", code, stdout, stderr)
	}
	gen := filepath.Join(dir, "subako_gen.go")
	if _, err := os.Stat(gen); err == nil {
		t.Fatal("init wrote subako_gen.go")
	}
	logBuf := &lockedBuffer{}
	inW, outR, code := startIn(t, dir, logBuf, "serve", ".")
	lines := bufio.NewScanner(outR)
	lines.Buffer(nil, 1<<20)
	if _, err := io.WriteString(inW, initialize+"\n"); err != nil {
		t.Fatal(err)
	}
	if !lines.Scan() || !strings.Contains(lines.Text(), `"id":1,"result":{"capabilities"`) {
		t.Fatalf("initialize: %q", lines.Text())
	}
	if strings.Contains(logBuf.String(), "serving ") {
		t.Errorf("initialize was answered only once the package was served:\n%s", logBuf.String())
	}
	if _, err := io.WriteString(inW, `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`+"\n"); err != nil {
		t.Fatal(err)
	}
	if !lines.Scan() || !strings.Contains(lines.Text(), `"id":2,"result":{"tools":[`) {
		t.Errorf("tools/list: %q", lines.Text())
	}
	if strings.Contains(lines.Text(), `"tools":[]`) {
		// Answered before the build ended (a slow machine): the full list
		// follows the notification.
		if !lines.Scan() || !strings.Contains(lines.Text(), `"method":"notifications/tools/list_changed"`) {
			t.Fatalf("no list_changed after an empty list: %q", lines.Text())
		}
		if _, err := io.WriteString(inW, `{"jsonrpc":"2.0","id":3,"method":"tools/list"}`+"\n"); err != nil {
			t.Fatal(err)
		}
		if !lines.Scan() || !strings.Contains(lines.Text(), `"id":3,"result":{"tools":[{`) {
			t.Errorf("tools/list once built: %q", lines.Text())
		}
	}
	inW.Close()
	if c := <-code; c != exitOK {
		t.Errorf("exit %d\n%s", c, logBuf.String())
	}
	if _, err := os.Stat(gen); err != nil {
		t.Errorf("subako_gen.go was not generated: %v", err)
	}
}

// TestServeNoSuchPackage (issue 33): a PATH that names no package, a Go
// package outside the module serve runs in, and a Go package that does not
// use the subako runtime are each refused before anything is built, with
// exit 3 and a message that says which, and a client that asked is told
// why; none of them writes subako_gen.go.
func TestServeNoSuchPackage(t *testing.T) {
	t.Parallel()
	outside := t.TempDir()
	if err := writeFile(filepath.Join(outside, "main.go"), []byte("package main\n\nfunc main() {}\n")); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, want string }{
		{"./no-such-dir", "no such package in the module serve runs in"},
		{"example.com/no/such/package", "no such package in the module serve runs in"},
		{outside, "nor a Go package of the module serve runs in: directory " + outside + " outside"},
		{"../../../../internal/textutil", "does not import the subako runtime"},
		{"../../../../internal/cmd/rulesdoc", "does not import the subako runtime"},
		{"missing.wasm", "missing.wasm: no such module file"},
	} {
		code, stdout, stderr := serveWith(t, initialize+"\n"+`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`+"\n", c.path)
		if code != exitUnreadable || !strings.Contains(stderr, c.want) {
			t.Errorf("serve %s: exit %d, want %d saying %q; stderr %q", c.path, code, exitUnreadable, c.want, stderr)
		}
		if !strings.Contains(stdout, `"id":2,"error"`) || !strings.Contains(stdout, c.want) {
			t.Errorf("serve %s: the client was not told why: %s", c.path, stdout)
		}
		if strings.Contains(stderr, "subako_gen.go") {
			t.Errorf("serve %s: %s", c.path, stderr)
		}
	}
	if _, err := os.Stat(filepath.Join(outside, "subako_gen.go")); err == nil {
		t.Error("subako_gen.go was written outside the module")
	}
}
