package serve

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/check/pkgcheck"
	"github.com/subako-ai/subako-go/internal/host"
)

// TestReloadsReleaseCompiledCode (attack pass 42n, row 7): a module
// Server.Use replaced is let go of by the host (host.Forget) once no call
// runs it, so a server that loads one module after another (a --watch
// rebuild each) holds the compiled code of the one it serves, not of every
// one it loaded: the host kept each in its table until exit, 13 MiB a load
// of examples/hello (12 saves took serve from 177 MB to 424 MB of RSS,
// past serve-limits.md's 256 MiB). Here the same module with a custom
// section naming the load (as a rebuild changes its bytes) is loaded 12
// times into one server: after the first two, the process's resident
// memory (where wazero's compiled code is, outside the Go heap) must not
// grow by more than 64 MiB (it grew by about 130).
func TestReloadsReleaseCompiledCode(t *testing.T) {
	s, loaded := helloLoader(t)
	load := func(i int) { s.Use(loaded(i)) }
	load(0)
	load(1)
	before := rssFix42n(t)
	const more = 10
	for i := 2; i < 2+more; i++ {
		load(i)
	}
	after := rssFix42n(t)
	grown := after - before
	t.Logf("RSS %d MiB after 2 loads, %d MiB after %d more", before>>20, after>>20, more)
	if grown > 64<<20 {
		t.Errorf("%d more loads of one module (a --watch rebuild each) grew serve's resident memory by %d MiB, %d MiB a load, with one package served",
			more, grown>>20, grown/more>>20)
	}
}

// withCustomSectionFix42n appends a custom section (id 0) to a module.
func withCustomSectionFix42n(wasm []byte, name string, payload []byte) []byte {
	var body []byte
	body = appendULEBFix42n(body, uint64(len(name)))
	body = append(body, name...)
	body = append(body, payload...)
	out := append(bytes.Clone(wasm), 0)
	out = appendULEBFix42n(out, uint64(len(body)))
	return append(out, body...)
}

func appendULEBFix42n(b []byte, v uint64) []byte {
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if v != 0 {
			c |= 0x80
		}
		b = append(b, c)
		if v == 0 {
			return b
		}
	}
}

// rssFix42n is this process's resident memory after a GC, from /proc.
func rssFix42n(t *testing.T) int64 {
	runtime.GC()
	debug.FreeOSMemory()
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Skip("no /proc/self/status")
	}
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "VmRSS:") {
			var kb int64
			if _, err := fmt.Sscanf(strings.TrimSpace(strings.TrimPrefix(line, "VmRSS:")), "%d kB", &kb); err == nil {
				return kb << 10
			}
		}
	}
	t.Skip("no VmRSS")
	return 0
}

// TestReplacedPackageKeptUntilItsLastCall (attack pass 42n, rows 1 and 7):
// a package Use replaced while a call holds it keeps its module runnable
// and its build on disk until that call ends; then its module is let go
// of (a run of it is refused) and its build discarded.
func TestReplacedPackageKeptUntilItsLastCall(t *testing.T) {
	s, load := helloLoader(t)
	var discarded []string
	s.discard = func(path string) { discarded = append(discarded, path) }
	ctx := context.Background()
	h, err := s.checker.Host(ctx)
	if err != nil {
		t.Fatal(err)
	}
	runs := func(p *Package) error {
		sess, err := h.Start(ctx, p.module, host.RunConfig{})
		if err == nil {
			sess.Wait()
		}
		return err
	}
	p0 := load(0)
	s.Use(p0)
	held := s.holdPackage() // a call in flight
	if held != p0 {
		t.Fatal("holdPackage did not give the package served")
	}
	s.Use(load(1))
	if len(discarded) != 0 {
		t.Errorf("a build discarded while a call holds it: %v", discarded)
	}
	if err := runs(p0); err != nil {
		t.Errorf("the replaced package's module while a call holds it: %v", err)
	}
	s.dropPackage(held)
	if len(discarded) != 1 || discarded[0] != p0.Path {
		t.Errorf("after its last call the replaced build discarded: %v, want [%s]", discarded, p0.Path)
	}
	if err := runs(p0); !errors.Is(err, host.ErrForgotten) {
		t.Errorf("the replaced package's module after its last call: %v, want ErrForgotten", err)
	}
	// The same bytes served again are compiled anew, and serve.
	p0again := load(0)
	s.Use(p0again)
	if err := runs(p0again); err != nil {
		t.Errorf("the same bytes loaded again: %v", err)
	}
}

// TestUndoneSaveKeepsModule (attack pass 42q, row 1): a save undone while
// a call still ran on the replaced package. The load of the undone bytes
// is handed the module the host compiled for them before, which the
// replaced package holds; the call ending during that load let the module
// go (host.Forget), so the load served a module whose every run failed
// (ErrForgotten) until the next save. While a load is under way, no
// module is let go of.
func TestUndoneSaveKeepsModule(t *testing.T) {
	s, load := helloLoader(t)
	ctx := context.Background()
	h, err := s.checker.Host(ctx)
	if err != nil {
		t.Fatal(err)
	}
	a := load(0)
	s.Use(a)
	held := s.holdPackage() // a call in flight on A
	s.Use(load(1))          // saved: B served, A kept for its call
	// undone: A's bytes again, and A's call ends while they load
	s.judged = func(*pkgcheck.Result) {
		if held != nil {
			s.dropPackage(held)
			held = nil
		}
	}
	again := load(0)
	s.judged = nil
	s.Use(again)
	sess, err := h.Start(ctx, again.module, host.RunConfig{})
	if err != nil {
		t.Fatalf("the undone save's package cannot run: %v", err)
	}
	sess.Wait()
}

// helloLoader is a server with nothing loaded, and what loads into it
// examples/hello's module with a custom section naming the load i (its
// bytes changed, as a rebuild changes them), so loads of one i share a
// SHA-256 and loads of two do not.
func helloLoader(t *testing.T) (*Server, func(i int) *Package) {
	t.Helper()
	hello, err := os.ReadFile(buildWasm(t, "../../examples/hello", ""))
	if err != nil {
		t.Fatal(err)
	}
	s, logBuf := unloadedServer(t, Options{})
	dir := t.TempDir()
	return s, func(i int) *Package {
		t.Helper()
		path := filepath.Join(dir, "m"+strconv.Itoa(i)+".wasm")
		if err := os.WriteFile(path, withCustomSectionFix42n(hello, "load", []byte(strconv.Itoa(i))), 0o644); err != nil {
			t.Fatal(err)
		}
		p, err := s.Load(context.Background(), path)
		if err != nil {
			t.Fatalf("load %d: %v\n%s", i, err, logBuf.String())
		}
		return p
	}
}
