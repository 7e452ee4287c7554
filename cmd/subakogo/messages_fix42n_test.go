package main

import (
	"io"
	"net"
	"strings"
	"testing"
)

// TestServeAddressInUseExits3 (attack pass 42n, row 4): serve --http on
// an address another process holds is the machine's state, not a usage
// error: exit 3 with a line saying why, no usage text. It exited 2 with
// the usage, where "exit code 2 is only ever a usage error" (lint.md): a
// supervisor that retries on 3 and gives up on 2 gave up on a port a
// previous run still held.
func TestServeAddressInUseExits3(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	var stderr strings.Builder
	code := runServe([]string{"--http", ln.Addr().String(), "served.wasm"}, io.Discard, &stderr)
	if code != exitUnreadable {
		t.Errorf("an address in use: exit %d, want %d; stderr:\n%s", code, exitUnreadable, stderr.String())
	}
	if strings.Contains(stderr.String(), "Usage") || !strings.Contains(stderr.String(), "cannot listen") {
		t.Errorf("an address in use: stderr should say it cannot listen, without the usage:\n%s", stderr.String())
	}
}

// TestDiffNamesItself (attack pass 42n, row 5): diff shares serve's
// resolveServed; its message for a path that names nothing said "no such
// package in the module serve runs in", naming a command the user did not
// run.
func TestDiffNamesItself(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	var stderr strings.Builder
	code := runDiff([]string{"nosuchpkg-fix42n", "nosuchpkg-fix42n"}, io.Discard, &stderr)
	if strings.Contains(stderr.String(), "serve") || !strings.Contains(stderr.String(), "module diff runs in") {
		t.Errorf("exit %d; diff's message should name diff, not serve:\n%s", code, stderr.String())
	}
}
