// Package benchmods builds the WebAssembly modules that the benchmarks
// measure (wasmparse's BenchmarkParse and the bench/compare module), so that
// every benchmark reads the very same files.
//
// Each module is a Go program compiled with GOOS=wasip1 GOARCH=wasm by
// internal/gowasm, which caches it by the Go version and a hash of every
// source file, so reruns skip the compiler.
package benchmods

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync"

	"github.com/subako-ai/subako-go/internal/gowasm"
)

// A Mod is one benchmark module: a Go main package of this repository.
type Mod struct {
	Name string // short name used in benchmark and table names
	Pkg  string // package directory, relative to the repository root
}

// Mods lists the benchmark modules, smallest first.
var Mods = []Mod{
	{Name: "hello", Pkg: "examples/hello"}, // about 2.5 MB
	{Name: "big", Pkg: "bench/bigmod"},     // over 10 MB: much of the standard library
}

// ErrNoGo is returned when no go command is on PATH.
var ErrNoGo = errors.New("benchmods: no go command on PATH")

var (
	mu    sync.Mutex
	built = map[string]*result{}
)

type result struct {
	once sync.Once
	path string
	err  error
}

// Path returns the path of the named module's .wasm file, building it the
// first time it is asked for (in this process, or ever for this source and
// Go version).
func Path(name string) (string, error) {
	var mod *Mod
	for i := range Mods {
		if Mods[i].Name == name {
			mod = &Mods[i]
		}
	}
	if mod == nil {
		return "", fmt.Errorf("benchmods: no module named %q", name)
	}
	mu.Lock()
	r := built[name]
	if r == nil {
		r = &result{}
		built[name] = r
	}
	mu.Unlock()
	r.once.Do(func() { r.path, r.err = build(*mod) })
	return r.path, r.err
}

// Load returns the bytes of the named module.
func Load(name string) ([]byte, error) {
	p, err := Path(name)
	if err != nil {
		return nil, err
	}
	return os.ReadFile(p)
}

// Root returns the repository root: $SUBAKO_GO_ROOT if set, else the
// directory two levels above this source file.
func Root() (string, error) {
	if r := os.Getenv("SUBAKO_GO_ROOT"); r != "" {
		return r, nil
	}
	_, file, _, ok := runtime.Caller(0)
	if !ok || !filepath.IsAbs(file) {
		return "", errors.New("benchmods: cannot locate the repository (built with -trimpath?); set SUBAKO_GO_ROOT")
	}
	root := filepath.Dir(filepath.Dir(filepath.Dir(file)))
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		return "", fmt.Errorf("benchmods: no go.mod at %s; set SUBAKO_GO_ROOT", root)
	}
	return root, nil
}

func build(m Mod) (string, error) {
	root, err := Root()
	if err != nil {
		return "", err
	}
	p, err := gowasm.BuildFile(filepath.Join(root, m.Pkg))
	if errors.Is(err, gowasm.ErrNoGo) {
		return "", ErrNoGo
	}
	return p, err
}
