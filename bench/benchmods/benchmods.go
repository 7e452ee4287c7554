// Package benchmods builds the WebAssembly modules that the benchmarks
// measure (wasmparse's BenchmarkParse and the bench/compare module), so that
// every benchmark reads the very same files.
//
// Each module is a Go program compiled with GOOS=wasip1 GOARCH=wasm. A build
// is cached in os.UserCacheDir()/subako-go-bench under a key made of the Go
// version and a hash of the program's source, so reruns skip the compiler.
package benchmods

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
)

// A Mod is one benchmark module: a Go main package of this repository.
type Mod struct {
	Name string // short name used in benchmark and table names
	Pkg  string // package directory, relative to the repository root
	// Deps are more source directories the build depends on (the runtime).
	Deps []string
}

// Mods lists the benchmark modules, smallest first.
var Mods = []Mod{
	{Name: "hello", Pkg: "examples/hello", Deps: []string{"subako", "subako/jsonwire"}}, // about 2.5 MB
	{Name: "big", Pkg: "bench/bigmod"},                                                  // over 10 MB: much of the standard library
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

// CacheDir is where built modules are kept.
func CacheDir() string {
	d, err := os.UserCacheDir()
	if err != nil {
		d = os.TempDir()
	}
	return filepath.Join(d, "subako-go-bench")
}

func build(m Mod) (string, error) {
	goBin, err := exec.LookPath("go")
	if err != nil {
		return "", ErrNoGo
	}
	root, err := Root()
	if err != nil {
		return "", err
	}
	key, err := cacheKey(goBin, root, m)
	if err != nil {
		return "", err
	}
	dir := CacheDir()
	out := filepath.Join(dir, m.Name+"-"+key+".wasm")
	if fi, err := os.Stat(out); err == nil && fi.Size() > 0 {
		return out, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp(dir, "build-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	tmpOut := filepath.Join(tmp, m.Name+".wasm")
	cmd := exec.Command(goBin, "build", "-o", tmpOut, "./"+m.Pkg)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=wasip1", "GOARCH=wasm")
	if msg, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("benchmods: GOOS=wasip1 GOARCH=wasm go build ./%s: %w\n%s", m.Pkg, err, msg)
	}
	// Rename is atomic, so a concurrent run sees either nothing or the whole file.
	if err := os.Rename(tmpOut, out); err != nil {
		return "", err
	}
	return out, nil
}

// cacheKey hashes the Go version, the go directive of go.mod and the
// non-test Go files of the package and the directories it depends on.
func cacheKey(goBin, root string, m Mod) (string, error) {
	cmd := exec.Command(goBin, "env", "GOVERSION")
	cmd.Dir = root
	v, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("benchmods: go env GOVERSION: %w", err)
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\nwasip1/wasm\n", bytes.TrimSpace(v))
	if gomod, err := os.ReadFile(filepath.Join(root, "go.mod")); err == nil {
		for _, line := range strings.Split(string(gomod), "\n") {
			if strings.HasPrefix(line, "go ") || strings.HasPrefix(line, "toolchain ") {
				fmt.Fprintln(h, line)
			}
		}
	}
	files, err := filepath.Glob(filepath.Join(root, m.Pkg, "*.go"))
	if err != nil || len(files) == 0 {
		return "", fmt.Errorf("benchmods: no Go files in %s", filepath.Join(root, m.Pkg))
	}
	for _, d := range m.Deps {
		more, _ := filepath.Glob(filepath.Join(root, d, "*.go"))
		files = append(files, more...)
	}
	sort.Strings(files)
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "%s %d\n", strings.TrimPrefix(f, root), len(b))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil))[:16], nil
}
