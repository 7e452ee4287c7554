package main

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/check/gocheck"
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
		a, err := gocheck.Analyze(context.Background(), "../../examples/"+ex)
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
