// Package gowasm builds Go packages as WASI preview 1 modules for tests,
// each at most once: per process, and on disk under a key made of the Go
// version, the build flags and a hash of every source file the build
// reads, so a rerun (or another package's tests) skips the compiler and
// the linker. Every test in this repository that needs a Go-built module
// gets it here.
//
// The environment is the commands' (internal/pipeline/gobuild.Env); the
// flags are the test's own, without the commands' -trimpath, so that a
// test module's panic names its file on disk.
package gowasm

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/pipeline/gobuild"
)

// ErrNoGo is returned when there is no go command on PATH.
var ErrNoGo = errors.New("gowasm: no go command on PATH")

type result struct {
	once sync.Once
	path string
	err  error
}

var (
	mu    sync.Mutex
	built = map[string]*result{} // by absolute directory and flags
)

// Build returns the bytes of the module built from the Go main package in
// dir (absolute, or relative to the working directory) with extra go build
// flags (e.g. "-ldflags=-X main.mode=x"). It fails the test when the build
// fails and skips it when there is no go command.
func Build(tb testing.TB, dir string, flags ...string) []byte {
	tb.Helper()
	b, err := os.ReadFile(Path(tb, dir, flags...))
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// Path is Build's module as a file in the cache. Do not change it: it is
// shared by every test that builds the same sources.
func Path(tb testing.TB, dir string, flags ...string) string {
	tb.Helper()
	return PathEnv(tb, dir, nil, flags...)
}

// PathEnv is Path with more environment for the go command (GOFLAGS,
// GOPROXY=off for a module of the test's own), which is part of the key.
func PathEnv(tb testing.TB, dir string, env []string, flags ...string) string {
	tb.Helper()
	p, err := buildFile(dir, env, flags)
	if errors.Is(err, ErrNoGo) {
		tb.Skip(err)
	}
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// BuildFile is Path for callers without a testing.TB (benchmarks' setup,
// commands).
func BuildFile(dir string, flags ...string) (string, error) {
	return buildFile(dir, nil, flags)
}

func buildFile(dir string, env, flags []string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	id := abs + "\x00" + strings.Join(env, "\x00") + "\x00\x00" + strings.Join(flags, "\x00")
	mu.Lock()
	r := built[id]
	if r == nil {
		r = &result{}
		built[id] = r
	}
	mu.Unlock()
	r.once.Do(func() { r.path, r.err = build(abs, append(append([]string(nil), gobuild.Env...), env...), flags) })
	return r.path, r.err
}

// CacheDir is where built modules are kept.
func CacheDir() string {
	d, err := os.UserCacheDir()
	if err != nil {
		d = os.TempDir()
	}
	return filepath.Join(d, "subako-go-test", "wasm")
}

func build(dir string, env, flags []string) (string, error) {
	goBin, err := exec.LookPath("go")
	if err != nil {
		return "", ErrNoGo
	}
	key, err := sourceKey(goBin, dir, env, flags)
	if err != nil {
		return "", err
	}
	return Cached(key, func(tmp, out string) error {
		args := append(append([]string{"build", "-o", out}, flags...), ".")
		cmd := exec.Command(goBin, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), env...)
		if msg, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("gowasm: GOOS=wasip1 GOARCH=wasm go %s in %s: %w\n%s", strings.Join(args, " "), dir, err, msg)
		}
		return nil
	})
}

// Cached returns the module kept in CacheDir under key (a name safe as a
// file name), first making it with build when it is not there: build
// writes the module to out in tmp, a temporary directory of its own that
// is removed afterwards. Builders of modules from other toolchains keep
// theirs here too, under keys of their own.
func Cached(key string, build func(tmp, out string) error) (string, error) {
	cache := CacheDir()
	out := filepath.Join(cache, key+".wasm")
	if fi, err := os.Stat(out); err == nil && fi.Size() > 0 {
		return out, nil
	}
	if err := os.MkdirAll(cache, 0o755); err != nil {
		return "", err
	}
	// go test runs packages in parallel processes, several of which may
	// need the same module on an empty cache (a CI machine): one builds it
	// while the others wait, then find it.
	unlock, err := lockFile(filepath.Join(cache, key+".lock"))
	if err != nil {
		return "", err
	}
	defer unlock()
	if fi, err := os.Stat(out); err == nil && fi.Size() > 0 {
		return out, nil
	}
	tmp, err := os.MkdirTemp(cache, "build-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	tmpOut := filepath.Join(tmp, "module.wasm")
	if err := build(tmp, tmpOut); err != nil {
		return "", err
	}
	// Rename is atomic: a concurrent build of the same key sees either no
	// file or the whole of one.
	if err := os.Rename(tmpOut, out); err != nil {
		return "", err
	}
	prune(cache)
	return out, nil
}

// Lock takes the lock named name (a file name) in CacheDir, waiting while
// another process holds it, for sources written there for a build (see
// internal/toolspkg); unlock releases it.
func Lock(name string) (unlock func(), err error) {
	if err := os.MkdirAll(CacheDir(), 0o755); err != nil {
		return nil, err
	}
	return lockFile(filepath.Join(CacheDir(), name+".lock"))
}

// pruneAge is how long a cached module not rebuilt is kept: builds of
// sources that changed since are dropped.
const pruneAge = 14 * 24 * time.Hour

// prune removes cached modules (and their lock files) older than pruneAge (a cache hit does not
// refresh the time, so a module in use is rebuilt every two weeks).
func prune(cache string) {
	entries, err := os.ReadDir(cache)
	if err != nil {
		return
	}
	for _, e := range entries {
		kept := strings.HasSuffix(e.Name(), ".wasm") || strings.HasSuffix(e.Name(), ".lock")
		if fi, err := e.Info(); err == nil && kept && time.Since(fi.ModTime()) > pruneAge {
			_ = os.Remove(filepath.Join(cache, e.Name()))
		}
	}
}

// listed is what go list says of one package the build reads.
type listed struct {
	ImportPath string
	Dir        string
	Standard   bool
	GoFiles    []string
	EmbedFiles []string
	Module     *struct {
		Path, Version, GoMod string
		Main                 bool
		Replace              *struct{ Path, Version, Dir string }
	}
}

// sourceKey hashes the Go version and settings, the flags and, for every package the
// build reads outside the standard library, its files; a package of a
// module in the module cache (immutable) counts by its version.
func sourceKey(goBin, dir string, env, flags []string) (string, error) {
	h := sha256.New()
	v, err := goOutput(goBin, dir, env, "env", "GOVERSION", "GOWASM", "GOFLAGS")
	if err != nil {
		return "", err
	}
	fmt.Fprintf(h, "%s\n%q\n%q\n", bytes.TrimSpace(v), env, flags)
	out, err := goOutput(goBin, dir, env, "list", "-deps", "-json=ImportPath,Dir,Standard,GoFiles,EmbedFiles,Module", ".")
	if err != nil {
		return "", err
	}
	mods := map[string]bool{}
	d := json.NewDecoder(bytes.NewReader(out))
	for {
		var p listed
		if err := d.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return "", fmt.Errorf("gowasm: go list: %w", err)
		}
		if p.Standard {
			continue
		}
		if m := p.Module; m != nil && !m.Main && m.Replace == nil && m.Version != "" {
			fmt.Fprintf(h, "module %s@%s\n", m.Path, m.Version)
			continue
		}
		if m := p.Module; m != nil && m.GoMod != "" && !mods[m.GoMod] {
			mods[m.GoMod] = true
			if err := hashFile(h, m.GoMod); err != nil {
				return "", err
			}
		}
		fmt.Fprintf(h, "package %s\n", p.ImportPath)
		for _, f := range append(append([]string(nil), p.GoFiles...), p.EmbedFiles...) {
			if err := hashFile(h, filepath.Join(p.Dir, f)); err != nil {
				return "", err
			}
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:24], nil
}

func hashFile(h io.Writer, path string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	fmt.Fprintf(h, "%s %d\n", path, len(b))
	_, err = h.Write(b)
	return err
}

func goOutput(goBin, dir string, env []string, args ...string) ([]byte, error) {
	cmd := exec.Command(goBin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("gowasm: go %s in %s: %w\n%s", strings.Join(args, " "), dir, err, stderr.Bytes())
	}
	return out, nil
}
