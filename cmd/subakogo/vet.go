package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/subako-ai/subako-go/analyzer"
	"github.com/subako-ai/subako-go/internal/roles"
	"github.com/subako-ai/subako-go/internal/rules"
	"github.com/subako-ai/subako-go/internal/supervise"
	"github.com/subako-ai/subako-go/internal/termsafe"
)

// runVet is go vet's tool (roles.Vettool). The handshakes (-V=full,
// -flags) print what the go command parses, the tool's own words: they
// run here, unitchecker answering. A package's analysis runs in a child
// (roles.VetChild, the same arguments) whose output is escaped here, in
// one place, whatever its source: a diagnostic's message (a marker's
// value as written, attack pass 41c row 1), its position's file name,
// the file's own (41i row 9) or a //line directive's (41n row 2), a type
// error quoting the source. Its stderr goes through termsafe.Writer. Its
// stdout, which go vet reads from the file the configuration names
// (Stdout; before Go 1.26, the process's stdout), is escaped once the
// child is done: with -json, which go vet always asks for and decodes and
// prints itself, as JSON whose strings are escaped (vetJSON); otherwise
// (-fix -diff's diffs) as text. The exit code is the child's; 4 when it
// crashed (killed by a signal).
func runVet(args []string) int {
	if n := len(args); n == 0 || !strings.HasSuffix(args[n-1], ".cfg") {
		unitchecker.Main(reportingAtLeast(rules.Error, analyzer.Analyzers)...) // exits
		return 0
	}
	exe, err := os.Executable()
	if err != nil {
		fmt.Fprintf(os.Stderr, "subakogo: %s\n", termsafe.Line(err.Error()))
		return 1
	}
	stderr := termsafe.NewWriter(os.Stderr)
	defer func() { _ = stderr.Flush() }()
	child := exec.Command(exe, args...)
	child.Env = append(os.Environ(), roles.VetChildEnv+"=1")
	child.Stderr = stderr
	isJSON := slices.Contains(args, "-json")
	var out bytes.Buffer
	child.Stdout = &out
	err = child.Run()
	if out.Len() > 0 {
		_, _ = os.Stdout.Write(escapeVetOutput(out.Bytes(), isJSON))
	}
	if name := vetStdoutFile(args[len(args)-1]); name != "" {
		if b, rerr := os.ReadFile(name); rerr == nil && len(b) > 0 {
			if werr := os.WriteFile(name, escapeVetOutput(b, isJSON), 0o644); werr != nil {
				fmt.Fprintf(stderr, "subakogo: %v\n", werr)
				return 1
			}
		}
	}
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &exit) && exit.ExitCode() >= 0:
		return exit.ExitCode()
	case errors.As(err, &exit):
		fmt.Fprintf(stderr, "subakogo: go vet's analysis crashed: %v\n", err)
		return supervise.Crash
	}
	fmt.Fprintf(stderr, "subakogo: %v\n", err)
	return 1
}

// vetStdoutFile is the file go vet's configuration cfg names for the
// tool's stdout; "" for none.
func vetStdoutFile(cfg string) string {
	b, err := os.ReadFile(cfg)
	if err != nil {
		return ""
	}
	var c struct{ Stdout string }
	if json.Unmarshal(b, &c) != nil {
		return ""
	}
	return c.Stdout
}

// escapeVetOutput is what unitchecker wrote on its stdout, escaped for a
// terminal: JSON by vetJSON, anything else as text.
func escapeVetOutput(b []byte, isJSON bool) []byte {
	if isJSON {
		return vetJSON(b)
	}
	return []byte(termsafe.Text(string(b)))
}

// vetJSON is unitchecker's -json output with every string escaped for a
// terminal (termsafe.Text; object keys termsafe.Line), as the go command
// prints what it decodes: JSON's own escapes (\u001b) would reach the
// terminal raw. A suggested fix's replacement text ("new") is source to
// write, kept. Output that is not JSON is escaped as text.
func vetJSON(b []byte) []byte {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "\t")
	for {
		var v any
		err := dec.Decode(&v)
		if err == io.EOF {
			return out.Bytes()
		}
		if err != nil || enc.Encode(escapeStrings(v, "")) != nil {
			return []byte(termsafe.Text(string(b)))
		}
	}
}

// escapeStrings is v (decoded JSON, the member key) with its strings
// escaped as vetJSON says.
func escapeStrings(v any, key string) any {
	switch v := v.(type) {
	case string:
		if key == "new" {
			return v
		}
		return termsafe.Text(v)
	case []any:
		for i := range v {
			v[i] = escapeStrings(v[i], "")
		}
	case map[string]any:
		m := make(map[string]any, len(v))
		for k, x := range v {
			m[termsafe.Line(k)] = escapeStrings(x, k)
		}
		return m
	}
	return v
}

// runVetChild runs go vet's analysis of one package (roles.VetChild),
// what it prints escaped by its parent (runVet); it exits.
func runVetChild() {
	if n := len(os.Args); n > 1 && strings.HasSuffix(os.Args[n-1], ".cfg") {
		os.Args[n-1] = withoutTests(os.Args[n-1])
	}
	unitchecker.Main(reportingAtLeast(rules.Error, analyzer.Analyzers)...)
}

// withoutTests is the vet configuration to analyze a function package by:
// the package without its _test.go files. go vet analyzes a package
// together with its tests, and unitchecker reports nothing but the type
// errors of a package that does not type-check; init's main_test.go names
// subakoPackage, which subako_gen.go declares, so a package whose
// generated file is missing or stale showed only "undefined:
// subakoPackage" and none of the findings (A017 among them) that say why
// and what to do. The analyzers read no test file, so they lose nothing;
// go test still compiles the tests. The configuration is written next to
// go vet's own, in its work directory; any other package, or a
// configuration that cannot be read, is left as it is.
func withoutTests(cfg string) string {
	b, err := os.ReadFile(cfg)
	if err != nil {
		return cfg
	}
	var fields map[string]json.RawMessage
	var files struct{ GoFiles []string }
	if json.Unmarshal(b, &fields) != nil || json.Unmarshal(b, &files) != nil {
		return cfg
	}
	var kept []string
	handlers := false
	for _, f := range files.GoFiles {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		kept = append(kept, f)
		if src, err := os.ReadFile(f); err == nil && bytes.Contains(src, []byte("\n//subako:function")) {
			handlers = true
		}
	}
	if !handlers || len(kept) == len(files.GoFiles) {
		return cfg
	}
	fields["GoFiles"], _ = json.Marshal(kept)
	out, err := json.Marshal(fields)
	if err != nil {
		return cfg
	}
	alt := filepath.Join(filepath.Dir(cfg), "subako-vet-without-tests.cfg")
	if os.WriteFile(alt, out, 0o644) != nil {
		return cfg
	}
	return alt
}

// reportingAtLeast copies the analyzers as, each reporting only the
// findings of its rules of severity floor and above (a diagnostic of no
// rule always), and requiring the copies of what it required. What they
// report is escaped for a terminal by runVet, on the way out. A driver
// runs one set or the other, never both: they declare the same facts.
func reportingAtLeast(floor rules.Severity, as []*analysis.Analyzer) []*analysis.Analyzer {
	copies := map[*analysis.Analyzer]*analysis.Analyzer{}
	var copyOf func(a *analysis.Analyzer) *analysis.Analyzer
	copyOf = func(a *analysis.Analyzer) *analysis.Analyzer {
		if c, ok := copies[a]; ok {
			return c
		}
		c := &analysis.Analyzer{
			Name: a.Name, Doc: a.Doc, URL: a.URL, RunDespiteErrors: a.RunDespiteErrors,
			ResultType: a.ResultType, FactTypes: a.FactTypes, Flags: a.Flags,
		}
		copies[a] = c
		for _, r := range a.Requires {
			c.Requires = append(c.Requires, copyOf(r))
		}
		run := a.Run
		c.Run = func(pass *analysis.Pass) (any, error) {
			report := pass.Report
			pass.Report = func(d analysis.Diagnostic) {
				if r, ok := rules.Lookup(d.Category); !ok || r.Severity >= floor {
					report(d)
				}
			}
			return run(pass)
		}
		return c
	}
	out := make([]*analysis.Analyzer, len(as))
	for i, a := range as {
		out[i] = copyOf(a)
	}
	return out
}
