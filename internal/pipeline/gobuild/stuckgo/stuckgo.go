//go:build unix

// Package stuckgo is test support: a go command that never ends, for the
// tests of what gives up a go command blocked where input.GoSources cannot
// see (a FIFO in another module's directory, a file made special since).
package stuckgo

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// Go is a stand-in go command put on PATH by Install.
type Go struct {
	t    testing.TB
	said string
	seen []int // every process id read so far, killed when the test ends
}

// Install puts first on PATH a go command that writes its process id to
// the file said (a line for each run: go/packages may run two at once),
// then waits an hour, deaf to SIGINT and SIGTERM, as one blocked opening
// a FIFO does. said may be a FIFO, so a test can wait for the stand-in to
// start. GOPACKAGESDRIVER is turned off, so go/packages runs it. Every
// stand-in that said its id is killed when the test ends.
func Install(t testing.TB, said string) *Go {
	t.Helper()
	bin := t.TempDir()
	script := "#!/bin/sh\necho $$ >> " + said + "\ntrap '' INT TERM\nexec sleep 3600\n"
	if err := os.WriteFile(filepath.Join(bin, "go"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	t.Setenv("GOPACKAGESDRIVER", "off")
	g := &Go{t: t, said: said}
	t.Cleanup(func() {
		g.Pids()
		for _, pid := range g.seen {
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
	})
	return g
}

// Pids reads the process ids the stand-ins wrote so far, without waiting:
// a FIFO is opened non-blocking, which also lets a stand-in still waiting
// to say it started go on (it dies writing to a FIFO no one reads).
func (g *Go) Pids() []int {
	g.t.Helper()
	f, err := os.OpenFile(g.said, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil
	}
	defer f.Close()
	buf := make([]byte, 4096)
	n, _ := f.Read(buf)
	return g.parse(string(buf[:n]))
}

// Wait reads the process ids from the FIFO said, blocking until the first
// stand-in has opened it and every stand-in that opened it has written.
func (g *Go) Wait() []int {
	g.t.Helper()
	text, err := os.ReadFile(g.said)
	if err != nil {
		g.t.Fatal(err)
	}
	return g.parse(string(text))
}

func (g *Go) parse(text string) []int {
	var pids []int
	for _, field := range strings.Fields(text) {
		pid, err := strconv.Atoi(field)
		if err != nil {
			g.t.Fatalf("the stand-in go said %q", text)
		}
		pids = append(pids, pid)
	}
	g.seen = append(g.seen, pids...)
	return pids
}
