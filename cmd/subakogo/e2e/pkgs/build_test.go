package pkgs

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/gowasm"
)

// TestPack packs examples/hello, then a program that is not a Subako
// package: the first gives the directory Subako takes, the second nothing.
func TestPack(t *testing.T) {
	if testing.Short() {
		t.Skip("builds Go packages")
	}
	t.Parallel()
	out := filepath.Join(t.TempDir(), "dist", "hello")
	code, stdout, stderr := runCLI("pack", "../../../../examples/hello", "-o", out)
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
	if code, _, _ := runCLI("pack", "../../../../internal/host/testdata/misbehave", "-o", bad); code != exitFindings {
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
	t.Parallel()
	bin := subakogoBinary(t)
	if out, err := exec.Command(bin, "-V=full").Output(); err != nil || !strings.Contains(string(out), "version") {
		t.Fatalf("-V=full: %v %q", err, out)
	}
	vet := func(dir string) (string, error) {
		cmd := exec.Command("go", "vet", "-vettool="+bin, ".")
		cmd.Dir = filepath.Join("..", "..", "..", "..", "analyzer", "testdata", dir)
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
	// A package whose subako_gen.go is missing, with a test that names
	// what it declares (issue 32): the findings show, not only the
	// test's type error.
	if out, err := vet("vetmissing"); err == nil || !strings.Contains(out, "A017 generated-stale: subako_gen.go is missing: run go generate") || strings.Contains(out, "undefined") {
		t.Errorf("vet vetmissing: %v\n%s", err, out)
	}
	out, err := vet("names")
	if err == nil || !strings.Contains(out, "A002 tool-name") || !strings.Contains(out, "A009 marker-unknown") {
		t.Errorf("vet names: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, "schema", "./fresh")
	cmd.Dir = filepath.Join("..", "..", "..", "..", "analyzer", "testdata")
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
	t.Parallel()
	for _, name := range []string{"hello", "weather", "chart"} {
		code, stdout, stderr := runCLI("check", "../../../../examples/"+name)
		if code != exitOK || !strings.Contains(stdout, "ok   analyzer (0 findings)") || !strings.Contains(stdout, "no findings in") || strings.Contains(stdout, "warning") {
			t.Errorf("check %s: exit %d\n%s%s", name, code, stdout, stderr)
		}
	}
	vet := exec.Command("go", "vet", "-vettool="+subakogoBinary(t), "./examples/...")
	vet.Dir = filepath.Join("..", "..", "..", "..")
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
	code, stdout, stderr := runCLI("check", "../../../../examples/hello")
	if code != exitOK || !strings.Contains(stdout, "ok   testdata/calls.json") {
		t.Fatalf("check hello: exit %d\n%s%s", code, stdout, stderr)
	}
	dir := t.TempDir()
	for _, name := range []string{"main.go", "subako_gen.go", "testdata/calls.json"} {
		b, err := os.ReadFile(filepath.Join("../../../../examples/hello", name))
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
	root := filepath.Join(wd, "..", "..", "..", "..")
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
	t.Parallel()
	wd, _ := os.Getwd()
	root := filepath.Join(wd, "..", "..", "..", "..")
	dir := filepath.Join(t.TempDir(), "weather")
	code, stdout, stderr := runCLI("init", "--replace", root, dir)
	if code != exitOK || !strings.Contains(stdout, "go generate") {
		t.Fatalf("init: exit %d\n%s%s", code, stdout, stderr)
	}
	// init builds the tools while it says so, and its next steps end with pack.
	for _, want := range []string{"building go tool subakogo-generate and go tool subakogo for the package", "\nbuilt in ", "go tool subakogo pack . -o ../dist/weather"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("init says no %q:\n%s%s", want, stdout, stderr)
		}
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
	// Every //go:generate line runs a tool of the package, which init
	// built as go tool runs it: none is go run, built on first use.
	gomod, err := goIn("mod", "edit", "-json")
	var mod struct{ Tool []struct{ Path string } }
	if err != nil || json.Unmarshal([]byte(gomod), &mod) != nil {
		t.Fatalf("go mod edit -json: %v\n%s", err, gomod)
	}
	var tools []string
	for _, tool := range mod.Tool {
		tools = append(tools, tool.Path)
	}
	for _, line := range strings.Split(string(main), "\n") {
		rest, ok := strings.CutPrefix(line, "//go:generate ")
		if !ok {
			continue
		}
		f := strings.Fields(rest)
		if len(f) < 3 || f[0] != "go" || f[1] != "tool" || !isTool(tools, f[2]) {
			t.Errorf("%s: not go tool with a tool of go.mod %v", line, tools)
		}
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
	// go generate's first line is the notice's, written before it asks the
	// go command anything; the first go generate says on stderr that it
	// builds the generator, which takes a minute with an empty build cache;
	// a later one does not (the generator is in the cache now).
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
		if err != nil || !strings.HasPrefix(stderr.String(), "subakogo-generate: go generate runs the generator") ||
			strings.Contains(stderr.String(), "building the generator") != c.want || stdout.Len() > 0 {
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

// isTool says whether go tool finds name among a module's tools: by its
// path or its last element.
func isTool(tools []string, name string) bool {
	for _, tool := range tools {
		if name == tool || name == path.Base(tool) {
			return true
		}
	}
	return false
}

// generatorNotice is the arguments of the template's first go:generate
// line, the go tool that says the generator is being built.
func generatorNotice(t *testing.T, main string) []string {
	t.Helper()
	const prefix = "//go:generate go "
	for _, line := range strings.Split(main, "\n") {
		if rest, ok := strings.CutPrefix(line, prefix); ok && strings.HasSuffix(rest, "/notice") {
			return strings.Fields(rest)
		}
	}
	t.Fatalf("no %q line running the notice in main.go", prefix)
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
	root := filepath.Join(wd, "..", "..", "..", "..")
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

// TestDiffSelf: a Go package against itself, a module against the package
// directory pack made of it, and each example against its committed
// tools.json: no change at all.
func TestDiffSelf(t *testing.T) {
	if testing.Short() {
		t.Skip("builds wasip1 modules")
	}
	t.Parallel()
	if code, stdout, stderr := runCLI("diff", "../../../../examples/hello", "../../../../examples/hello"); code != exitOK || !strings.Contains(stdout, "no findings") {
		t.Errorf("hello against itself: exit %d\n%s%s", code, stdout, stderr)
	}
	packed := filepath.Join(t.TempDir(), "weather")
	if code, stdout, stderr := runCLI("pack", "../../../../examples/weather", "-o", packed); code != exitOK {
		t.Fatalf("pack weather: exit %d\n%s%s", code, stdout, stderr)
	}
	built := gowasm.Path(t, "../../../../examples/weather")
	for _, old := range []string{built, filepath.Join(packed, "module.wasm")} {
		if code, stdout, stderr := runCLI("diff", old, packed); code != exitOK || !strings.Contains(stdout, "(1 tool)") || !strings.Contains(stdout, "no findings") {
			t.Errorf("%s against %s: exit %d\n%s%s", old, packed, code, stdout, stderr)
		}
	}
	for _, ex := range []string{"hello", "weather", "chart"} {
		dir := "../../../../examples/" + ex
		if code, stdout, stderr := runCLI("diff", dir+"/tools.json", dir); code != exitOK || !strings.Contains(stdout, "no findings") {
			t.Errorf("%s/tools.json is not what %s lists (subakogo schema %s > %s/tools.json writes it): exit %d\n%s%s", ex, ex, dir, dir, code, stdout, stderr)
		}
	}
}

// TestCheckBaseline: check --baseline passes on every example with its
// committed tools.json, and fails on hello against a baseline that had
// one more tool and one argument fewer; pack --baseline refuses the same
// and writes nothing, and takes the directory it replaces as its baseline.
func TestCheckBaseline(t *testing.T) {
	if testing.Short() {
		t.Skip("builds wasip1 modules")
	}
	t.Parallel()
	for _, ex := range []string{"hello", "weather", "chart"} {
		dir := "../../../../examples/" + ex
		code, stdout, stderr := runCLI("check", "--probes", "none", "--baseline", dir+"/tools.json", dir)
		if code != exitOK || !strings.Contains(stdout, "ok   no breaking change against "+dir+"/tools.json (0 changes)") {
			t.Errorf("check %s: exit %d\n%s%s", ex, code, stdout, stderr)
		}
	}
	var tools []map[string]any
	b, _ := os.ReadFile("../../../../examples/hello/tools.json")
	if err := json.Unmarshal(b, &tools); err != nil {
		t.Fatal(err)
	}
	// The removed tool's name carries what a terminal acts on or hides
	// (ESC, BEL, bidi controls, tag characters): check and pack show it
	// escaped.
	const hostile = "\x1b]0;pwned\x07\x1b[2J \u202eevil\u2066 \U000e0068\U000e0069\U000e0064\U000e0065"
	tools = append(tools, map[string]any{"name": "farewell" + hostile, "inputSchema": map[string]any{"type": "object"}})
	delete(tools[0]["inputSchema"].(map[string]any), "required") // name was optional
	b, _ = json.Marshal(map[string]any{"tools": tools})
	baseline := filepath.Join(t.TempDir(), "published.json")
	if err := os.WriteFile(baseline, b, 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, _ := runCLI("check", "--probes", "none", "--baseline", baseline, "../../../../examples/hello")
	if code != exitFindings || !strings.Contains(stdout, "FAIL no breaking change against") ||
		!strings.Contains(stdout, `error D001 tool-removed: farewell\x1b]0;pwned\x07\x1b[2J \u202eevil\u2066 \U000e0068\U000e0069\U000e0064\U000e0065: tool removed`) ||
		strings.ContainsAny(stdout, "\x1b\x07\u202e\u2066\U000e0068") ||
		!strings.Contains(stdout, `error D002 argument-required: greet /inputSchema/required: argument "name" became required`) {
		t.Errorf("check against a broken baseline: exit %d\n%s", code, stdout)
	}
	out := filepath.Join(t.TempDir(), "hello")
	code, stdout, stderr := runCLI("pack", "--baseline", baseline, "../../../../examples/hello", "-o", out)
	if code != exitFindings || !strings.Contains(stdout, `D001 tool-removed: farewell\x1b]0;pwned`) || !strings.Contains(stderr, "nothing was written") ||
		strings.ContainsAny(stdout+stderr, "\x1b\x07\u202e\u2066\U000e0068") {
		t.Errorf("pack against a broken baseline: exit %d\n%s%s", code, stdout, stderr)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("pack wrote the package despite the break")
	}
	if code, stdout, stderr := runCLI("pack", "--baseline", "../../../../examples/hello/tools.json", "../../../../examples/hello", "-o", out); code != exitOK {
		t.Errorf("pack against its own baseline: exit %d\n%s%s", code, stdout, stderr)
	}
	// The baseline may be the directory pack replaces: it is read first.
	if code, stdout, stderr := runCLI("pack", "--baseline", out, "../../../../examples/hello", "-o", out); code != exitOK || !strings.Contains(stdout, "no findings in 3 files") {
		t.Errorf("pack against the directory it replaces: exit %d\n%s%s", code, stdout, stderr)
	}
}
