package pkgdir

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/input"
	"github.com/subako-ai/subako-go/internal/pipeline/gobuild"
)

// TestBuild writes examples/hello's package directory: the module, the
// manifest its native build prints, and nothing else (no assets, the
// native build removed). Both builds run under the progress reporter,
// which is told what each does.
func TestBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds Go packages")
	}
	dir := t.TempDir()
	var steps []string
	seen := func(what string, step func()) { steps = append(steps, what); step() }
	if err := Build(context.Background(), "../../../examples/hello", "", dir, io.Discard, seen); err != nil {
		t.Fatal(err)
	}
	if len(steps) != 2 || !strings.Contains(steps[0], "for wasip1") || !strings.Contains(steps[1], "for this machine") {
		t.Errorf("the reporter saw %q, want the wasip1 build then the native one", steps)
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if !slices.Equal(names, []string{"module.wasm", "subako-package.json"}) {
		t.Errorf("wrote %v", names)
	}
	manifest, _ := os.ReadFile(filepath.Join(dir, "subako-package.json"))
	if !strings.Contains(string(manifest), `"name": "hello"`) {
		t.Errorf("manifest %s", manifest)
	}
}

// spamManifest is a native-only file: asked for its manifest, the
// package's native build prints 64 MiB of spaces and exits 0.
const spamManifest = `//go:build !wasip1

package main

import "os"

func init() {
	for _, a := range os.Args {
		if a == "--subako-manifest" {
			b := make([]byte, 1<<20)
			for i := range b {
				b[i] = ' '
			}
			for range 64 {
				os.Stdout.Write(b)
			}
			os.Exit(0)
		}
	}
}
`

// TestManifestOutputBounded (attack pass 40m, row 2): Build read what
// the package's native build printed for --subako-manifest into a
// buffer with no bound: an init that printed without end took pack to
// 1.2 GB and exit 4 (out of memory), and 64 MiB printed became a 64 MiB
// subako-package.json. The output is now read up to input.MaxManifest
// (what every other reader of a manifest takes), the run killed past it
// and refused with a *ManifestError (exit 3), having held about the cap.
func TestManifestOutputBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("builds Go packages")
	}
	// A copy of examples/hello inside the module (testdata, which the go
	// command builds when named), with the native-only spam.
	if err := os.MkdirAll("testdata", 0o755); err != nil {
		t.Fatal(err)
	}
	pkg, err := os.MkdirTemp("testdata", "spam-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(pkg); os.Remove("testdata") })
	for _, f := range []string{"main.go", "subako_gen.go"} {
		b, err := os.ReadFile(filepath.Join("../../../examples/hello", f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(pkg, f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(pkg, "native_spam.go"), []byte(spamManifest), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	err = Build(context.Background(), "./"+pkg, "", dir, io.Discard, func(_ string, step func()) { step() })
	runtime.ReadMemStats(&after)
	allocated := after.TotalAlloc - before.TotalAlloc
	t.Logf("Build: %v; allocated %d KiB", err, allocated>>10)
	var me *ManifestError
	var tl *input.TooLargeError
	if !errors.As(err, &me) || !errors.As(err, &tl) || tl.Max != input.MaxManifest {
		t.Errorf("Build took 64 MiB of --subako-manifest output: %v; want a *ManifestError past %d bytes", err, input.MaxManifest)
	}
	if _, err := os.Lstat(filepath.Join(dir, "subako-package.json")); err == nil {
		t.Error("Build wrote a subako-package.json of what was refused")
	}
	if allocated > 16<<20 {
		t.Errorf("Build allocated %d MiB reading the native build's output: the read is not bounded", allocated>>20)
	}
}

// nativeSource is a program that misbehaves as $MODE says.
const nativeSource = `package main

import (
	"os"
	"time"
)

func main() {
	b := make([]byte, 1<<20)
	for i := range b {
		b[i] = 'x'
	}
	switch os.Getenv("MODE") {
	case "loop":
		for {
		}
	case "sleep":
		time.Sleep(time.Hour)
	case "stderr":
		for range 4 {
			os.Stderr.Write(b)
		}
		os.Stdout.WriteString("{}")
	}
}
`

// nativeBinary builds nativeSource for this machine.
func nativeBinary(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range map[string]string{"go.mod": "module example.com/native\n\ngo 1.22\n", "main.go": nativeSource} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bin := filepath.Join(dir, "native")
	if err := gobuild.Native(context.Background(), dir, ".", bin, io.Discard); err != nil {
		t.Fatal(err)
	}
	return bin
}

// TestManifestRunBounded (attack pass 40m, row 2): the native run had no
// time limit and no context, and its stderr no bound: a native init that
// looped or slept made pack and serve wait for ever. It now runs within
// ManifestCPU of its own CPU time (RLIMIT_CPU: the package's fault,
// whatever the machine's load) and a wall-clock backstop fifty times that
// (not judged, a *ManifestError: a sleeping init uses no CPU), its process
// group killed; its stderr is shown up to ManifestStderr. Here with a CPU
// limit of one second, and a backstop of two for the init that sleeps but
// of two minutes for the one that loops: its one second of CPU time may
// take far more than two of the wall on a loaded machine (it did in a CI
// run beside other work, and was judged "not judged").
func TestManifestRunBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a native program")
	}
	bin := nativeBinary(t)
	runWithin := func(mode string, backstop time.Duration) ([]byte, string, error) {
		t.Setenv("MODE", mode)
		var stderr strings.Builder
		out, err := runManifest(context.Background(), "./pkg", bin, &stderr, time.Second, backstop)
		return out, stderr.String(), err
	}
	run := func(mode string) ([]byte, string, error) { return runWithin(mode, 2*time.Second) }
	if runtime.GOOS == "linux" {
		_, _, err := runWithin("loop", 2*time.Minute)
		var me *ManifestError
		if err == nil || errors.As(err, &me) || !strings.Contains(err.Error(), "used its 1s of CPU time") {
			t.Errorf("an init that loops: %v, want it stopped at its CPU time (the package's fault)", err)
		}
	}
	_, _, err := run("sleep")
	var me *ManifestError
	if !errors.As(err, &me) || !strings.Contains(err.Error(), "not judged") {
		t.Errorf("an init that sleeps: %v, want it given up, not judged", err)
	}
	out, stderr, err := run("stderr")
	if err != nil || string(out) != "{}" {
		t.Errorf("4 MiB on stderr, then the manifest: %q, %v", out, err)
	}
	if len(stderr) > ManifestStderr+200 || !strings.Contains(stderr, "more bytes of ./pkg --subako-manifest's stderr not shown") {
		t.Errorf("showed %d bytes of 4 MiB of stderr (at most %d): ...%q", len(stderr), ManifestStderr, stderr[max(0, len(stderr)-200):])
	}
}
