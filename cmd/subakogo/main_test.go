package main

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/check/gocheck"
	"github.com/subako-ai/subako-go/internal/gowasm"
	"github.com/subako-ai/subako-go/internal/rules"
	"github.com/subako-ai/subako-go/internal/wasmbuild"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// fixtures writes the modules the golden outputs are made from into a
// fresh directory and changes into it, so paths in the output are stable.
func fixtures(t *testing.T) {
	t.Helper()
	t.Chdir(t.TempDir())
	clean := wasmbuild.Encode(wasmbuild.Command())
	m := wasmbuild.Command()
	m.CodeSection[0].Body = []byte{0x12, 0x01, 0x0b} // return_call: tail-call
	m.ImportSection[0].Name = "sock_open"
	feature := wasmbuild.Append(wasmbuild.Encode(m), wasmbuild.Custom(".debug_info", make([]byte, 2048)))
	m = wasmbuild.Command()
	m.CodeSection[0].Body = []byte{0x42, 0x00, 0x0b}
	invalid := wasmbuild.Encode(m)
	for name, b := range map[string][]byte{"clean.wasm": clean, "feature.wasm": feature, "invalid.wasm": invalid, "truncated.wasm": clean[:30]} {
		if err := os.WriteFile(name, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func runCLI(args ...string) (code int, stdout, stderr string) {
	var o, e bytes.Buffer
	code = run(args, &o, &e)
	return code, o.String(), e.String()
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join(goldenDir, name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./cmd/subakogo -update)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the golden file:\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

var goldenDir, _ = filepath.Abs("testdata/golden")

func TestLintGolden(t *testing.T) {
	fixtures(t)
	for _, f := range []string{"text", "json", "sarif"} {
		code, out, errOut := runCLI("lint", "--format", f, "clean.wasm", "feature.wasm", "invalid.wasm", "truncated.wasm")
		if code != exitFindings || errOut != "" {
			t.Errorf("%s: exit %d, stderr %q", f, code, errOut)
		}
		golden(t, "lint."+f, out)
	}
}

func TestExitCodes(t *testing.T) {
	fixtures(t)
	for _, c := range []struct {
		args []string
		code int
	}{
		{nil, exitUsage},
		{[]string{"frobnicate"}, exitUsage},
		{[]string{"lint"}, exitUsage},
		{[]string{"lint", "--format", "xml", "clean.wasm"}, exitUsage},
		{[]string{"lint", "--fail-on", "fatal", "clean.wasm"}, exitUsage},
		{[]string{"lint", "missing.wasm"}, exitUnreadable},
		{[]string{"lint", "clean.wasm", "missing.wasm"}, exitUnreadable},
		{[]string{"lint", "--static", "clean.wasm"}, exitOK},
		{[]string{"lint", "--static", "clean.wasm", "--fail-on", "info"}, exitOK},
		{[]string{"lint", "clean.wasm"}, exitFindings}, // its _start answers nothing at discovery
		{[]string{"lint", "--ignore", "P008", "clean.wasm"}, exitOK},
		{[]string{"lint", "--ignore", "protocol-no-answer", "clean.wasm"}, exitOK},
		{[]string{"lint", "--ignore", "X999", "clean.wasm"}, exitUsage},
		{[]string{"lint", "invalid.wasm"}, exitFindings},
		{[]string{"explain", "W006"}, exitOK},
		{[]string{"explain", "no-such-rule"}, exitUsage},
		{[]string{"version"}, exitOK},
		{[]string{"version", "--bogus"}, exitUsage},
		{[]string{"version", "extra"}, exitUsage},
	} {
		if code, _, stderr := runCLI(c.args...); code != c.code {
			t.Errorf("subakogo %s: exit %d, want %d (stderr %q)", strings.Join(c.args, " "), code, c.code, stderr)
		}
	}
	// An info finding fails only with --fail-on info.
	m := wasmbuild.Append(wasmbuild.Encode(wasmbuild.Command()), wasmbuild.Custom("producers", make([]byte, 4096)))
	if err := os.WriteFile("info.wasm", m, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, _ := runCLI("lint", "--static", "info.wasm"); code != exitOK {
		t.Errorf("info finding with default --fail-on: exit %d", code)
	}
	if code, _, _ := runCLI("lint", "--static", "--fail-on", "info", "info.wasm"); code != exitFindings {
		t.Errorf("info finding with --fail-on info: exit %d", code)
	}
}

func TestLintDirectoryAndStdin(t *testing.T) {
	fixtures(t)
	if err := os.Mkdir("pkg", 0o755); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile("invalid.wasm")
	if err := os.WriteFile("pkg/module.wasm", b, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ := runCLI("lint", "pkg")
	if code != exitFindings || !strings.Contains(out, filepath.Join("pkg", "module.wasm")+"@") || !strings.Contains(out, "M002 manifest-missing") {
		t.Errorf("lint pkg: exit %d, output %q", code, out)
	}
	// An unreadable path is in the report too, not only on stderr.
	code, out, _ = runCLI("lint", "--format", "json", "missing.wasm")
	if code != exitUnreadable || !strings.Contains(out, `missing.wasm: no such file or directory`) {
		t.Errorf("lint missing: exit %d, output %q", code, out)
	}
}

func TestExplainEveryRule(t *testing.T) {
	for _, r := range rules.Catalog {
		for _, key := range []string{r.ID, r.Slug} {
			code, out, _ := runCLI("explain", key)
			if code != exitOK || !strings.Contains(out, r.Title) || !strings.Contains(out, "Fix:") {
				t.Errorf("explain %s: exit %d, %q", key, code, out)
			}
		}
	}
	code, out, _ := runCLI("explain", "--list")
	if code != exitOK || strings.Count(out, "\n") != len(rules.Catalog) {
		t.Errorf("explain --list: exit %d, %d lines", code, strings.Count(out, "\n"))
	}
}

// TestHelloLintsClean builds examples/hello for wasip1 with the real Go
// toolchain and lints it: it must be clean.
func TestHelloLintsClean(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a wasip1 module")
	}
	out := filepath.Join(t.TempDir(), "hello.wasm")
	if err := os.WriteFile(out, gowasm.Build(t, "../../examples/hello"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCLI("lint", "--fail-on", "info", out)
	if code != exitOK || !strings.Contains(stdout, "no findings") {
		t.Fatalf("hello: exit %d\n%s%s", code, stdout, stderr)
	}
}

// TestCall runs the runtime's hand-wired hello through subakogo call.
func TestCall(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a wasip1 module")
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "hello.wasm")
	if err := os.WriteFile(out, gowasm.Build(t, "../../subako/testdata/hello"), 0o644); err != nil {
		t.Fatal(err)
	}
	args := filepath.Join(dir, "args.json")
	if err := os.WriteFile(args, []byte(`{"name":"Bo"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"call", out, "greet", `{"name":"Ada"}`}, exitOK, `"message": "Hello, Ada!"`},
		{[]string{"call", "--json", out, "greet", `{"name":"Ada"}`}, exitOK, `"structuredContent":{"message":"Hello, Ada!"}`},
		{[]string{"call", out, "greet", `{}`}, exitFindings, "tool error: name is required"},
		{[]string{"call", out, "fetch", `{"url":"https://example.com/"}`}, exitFindings, "host_not_allowed"},
		{[]string{"call", out, "greet", `[1]`}, exitUsage, ""},
		{[]string{"call", out, "greet", `null`}, exitUsage, ""},
		{[]string{"call", out, "greet", ` null `}, exitUsage, ""},
		{[]string{"call", out}, exitUsage, ""},
		{[]string{"call", "missing.wasm", "greet"}, exitUnreadable, ""},
		{[]string{"call", out, "greet", "@" + args}, exitOK, `"message": "Hello, Bo!"`},
		{[]string{"call", out, "greet", "-"}, exitOK, `"message": "Hello, Cy!"`},
		{[]string{"call", out, "greet", "@" + filepath.Join(dir, "none.json")}, exitUnreadable, ""},
		// The host's set-up, not the module, is at fault.
		{[]string{"call", "--skills", filepath.Join(dir, "none"), out, "greet", "{}"}, exitUnreadable, ""},
		{[]string{"call", "--package", args, out, "greet", "{}"}, exitUnreadable, ""},
	} {
		stdin = strings.NewReader(`{"name":"Cy"}`)
		code, stdout, stderr := runCLI(c.args...)
		if code != c.code || !strings.Contains(stdout, c.want) || strings.Contains(stdout+stderr, "crashed") {
			t.Errorf("%v: exit %d, want %d; stdout %q stderr %q", c.args, code, c.code, stdout, stderr)
		}
	}
	stdin = os.Stdin
	// What the module writes reaches a pipe escaped, as lint escapes it: a
	// pipe (| cat, | tee) leads to a terminal all the same.
	for _, raw := range []bool{false, true} {
		args := []string{"call", out, "greet", `{"name":"\u001b]0;pwned\u0007\u001b[2J\u009b31m"}`}
		if raw {
			args = append([]string{"call", "--json"}, args[1:]...)
		}
		code, stdout, stderr := runCLI(args...)
		if code != exitOK || strings.ContainsAny(stdout+stderr, "\x1b\x07\u009b") || !strings.Contains(stdout, "pwned") {
			t.Errorf("%v: exit %d; controls not escaped: stdout %q stderr %q", args, code, stdout, stderr)
		}
	}
	// The temporary volume is removed; a volume given is kept, and named.
	before, _ := filepath.Glob(filepath.Join(os.TempDir(), "subako-volume-*"))
	runCLI("call", out, "greet", `{"name":"Ada"}`)
	if after, _ := filepath.Glob(filepath.Join(os.TempDir(), "subako-volume-*")); len(after) > len(before) {
		t.Errorf("temporary volumes left: %v", after)
	}
	vol := filepath.Join(dir, "vol")
	if err := os.Mkdir(vol, 0o755); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runCLI("call", "--volume", vol, out, "greet", `{"name":"Ada"}`); code != exitOK || !strings.Contains(stderr, "the volume is kept at "+vol) {
		t.Errorf("--volume: exit %d, stderr %q", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(vol, "tmp")); err != nil {
		t.Errorf("the given volume: %v", err)
	}
}

// TestPack packs examples/hello, then a program that is not a Subako
// package: the first gives the directory Subako takes, the second nothing.
func TestPack(t *testing.T) {
	if testing.Short() {
		t.Skip("builds Go packages")
	}
	out := filepath.Join(t.TempDir(), "dist", "hello")
	code, stdout, stderr := runCLI("pack", "../../examples/hello", "-o", out)
	if code != exitOK || !strings.Contains(stdout, "no findings in 2 files") {
		t.Fatalf("pack hello: exit %d\n%s%s", code, stdout, stderr)
	}
	for _, name := range []string{"module.wasm", "subako-package.json"} {
		if _, err := os.Stat(filepath.Join(out, name)); err != nil {
			t.Error(err)
		}
	}
	manifest, _ := os.ReadFile(filepath.Join(out, "subako-package.json"))
	if !strings.Contains(string(manifest), `"name": "hello"`) {
		t.Errorf("manifest %s", manifest)
	}
	bad := filepath.Join(t.TempDir(), "bad")
	if code, _, _ := runCLI("pack", "../../internal/host/testdata/misbehave", "-o", bad); code != exitFindings {
		t.Errorf("pack of a non-package: exit %d", code)
	}
	if _, err := os.Stat(bad); err == nil {
		t.Error("pack left a directory behind")
	}
	entries, _ := os.ReadDir(filepath.Dir(bad))
	if len(entries) != 0 {
		t.Errorf("pack left %d entries behind", len(entries))
	}
}

// TestVettool builds subakogo and runs it under go vet -vettool, on the
// analyzer's test packages (their own module, beside the analyzer).
func TestVettool(t *testing.T) {
	if testing.Short() {
		t.Skip("builds subakogo and runs go vet")
	}
	bin := subakogoBinary(t)
	if out, err := exec.Command(bin, "-V=full").Output(); err != nil || !strings.Contains(string(out), "version") {
		t.Fatalf("-V=full: %v %q", err, out)
	}
	vet := func(dir string) (string, error) {
		cmd := exec.Command("go", "vet", "-vettool="+bin, ".")
		cmd.Dir = filepath.Join("..", "..", "analyzer", "testdata", dir)
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	if out, err := vet("fresh"); err != nil || out != "" {
		t.Errorf("vet fresh: %v\n%s", err, out)
	}
	// Warnings are advice: advice's A020 draws nothing under vet, which
	// fails on any diagnostic; the errors of a package do.
	if out, err := vet("advice"); err != nil || out != "" {
		t.Errorf("vet advice (warnings only): %v\n%s", err, out)
	}
	if out, err := vet("descriptions"); err == nil || strings.Contains(out, "A005") || !strings.Contains(out, "A006") {
		t.Errorf("vet descriptions: %v, want its A006 errors and no A005 warning\n%s", err, out)
	}
	out, err := vet("names")
	if err == nil || !strings.Contains(out, "A002 tool-name") || !strings.Contains(out, "A009 marker-unknown") {
		t.Errorf("vet names: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, "schema", "./fresh")
	cmd.Dir = filepath.Join("..", "..", "analyzer", "testdata")
	if out, err := cmd.Output(); err != nil || !strings.Contains(string(out), `"name": "greet"`) {
		t.Errorf("schema fresh: %v\n%s", err, out)
	}
}

// TestExamplesClean: the examples draw no finding, not even a warning,
// from check (analyzer, build, lint and its probes), and go vet with
// subakogo passes them, as the guide tells authors theirs should.
func TestExamplesClean(t *testing.T) {
	if testing.Short() {
		t.Skip("builds wasip1 modules and subakogo")
	}
	for _, name := range []string{"hello", "weather", "chart"} {
		code, stdout, stderr := runCLI("check", "../../examples/"+name)
		if code != exitOK || !strings.Contains(stdout, "ok   analyzer (0 findings)") || !strings.Contains(stdout, "no findings in") || strings.Contains(stdout, "warning") {
			t.Errorf("check %s: exit %d\n%s%s", name, code, stdout, stderr)
		}
	}
	vet := exec.Command("go", "vet", "-vettool="+subakogoBinary(t), "./examples/...")
	vet.Dir = filepath.Join("..", "..")
	if out, err := vet.CombinedOutput(); err != nil || len(out) != 0 {
		t.Errorf("go vet -vettool ./examples/...: %v\n%s", err, out)
	}
}

// TestCheck runs check on examples/hello, then on a copy whose example
// call expects another answer.
func TestCheck(t *testing.T) {
	if testing.Short() {
		t.Skip("builds wasip1 modules")
	}
	code, stdout, stderr := runCLI("check", "../../examples/hello")
	if code != exitOK || !strings.Contains(stdout, "ok   testdata/calls.json") {
		t.Fatalf("check hello: exit %d\n%s%s", code, stdout, stderr)
	}
	dir := t.TempDir()
	for _, name := range []string{"main.go", "subako_gen.go", "testdata/calls.json"} {
		b, err := os.ReadFile(filepath.Join("../../examples/hello", name))
		if err != nil {
			t.Fatal(err)
		}
		if name == "testdata/calls.json" {
			b = []byte(`[{"tool": "greet", "arguments": {"name": "Ada"}, "structuredContent": {"message": "Hi, Ada!"}}]`)
		}
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// The copy lives in a module of its own that uses this repository.
	wd, _ := os.Getwd()
	root := filepath.Join(wd, "..", "..")
	gomod := "module example.com/hello\n\ngo 1.26\n\nrequire github.com/subako-ai/subako-go v0.0.0\n\nreplace github.com/subako-ai/subako-go => " + root + "\n"
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644); err != nil {
		t.Fatal(err)
	}
	tidy := exec.Command("go", "mod", "tidy")
	tidy.Dir = dir
	if b, err := tidy.CombinedOutput(); err != nil {
		t.Fatalf("go mod tidy: %v\n%s", err, b)
	}
	t.Chdir(dir)
	if code, _, stderr := runCLI("generate", "."); code != exitOK { // the copy's import path is another
		t.Fatalf("generate: exit %d\n%s", code, stderr)
	}
	code, stdout, _ = runCLI("check", "--format", "json", ".")
	if code != exitFindings || !strings.Contains(stdout, `"slug": "example-call"`) || !strings.Contains(stdout, "Hi, Ada!") {
		t.Fatalf("check with a wrong expectation: exit %d\n%s", code, stdout)
	}
}

// TestAuthorPath is the README's path from an empty directory against
// this checkout: init, go generate, go test, check, pack; five commands.
// Before go generate, check says so once; after an edit, pack refuses the
// stale file, naming what changed, and pack --generate writes it.
func TestAuthorPath(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go mod tidy, go test and builds wasip1 modules")
	}
	wd, _ := os.Getwd()
	root := filepath.Join(wd, "..", "..")
	dir := filepath.Join(t.TempDir(), "weather")
	code, stdout, stderr := runCLI("init", "--replace", root, dir)
	if code != exitOK || !strings.Contains(stdout, "go generate") {
		t.Fatalf("init: exit %d\n%s%s", code, stdout, stderr)
	}
	for _, f := range []string{"go.mod", "go.sum", "main.go", "main_test.go", "testdata/calls.json", ".github/workflows/subako.yml", "README.md", "tests/subako_http_stub.wat"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
	main, _ := os.ReadFile(filepath.Join(dir, "main.go"))
	if !strings.Contains(string(main), "//subako:package weather") || !strings.Contains(string(main), "//go:generate go tool subakogo-generate") {
		t.Errorf("main.go:\n%s", main)
	}
	goIn := func(args ...string) (string, error) {
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	// Never generated: check says "run go generate" once, with no build error.
	out, err := goIn("tool", "subakogo", "check", ".")
	if err == nil || strings.Count(out, "run go generate") != 2 || strings.Contains(out, "undeclared") || strings.Contains(out, "subako_gen.go:") {
		t.Errorf("check before go generate: %v\n%s", err, out) // one finding, one skip line
	}
	for _, args := range [][]string{{"generate", "./..."}, {"test", "./..."}, {"tool", "subakogo", "pack", ".", "-o", "../dist/weather"}} {
		if out, err := goIn(args...); err != nil {
			t.Fatalf("go %s in the new package: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "..", "dist", "weather", "module.wasm")); err != nil {
		t.Error(err)
	}
	// The template's package draws no finding, not even a warning, from
	// check, and go vet with subakogo passes it.
	if out, err := goIn("tool", "subakogo", "check", "."); err != nil || !strings.Contains(out, "ok   analyzer (0 findings)") || !strings.Contains(out, "no findings in") || strings.Contains(out, "warning") {
		t.Errorf("check of the new package: %v\n%s", err, out)
	}
	if out, err := goIn("vet", "-vettool="+subakogoBinary(t), "./..."); err != nil || out != "" {
		t.Errorf("go vet -vettool on the new package: %v\n%s", err, out)
	}
	// The first go generate says on stderr, within a few seconds, that it
	// builds the generator, which takes a minute with an empty build cache;
	// a later one says nothing (the generator is in the cache now).
	notice := generatorNotice(t, string(main))
	for _, c := range []struct {
		cache string
		want  bool
	}{{t.TempDir(), true}, {"", false}} {
		cmd := exec.Command("go", notice...)
		cmd.Dir = dir
		if c.cache != "" {
			cmd.Env = append(os.Environ(), "GOCACHE="+c.cache)
		}
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		if err != nil || strings.Contains(stderr.String(), "building the generator") != c.want || stdout.Len() > 0 {
			t.Errorf("go %v (empty cache %v): %v\nstdout: %s\nstderr: %s", notice, c.want, err, stdout.Bytes(), stderr.Bytes())
		}
	}
	// Never into the package's own sources.
	if out, err := goIn("tool", "subakogo", "pack", ".", "-o", "dist/weather"); err == nil || !strings.Contains(out, "is inside the package") {
		t.Errorf("pack -o dist/weather inside the package: %v\n%s", err, out)
	}
	if _, err := os.Stat(filepath.Join(dir, "dist")); !os.IsNotExist(err) {
		t.Errorf("pack -o dist/weather wrote into the package: %v", err)
	}
	// The package's test compiles for wasip1 too, and the stub is the
	// ABI page's: a module whose request answers -1 and read_response -2.
	wasiTest := exec.Command("go", "test", "-c", "-o", filepath.Join(t.TempDir(), "t.wasm"), ".")
	wasiTest.Dir, wasiTest.Env = dir, append(os.Environ(), "GOOS=wasip1", "GOARCH=wasm")
	if out, err := wasiTest.CombinedOutput(); err != nil {
		t.Errorf("the package's test for wasip1: %v\n%s", err, out)
	}
	stub, _ := os.ReadFile(filepath.Join(dir, "tests", "subako_http_stub.wat"))
	for _, want := range []string{`(func (export "request") (param i32 i32) (result i32) i32.const -1)`, `(func (export "read_response") (param i32 i32) (result i32) i32.const -2)`} {
		if !strings.Contains(string(stub), want) {
			t.Errorf("the stub lacks %s:\n%s", want, stub)
		}
	}
	// A change to a handler's doc comment makes the generated file stale.
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(strings.Replace(string(main), "Read a web page", "Read one web page", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := goIn("tool", "subakogo", "generate", "-check"); err == nil || !strings.Contains(out, `+		Description:  "Read one web page`) {
		t.Errorf("generate -check after an edit: %v\n%s", err, out)
	}
	out, err = goIn("tool", "subakogo", "pack", ".", "-o", "../dist/stale")
	if err == nil || !strings.Contains(out, "main.go:") || !strings.Contains(out, "tool pageTitle: its doc comment changed: run go generate") {
		t.Errorf("pack of a stale package: %v\n%s", err, out)
	}
	if _, err := os.Stat(filepath.Join(dir, "..", "dist", "stale")); !os.IsNotExist(err) {
		t.Errorf("pack of a stale package wrote ../dist/stale: %v", err)
	}
	if out, err := goIn("tool", "subakogo", "pack", "--generate", ".", "-o", "../dist/stale"); err != nil {
		t.Errorf("pack --generate: %v\n%s", err, out)
	}
	if out, err := goIn("tool", "subakogo", "generate", "-check"); err != nil {
		t.Errorf("generate -check after pack --generate: %v\n%s", err, out)
	}
	if code, _, _ := runCLI("init", "--replace", root, dir); code != exitUsage {
		t.Errorf("init into a non-empty directory: exit %d", code)
	}
	if code, _, _ := runCLI("init", "--name", "Bad Name", filepath.Join(t.TempDir(), "x")); code != exitUsage {
		t.Errorf("init with a bad name: exit %d", code)
	}
}

// generatorNotice is the arguments of the template's first go:generate
// line, the go run that says the generator is being built.
func generatorNotice(t *testing.T, main string) []string {
	t.Helper()
	const prefix = "//go:generate go run "
	for _, line := range strings.Split(main, "\n") {
		if rest, ok := strings.CutPrefix(line, prefix); ok {
			return append([]string{"run"}, strings.Fields(rest)...)
		}
	}
	t.Fatalf("no %q line in main.go", prefix)
	return nil
}

// TestModuleWide: a handler's types and helpers may live in other
// packages of the module. Their doc comments and markers reach the
// schema, the generated code compiles for wasip1, and a print two
// packages away is reported at the handler package's call.
func TestModuleWide(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go mod tidy and builds wasip1 modules")
	}
	wd, _ := os.Getwd()
	root := filepath.Join(wd, "..", "..")
	dir := t.TempDir()
	files := map[string]string{
		"go.mod": "module example.com/wide\n\ngo 1.26\n\nrequire github.com/subako-ai/subako-go v0.0.0\n\nreplace github.com/subako-ai/subako-go => " + root + "\n",
		"main.go": `// Wide uses the types of another package.
//
//subako:package wide
package main

import "example.com/wide/opts"

// Greeting is the answer.
type Greeting struct {
	// The greeting.
	Message string ` + "`json:\"message\"`" + `
}

// GreetInput is greet's arguments.
type GreetInput struct {
	// How to greet.
	Options opts.Options ` + "`json:\"options\"`" + `
}

// Greet someone.
//
//subako:function
func greet(in GreetInput) (Greeting, error) {
	return Greeting{Message: string(in.Options.Mode)}, nil
}
`,
		"opts/opts.go": `// Package opts holds the options.
package opts

// Options tune a greeting.
type Options struct {
	// How to greet.
	//subako:enum=loud;quiet
	Mode string ` + "`json:\"mode\"`" + `
}
`,
		"say/say.go": `// Package say talks.
package say

import "example.com/wide/say/deep"

// Hello says hello.
func Hello() { deep.Print("hello") }
`,
		"say/deep/deep.go": `// Package deep prints.
package deep

import "fmt"

// Print prints.
func Print(s string) { fmt.Println(s) }
`,
	}
	for name, src := range files {
		if err := writeFile(filepath.Join(dir, name), []byte(src)); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	if code, _, stderr := runCLI("generate", "."); code != exitOK {
		t.Fatalf("generate: exit %d\n%s", code, stderr)
	}
	if b, err := exec.Command("go", "mod", "tidy").CombinedOutput(); err != nil {
		t.Fatalf("go mod tidy: %v\n%s", err, b)
	}
	code, stdout, stderr := runCLI("schema", ".")
	if code != exitOK || !strings.Contains(stdout, `"loud"`) || !strings.Contains(stdout, "How to greet.") {
		t.Errorf("schema: exit %d\n%s%s", code, stdout, stderr)
	}
	build := exec.Command("go", "build", "-o", filepath.Join(t.TempDir(), "m.wasm"), ".")
	build.Env = append(os.Environ(), "GOOS=wasip1", "GOARCH=wasm")
	if b, err := build.CombinedOutput(); err != nil {
		t.Fatalf("wasip1 build: %v\n%s", err, b)
	}
	code, stdout, _ = runCLI("check", ".")
	if code != exitOK {
		t.Errorf("check: exit %d\n%s", code, stdout)
	}
	talk := "package main\n\nimport \"example.com/wide/say\"\n\nfunc talk() { say.Hello() }\n"
	if err := os.WriteFile("talk.go", []byte(talk), 0o644); err != nil {
		t.Fatal(err)
	}
	// A print during a call lands on stderr: a warning, at the call, with
	// the path to the print.
	code, stdout, _ = runCLI("check", ".")
	if code != exitOK || !strings.Contains(stdout, "talk.go:5:15: warning A031 stdout-redirected: say.Hello writes to stdout (say.Hello → deep.Print → fmt.Println)") {
		t.Errorf("check: exit %d\n%s", code, stdout)
	}
}

// -h, --help and help CMD print the subcommand's usage to stdout and exit 0.
func TestHelp(t *testing.T) {
	for _, c := range commands {
		if code, _, stderr := runCLI(c.name, "--bogus"); code != exitUsage || !strings.Contains(stderr, "bogus") {
			t.Errorf("%s --bogus: exit %d, want %d (stderr %q)", c.name, code, exitUsage, stderr)
		}
		for _, args := range [][]string{{c.name, "-h"}, {c.name, "--help"}, {c.name, "x", "--help"}, {"help", c.name}} {
			code, stdout, stderr := runCLI(args...)
			if code != exitOK || !strings.HasPrefix(stdout, "usage: subakogo "+c.name) || stderr != "" {
				t.Errorf("%v: exit %d\nstdout %q\nstderr %q", args, code, stdout, stderr)
			}
		}
	}
	if code, stdout, _ := runCLI("--help"); code != exitOK || !strings.Contains(stdout, "commands:") {
		t.Errorf("--help: exit %d\n%s", code, stdout)
	}
	if code, _, _ := runCLI("help", "nosuch"); code != exitUsage {
		t.Errorf("help nosuch: exit %d", code)
	}
}

// TestLintHostileShape: issue 8's module of one function declaring
// 2^32-1 locals, which once passed lint --static and then exhausted memory
// in wazero's compiler, is an error with or without --static, and is
// never compiled.
func TestLintHostileShape(t *testing.T) {
	mod := []byte("\x00asm\x01\x00\x00\x00")
	mod = append(mod, 1, 4, 1, 0x60, 0, 0) // type () -> ()
	mod = append(mod, 3, 2, 1, 0)          // one function
	mod = append(mod, 5, 3, 1, 0, 1)       // memory 1
	mod = append(mod, 7, 19, 2, 6, '_', 's', 't', 'a', 'r', 't', 0, 0, 6, 'm', 'e', 'm', 'o', 'r', 'y', 2, 0)
	mod = append(mod, 10, 10, 1, 8, 1, 0xff, 0xff, 0xff, 0xff, 0x0f, 0x7f, 0x0b) // 2^32-1 i32 locals
	path := filepath.Join(t.TempDir(), "locals.wasm")
	if err := os.WriteFile(path, mod, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"lint", "--static", path}, {"lint", path}} {
		code, stdout, stderr := runCLI(args...)
		if code != exitFindings || !strings.Contains(stdout, "W050") || strings.Contains(stdout, "P0") {
			t.Errorf("%v: exit %d\n%s%s", args, code, stdout, stderr)
		}
	}
}

// The examples' doc comments, written as go doc wants them ("GreetInput
// is greet's arguments"), reach the model as descriptions: no leading Go
// name, no Deprecated: paragraph.
func TestExampleDescriptions(t *testing.T) {
	goName := regexp.MustCompile(`^([a-z]\w* |[A-Z]\w* (is|are) |Package \w+ )`)
	for _, ex := range []string{"hello", "weather", "chart"} {
		a, err := gocheck.Analyze("../../examples/" + ex)
		if err != nil || a.Model == nil {
			t.Fatalf("%s: %v", ex, err)
		}
		var descs []string
		descs = append(descs, a.Model.Description)
		for _, tool := range a.Model.Tools {
			descs = append(descs, tool.Description)
		}
		for _, d := range a.Model.Types {
			descs = append(descs, d.Description)
			if d.Type != nil {
				for _, f := range d.Type.Fields {
					descs = append(descs, f.Description)
				}
			}
		}
		for _, d := range descs {
			if goName.MatchString(d) || strings.Contains(d, "Deprecated:") {
				t.Errorf("%s: description %q reads as Go, not as a description", ex, d)
			}
		}
	}
}
