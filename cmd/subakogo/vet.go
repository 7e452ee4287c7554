package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/subako-ai/subako-go/analyzer"
	"github.com/subako-ai/subako-go/internal/rules"
	"github.com/subako-ai/subako-go/internal/termsafe"
)

// runVet hands over to the unitchecker protocol (it exits the process).
// go vet fails on any diagnostic, so it gets what must be fixed (errors);
// the advice (warnings such as A020 portability, A005 descriptions) is for
// generate, check and lint, which say it without failing.
func runVet() {
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
// rule always), escaped for a terminal (termsafe.Text, as run's stderr
// escapes check's and generate's: a message quotes what a cloned
// package's author wrote, a marker's value, a tag, a name, and vet
// prints it as it is), and requiring the copies of what it required. A driver
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
			escapeFileNames(pass)
			report := pass.Report
			pass.Report = func(d analysis.Diagnostic) {
				if r, ok := rules.Lookup(d.Category); !ok || r.Severity >= floor {
					report(escaped(d))
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

// escaped is d with every message it carries escaped for a terminal.
// escapeFileNames makes the position of everything in the package's
// files name its file escaped (termsafe.Line), as unitchecker prints it
// (the adjusted position, fset.Position): a source file named with an
// ESC or an OSC in a cloned package put it raw on every line of vet's
// report (attack pass 41i, row 9). A file whose name needs no escaping is
// left as it is. The name is given as a line directive at the file's
// start would, line and column unchanged; a file that has //line
// directives already keeps them (token.File takes infos in order only).
// Every analyzer's copy calls it before it runs: the second call for a
// file adds nothing.
func escapeFileNames(pass *analysis.Pass) {
	for _, f := range pass.Files {
		tf := pass.Fset.File(f.FileStart)
		if tf == nil || tf.Size() == 0 {
			continue
		}
		if name := tf.Name(); termsafe.Line(name) != name {
			tf.AddLineColumnInfo(0, termsafe.Line(name), 1, 1)
		}
	}
}

func escaped(d analysis.Diagnostic) analysis.Diagnostic {
	d.Message = termsafe.Text(d.Message)
	d.Related = slices.Clone(d.Related)
	for i := range d.Related {
		d.Related[i].Message = termsafe.Text(d.Related[i].Message)
	}
	d.SuggestedFixes = slices.Clone(d.SuggestedFixes)
	for i := range d.SuggestedFixes {
		d.SuggestedFixes[i].Message = termsafe.Text(d.SuggestedFixes[i].Message)
	}
	return d
}
