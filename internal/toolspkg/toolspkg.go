// Package toolspkg writes the packages of BenchmarkToolCount (bench/runtime)
// and the probes' benchmark (internal/probe): a function package of n
// generated tools, with its subako_gen.go, made when a benchmark asks for
// it rather than committed (the 64-tool package is 1.4 MB of source).
//
// The packages live in a module of their own in the user cache directory
// (it uses this repository through a replace directive), one per checkout,
// so that their paths, and with them gowasm's cached builds, stay the same
// from run to run. The sources and subako_gen.go are rewritten only when
// they change, and subako_gen.go is always generated again by the
// repository's own generator, so it cannot be stale.
package toolspkg

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"

	"github.com/subako-ai/subako-go/internal/gowasm"
)

// Env is the go command's environment for the packages' module: its own
// go.mod, nothing fetched. Pass it to gowasm.PathEnv.
var Env = []string{"GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off"}

// Dir returns the directory of the package of n tools (1 to 64), named
// "tools<n>", writing and generating it first. It skips the benchmark or
// test in -short mode and when there is no go command.
func Dir(tb testing.TB, n int) string {
	tb.Helper()
	if testing.Short() {
		tb.Skip("generates a package of " + strconv.Itoa(n) + " tools")
	}
	if _, err := exec.LookPath("go"); err != nil {
		tb.Skip("no go command on PATH")
	}
	mu.Lock()
	r := made[n]
	if r == nil {
		r = &result{}
		made[n] = r
	}
	mu.Unlock()
	r.once.Do(func() { r.dir, r.err = write(n) })
	if r.err != nil {
		tb.Fatal(r.err)
	}
	return r.dir
}

type result struct {
	once sync.Once
	dir  string
	err  error
}

var (
	mu   sync.Mutex
	made = map[int]*result{}
)

// write writes the package of n tools and generates its subako_gen.go,
// holding a lock so that concurrent test processes do not write at once.
func write(n int) (string, error) {
	root, err := repoRoot()
	if err != nil {
		return "", err
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	sum := sha256.Sum256([]byte(root))
	mod := filepath.Join(cache, "subako-go-bench", "toolspkg", hex.EncodeToString(sum[:6]))
	unlock, err := gowasm.Lock("toolspkg-" + hex.EncodeToString(sum[:6]))
	if err != nil {
		return "", err
	}
	defer unlock()
	gosum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		return "", err
	}
	name := "tools" + strconv.Itoa(n)
	dir := filepath.Join(mod, name)
	src, err := Source(n)
	if err != nil {
		return "", err
	}
	doc := fmt.Sprintf("// Greets in %d ways: a package for BenchmarkToolCount, written by internal/toolspkg.\n//\n//subako:package %s\npackage main\n", n, name)
	for path, b := range map[string][]byte{
		filepath.Join(mod, "go.mod"):   []byte("module example.com/toolspkg\n\ngo 1.26.0\n\nrequire github.com/subako-ai/subako-go v0.0.0\n\nreplace github.com/subako-ai/subako-go => " + root + "\n"),
		filepath.Join(mod, "go.sum"):   gosum,
		filepath.Join(dir, "doc.go"):   []byte(doc),
		filepath.Join(dir, "tools.go"): src,
	} {
		if err := writeIfChanged(path, b); err != nil {
			return "", err
		}
	}
	gen, err := generator(root, mod)
	if err != nil {
		return "", err
	}
	cmd := exec.Command(gen)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), Env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("toolspkg: subakogo-generate in %s: %w\n%s", dir, err, out)
	}
	return dir, nil
}

// generator builds the repository's cmd/subakogo-generate into mod/bin.
func generator(root, mod string) (string, error) {
	out := filepath.Join(mod, "bin", "subakogo-generate")
	cmd := exec.Command("go", "build", "-o", out, "./cmd/subakogo-generate")
	cmd.Dir = root
	if msg, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("toolspkg: go build ./cmd/subakogo-generate: %w\n%s", err, msg)
	}
	return out, nil
}

// repoRoot is the root of this repository: the go.mod above the working
// directory (a test's package directory) whose module is subako-go.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		b, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && bytes.HasPrefix(b, []byte("module github.com/subako-ai/subako-go\n")) {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("toolspkg: not inside the subako-go repository")
		}
		dir = parent
	}
}

// writeIfChanged writes b to path unless it holds b already, so that an
// unchanged package keeps its files (and gowasm's key) as they were.
func writeIfChanged(path string, b []byte) error {
	if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, b) {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
