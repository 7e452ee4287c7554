// Package subjects builds the test subjects of the call probes: one small
// ABI 1 package per language, written without subakogo's help (C with
// clang and wasi-libc, Rust with std alone, AssemblyScript with its WASI
// shim, Go with the standard library instead of the subako runtime; and Go
// with the subako runtime for the search variants), each either
// well-behaved or broken in exactly one way that only a call shows.
// Every subject has one tool, add, that sums two integers (testdata/*).
//
// Each module is built at most once per process and kept on disk beside
// gowasm's, under a hash of its sources, its build and the toolchain's
// version, so a rerun skips the compilers. A missing toolchain skips the
// test with a message naming it; under CI, where .ci/run installs them
// all, it fails the test instead.
package subjects

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/gowasm"
)

// Lang is a subject's source language.
type Lang string

// The languages, each with its source in testdata/LANG.
const (
	C              Lang = "c"
	Rust           Lang = "rust"
	AssemblyScript Lang = "as"
	Go             Lang = "go"
	// GoRuntime is Go written with the subako runtime (its subako_gen.go
	// made by go generate), built for the search variants alone.
	GoRuntime Lang = "goruntime"
)

// Langs lists every language written without the subako runtime, which
// each has every variant Has allows.
var Langs = []Lang{C, Rust, AssemblyScript, Go}

// SearchLangs lists the languages of the search variants: the five of the
// probes' held-out set, less hand-written WAT.
var SearchLangs = []Lang{Go, GoRuntime, C, Rust, AssemblyScript}

// Variant is how a subject behaves; its name is the one every source
// switches on (a -D macro in upper case in C, a cfg in Rust, a constant in
// AssemblyScript and Go).
type Variant string

// The variants: Good passes every probe, each other breaks one.
const (
	Good         Variant = "good"
	RPCError     Variant = "rpc_error"     // bad arguments get a JSON-RPC error instead of an isError result
	ReadToEOF    Variant = "read_to_eof"   // a call is answered only once stdin reaches end of file
	SlowExit     Variant = "slow_exit"     // after a call, it sleeps 2 s at end of file before exiting
	AnswerNotify Variant = "answer_notify" // a notification gets an answer
	BadOutput    Variant = "bad_output"    // structuredContent's sum is a string, against the outputSchema
	StringID     Variant = "string_id"     // a numeric id is echoed as a string
)

// The variants that break on one edge of the schema, which a single
// valid sample misses: MaxTrap in every language; the others declare three
// more optional members (mode, an enum; label, a string or null of at most
// 16 characters; tags, at most 4 strings), EdgeGood behaving.
const (
	MaxTrap     Variant = "max_trap"     // a or b at its maximum traps
	EdgeGood    Variant = "edge_good"    // the larger schema, well-behaved
	EnumSecond  Variant = "enum_second"  // mode's second enum value gets a JSON-RPC error
	EmptyString Variant = "empty_string" // an empty label traps
	NonASCII    Variant = "non_ascii"    // a label starting with a non-ASCII character gets a JSON-RPC error
	NullMember  Variant = "null_member"  // a null label traps
	MaxItems    Variant = "max_items"    // tags at maxItems traps
	EmptyArray  Variant = "empty_array"  // an empty tags array gets a JSON-RPC error
	// Buffered keeps a call's answer in a full stdout buffer until it
	// fills or the module exits (C's stdio on a pipe, never flushed).
	Buffered Variant = "buffered"
	// NullID answers a call with id null.
	NullID Variant = "null_id"
)

// The variants that break inside their schema where no edge is, which
// only --probes=deep's search finds (from the module's own constants, or
// by relating two members); they declare other optional members (note and
// code, strings of at most 32 characters; level, from and to, integers
// from 0 to 1000; when, a date), SearchGood behaving.
const (
	SearchGood  Variant = "search_good"
	MagicString Variant = "magic_string" // a note starting with "admin:" traps
	MidNumber   Variant = "mid_number"   // level 613 traps
	Relation    Variant = "relation"     // to one more than from traps
	ExactLength Variant = "exact_length" // a code of exactly 11 characters traps
	LeapDate    Variant = "leap_date"    // when on February 29 traps
)

// Staged breaks where only coverage feedback leads in the search's budget:
// level 347, a note "open-sesame!" and from 271 together trap, each
// compared in a function of its own (stage1 to stage3), so that the module's
// constants give each value and the coverage of each stage's entry keeps
// the case that got that far, for the next member to be mutated.
const Staged Variant = "staged"

// CoverageVariants lists the variants only the search's coverage feedback
// finds within its budget, beside SearchGood their well-behaved twin.
var CoverageVariants = []Variant{Staged}

// SearchVariants lists the search variants, SearchGood first.
var SearchVariants = []Variant{SearchGood, MagicString, MidNumber, Relation, ExactLength, LeapDate}

// Variants lists every variant, Good first.
var Variants = []Variant{Good, RPCError, ReadToEOF, SlowExit, AnswerNotify, BadOutput, StringID,
	MaxTrap, EdgeGood, EnumSecond, EmptyString, NonASCII, NullMember, MaxItems, EmptyArray, Buffered, NullID}

// only lists the languages of the variants not every language has.
var only = map[Variant][]Lang{
	EdgeGood: {Go, C, Rust, AssemblyScript}, EnumSecond: {Go, C, Rust, AssemblyScript}, EmptyString: {Go, C, Rust},
	NonASCII: {Go, Rust}, NullMember: {Go, C}, MaxItems: {Go, C, AssemblyScript}, EmptyArray: {Go}, Buffered: {C}, NullID: {Go},
	SearchGood: {Go, C, Rust, AssemblyScript}, MagicString: {Go, C, Rust, AssemblyScript}, MidNumber: {Go, C, Rust, AssemblyScript},
	Relation: {Go, C, Rust, AssemblyScript}, ExactLength: {Go, C, Rust, AssemblyScript}, LeapDate: {Go, C, Rust, AssemblyScript},
	Staged: {Go, C, Rust, AssemblyScript},
}

// Has reports whether lang's source has the variant.
func Has(lang Lang, v Variant) bool {
	if lang == GoRuntime {
		return slices.Contains(SearchVariants, v) || slices.Contains(CoverageVariants, v)
	}
	langs, ok := only[v]
	return !ok || slices.Contains(langs, lang)
}

// Tool is the one tool every subject offers.
const Tool = "add"

// Manifest is every subject's subako-package.json.
const Manifest = `{"abi": 1, "name": "add", "description": "Adds two integers."}`

// MissingError says which toolchain a subject needs and how to get it.
type MissingError struct {
	Lang Lang
	What string
}

func (e *MissingError) Error() string {
	return fmt.Sprintf("subjects: cannot build the %s subjects: %s", e.Lang, e.What)
}

// Package returns a package directory (module.wasm and
// subako-package.json) of its own for the subject, which the caller may
// change. It skips the test when the language's toolchain is missing,
// except under CI, where that fails it.
func Package(tb testing.TB, lang Lang, v Variant) string {
	tb.Helper()
	mod := Module(tb, lang, v)
	dir := tb.TempDir()
	b, err := os.ReadFile(mod)
	if err == nil {
		err = os.WriteFile(filepath.Join(dir, "module.wasm"), b, 0o644)
	}
	if err == nil {
		err = os.WriteFile(filepath.Join(dir, "subako-package.json"), []byte(Manifest), 0o644)
	}
	if err != nil {
		tb.Fatal(err)
	}
	return dir
}

// Module is the subject's module in the cache: do not change it.
func Module(tb testing.TB, lang Lang, v Variant) string {
	tb.Helper()
	if testing.Short() {
		tb.Skip("builds the probes' test subjects")
	}
	if !Has(lang, v) {
		tb.Skipf("the %s subject has no variant %s", lang, v)
	}
	if lang == Go || lang == GoRuntime {
		return gowasm.Path(tb, sourceDir(lang), "-ldflags=-X main.variant="+string(v))
	}
	return built(tb, lang, v)
}

// CHooked is the C subject add.c built with the -D switches defs, which
// turn on its hooks ("WORK_ITER=5000", "IDLE_POLL=2900", "GROW_MIB=40",
// "FS_TIME_TRAP=16", ...: add.c's head lists them): a module of one test's
// own shape, built once per set of switches and cached on disk as the
// variants are. Unlike Module it builds under -short too (a C build takes
// a fraction of a second); it skips without clang and wasi-libc, except
// under CI.
func CHooked(tb testing.TB, defs ...string) string {
	tb.Helper()
	return built(tb, C, Variant(strings.Join(defs, " ")))
}

// built is ModuleFile in a test: a missing toolchain skips it, except
// under CI, where it fails it.
func built(tb testing.TB, lang Lang, v Variant) string {
	tb.Helper()
	p, err := ModuleFile(lang, v)
	var missing *MissingError
	switch {
	case errors.As(err, &missing) && os.Getenv("CI") != "":
		tb.Fatalf("%v, and CI must build every subject (.ci/run installs the toolchains)", err)
	case errors.As(err, &missing):
		tb.Skip(err)
	case err != nil:
		tb.Fatal(err)
	}
	return p
}

// ModuleFile is Module without a test, for the languages other than Go;
// its error is a *MissingError when the toolchain is missing.
func ModuleFile(lang Lang, v Variant) (string, error) {
	tc, err := chains.get(lang, func() (*toolchain, error) { return toolchainOf(lang) })
	if err != nil {
		return "", err
	}
	return builds.get(subject{lang, v}, func() (string, error) { return buildCached(lang, v, tc) })
}

type subject struct {
	lang Lang
	v    Variant
}

// Each toolchain is looked for, and each subject built, once a process.
var (
	chains onceMap[Lang, *toolchain]
	builds onceMap[subject, string]
)

// onceMap keeps what f gave for each key, f running at most once a key.
type onceMap[K comparable, V any] struct {
	mu sync.Mutex
	m  map[K]func() (V, error)
}

func (o *onceMap[K, V]) get(k K, f func() (V, error)) (V, error) {
	o.mu.Lock()
	g := o.m[k]
	if g == nil {
		if o.m == nil {
			o.m = map[K]func() (V, error){}
		}
		g = sync.OnceValues(f)
		o.m[k] = g
	}
	o.mu.Unlock()
	return g()
}

// toolchain is what builds one language's subjects.
type toolchain struct {
	id      string   // the toolchain's version and settings, part of the cache key
	sources []string // the source files, relative to the language's testdata folder
	// build writes the variant's module to out, in a temporary directory
	// of its own.
	build func(ctx context.Context, v Variant, tmp, out string) error
}

func toolchainOf(lang Lang) (*toolchain, error) {
	switch lang {
	case C:
		return clangToolchain()
	case Rust:
		return rustToolchain()
	case AssemblyScript:
		return ascToolchain()
	}
	return nil, fmt.Errorf("subjects: no toolchain for %q", lang)
}

// buildLimit bounds one compiler run (npm install included): a loaded
// 2-core machine takes seconds, never minutes.
const buildLimit = 5 * time.Minute

func buildCached(lang Lang, v Variant, tc *toolchain) (string, error) {
	h := sha256.New()
	fmt.Fprintf(h, "subjects 1\n%s\n%s\n%s\n", lang, v, tc.id)
	for _, f := range tc.sources {
		b, err := os.ReadFile(filepath.Join(sourceDir(lang), f))
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "%s %d\n", f, len(b))
		h.Write(b)
	}
	key := fmt.Sprintf("subject-%s-%s-%s", lang, strings.ReplaceAll(string(v), " ", "+"), hex.EncodeToString(h.Sum(nil))[:24])
	return gowasm.Cached(key, func(tmp, out string) error {
		ctx, cancel := context.WithTimeout(context.Background(), buildLimit)
		defer cancel()
		if err := tc.build(ctx, v, tmp, out); err != nil {
			return fmt.Errorf("subjects: building the %s subject %s: %w", lang, v, err)
		}
		return nil
	})
}

// sourceDir is the language's testdata folder, found from this file so
// that any package's tests can build the subjects.
func sourceDir(lang Lang) string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "testdata", string(lang))
}

// run runs a command, its output in the error when it fails.
func run(ctx context.Context, dir string, env []string, name string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	if env != nil {
		cmd.Env = append(os.Environ(), env...)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return out, fmt.Errorf("%s %s: %w\n%s%s", name, strings.Join(args, " "), err, out, stderr.Bytes())
	}
	return out, nil
}

// clangToolchain is clang for wasm32-wasi with Debian's wasi-libc and
// compiler-rt builtins (packages clang, lld, wasi-libc,
// libclang-rt-14-dev-wasm32). SUBAKO_CLANG names another clang.
func clangToolchain() (*toolchain, error) {
	const pkgs = "apt-get install clang lld wasi-libc libclang-rt-14-dev-wasm32"
	clang := os.Getenv("SUBAKO_CLANG")
	if clang == "" {
		clang = "clang"
	}
	clang, err := exec.LookPath(clang)
	if err != nil {
		return nil, &MissingError{C, "clang is not installed (" + pkgs + ")"}
	}
	ctx := context.Background()
	version, err := run(ctx, "", nil, clang, "--version")
	if err != nil {
		return nil, &MissingError{C, err.Error()}
	}
	target := "--target=wasm32-wasi"
	for _, f := range []struct{ flag, what string }{
		{"-print-file-name=crt1-command.o", "wasi-libc"},
		{"-print-libgcc-file-name", "the wasm32 compiler-rt builtins"},
	} {
		p, err := run(ctx, "", nil, clang, target, "--rtlib=compiler-rt", f.flag)
		if err != nil {
			return nil, &MissingError{C, err.Error()}
		}
		if _, err := os.Stat(strings.TrimSpace(string(p))); err != nil {
			return nil, &MissingError{C, f.what + " for wasm32-wasi is not installed (" + pkgs + ")"}
		}
	}
	return &toolchain{
		id:      clang + "\n" + string(version),
		sources: []string{"add.c"},
		build: func(ctx context.Context, v Variant, tmp, out string) error {
			args := []string{target, "-O2", "-Wall", "-Wextra", "-Wl,--strip-debug", "-o", out, filepath.Join(sourceDir(C), "add.c")}
			if v != Good { // a variant, or CHooked's switches
				for _, d := range strings.Fields(string(v)) {
					args = append(args, "-D"+strings.ToUpper(d))
				}
			}
			// An empty PATH: clang finds wasm-ld beside itself, and no
			// wasm-opt that happens to be installed rewrites the output.
			_, err := run(ctx, tmp, []string{"PATH=" + tmp}, clang, args...)
			return err
		},
	}, nil
}

// rustToolchain is Debian's rustc (1.63: wasm32-wasi, the old name of
// wasm32-wasip1) with libstd-rust-dev-wasm32, by its absolute path: a
// rustup rustc earlier on PATH usually lacks the wasm std. SUBAKO_RUSTC
// names another rustc.
func rustToolchain() (*toolchain, error) {
	const pkgs = "apt-get install rustc libstd-rust-dev-wasm32"
	rustc := os.Getenv("SUBAKO_RUSTC")
	if rustc == "" {
		rustc = "/usr/bin/rustc"
	}
	ctx := context.Background()
	version, err := run(ctx, "", nil, rustc, "-vV")
	if err != nil {
		return nil, &MissingError{Rust, rustc + " does not run (" + pkgs + "): " + err.Error()}
	}
	sysroot, err := run(ctx, "", nil, rustc, "--print", "sysroot")
	if err != nil {
		return nil, &MissingError{Rust, err.Error()}
	}
	target := ""
	for _, t := range []string{"wasm32-wasip1", "wasm32-wasi"} {
		if _, err := os.Stat(filepath.Join(strings.TrimSpace(string(sysroot)), "lib", "rustlib", t, "lib")); err == nil {
			target = t
			break
		}
	}
	if target == "" {
		return nil, &MissingError{Rust, rustc + " has no standard library for wasm32-wasip1 or wasm32-wasi (" + pkgs + ")"}
	}
	return &toolchain{
		id:      rustc + "\n" + target + "\n" + string(version),
		sources: []string{"add.rs"},
		build: func(ctx context.Context, v Variant, tmp, out string) error {
			_, err := run(ctx, tmp, nil, rustc, "--edition", "2021", "--target", target, "-C", "opt-level=2", "-C", "strip=debuginfo",
				"--cfg", `variant="`+string(v)+`"`, "-o", out, filepath.Join(sourceDir(Rust), "add.rs"))
			return err
		},
	}, nil
}

// ascToolchain is the AssemblyScript compiler and its WASI shim at the
// versions testdata/as/package.json pins, installed with npm into a folder
// of the tests' own (SUBAKO_AS_DIR, else the user cache), as .ci/run does.
func ascToolchain() (*toolchain, error) {
	node, err := exec.LookPath("node")
	if err != nil {
		return nil, &MissingError{AssemblyScript, "node is not installed (apt-get install nodejs npm)"}
	}
	npm, err := exec.LookPath("npm")
	if err != nil {
		return nil, &MissingError{AssemblyScript, "npm is not installed (apt-get install npm)"}
	}
	dir := os.Getenv("SUBAKO_AS_DIR")
	if dir == "" {
		base, err := os.UserCacheDir()
		if err != nil {
			return nil, err
		}
		dir = filepath.Join(base, "subako-go", "npm-subjects")
	}
	want, err := os.ReadFile(filepath.Join(sourceDir(AssemblyScript), "package.json"))
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	have, _ := os.ReadFile(filepath.Join(dir, "package.json"))
	if _, err := os.Stat(filepath.Join(dir, "node_modules", ".package-lock.json")); err != nil || !bytes.Equal(have, want) {
		if err := os.WriteFile(filepath.Join(dir, "package.json"), want, 0o644); err != nil {
			return nil, err
		}
		ctx, cancel := context.WithTimeout(context.Background(), buildLimit)
		defer cancel()
		if _, err := run(ctx, dir, nil, npm, "install", "--no-audit", "--no-fund", "--no-package-lock"); err != nil {
			return nil, &MissingError{AssemblyScript, "npm install of testdata/as/package.json failed: " + err.Error()}
		}
	}
	modules := filepath.Join(dir, "node_modules")
	nodeVersion, err := run(context.Background(), "", nil, node, "--version")
	if err != nil {
		return nil, &MissingError{AssemblyScript, err.Error()}
	}
	return &toolchain{
		id:      "node " + string(nodeVersion) + string(want),
		sources: []string{"add.ts", "asconfig.json", "package.json"},
		build: func(ctx context.Context, v Variant, tmp, out string) error {
			// asconfig.json extends the shim's through ./node_modules,
			// which must be a real relative path: the build runs in a
			// folder with the sources, the variant and a link to the
			// installed packages.
			for _, f := range []string{"add.ts", "asconfig.json"} {
				b, err := os.ReadFile(filepath.Join(sourceDir(AssemblyScript), f))
				if err == nil {
					err = os.WriteFile(filepath.Join(tmp, f), b, 0o644)
				}
				if err != nil {
					return err
				}
			}
			variant := fmt.Sprintf("// The variant this build makes.\nexport const VARIANT = %q;\n", v)
			if err := os.WriteFile(filepath.Join(tmp, "variant.ts"), []byte(variant), 0o644); err != nil {
				return err
			}
			if err := os.Symlink(modules, filepath.Join(tmp, "node_modules")); err != nil {
				return err
			}
			_, err := run(ctx, tmp, nil, node, filepath.Join(modules, "assemblyscript", "bin", "asc.js"),
				"add.ts", "--config", "asconfig.json", "-o", out)
			return err
		},
	}, nil
}
