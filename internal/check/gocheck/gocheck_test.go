package gocheck_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/check/gocheck"
	"github.com/subako-ai/subako-go/internal/report"
)

// files is the findings of r as "PATH:LINE:COLUMN RULE message", one a
// finding, in Findings' order, each path reported by its base name.
func files(r *gocheck.Result) ([]report.File, []string) {
	fs := r.Findings(func(name string) string { return "pkg/" + filepath.Base(name) })
	var lines []string
	for _, f := range fs {
		for _, x := range f.Findings {
			lines = append(lines, fmt.Sprintf("%s:%d:%d %s %s", f.Path, x.Line, x.Column, x.Rule.ID, x.Message))
		}
	}
	return fs, lines
}

// TestAnalyzeClean: examples/hello, which takes its input by value,
// states its hints, writes nothing to stdout and has a fresh
// subako_gen.go, gives its model and not one finding, so none of the
// rules TestAnalyzeFindings fires on fires here.
func TestAnalyzeClean(t *testing.T) {
	if testing.Short() {
		t.Skip("loads packages with the go command")
	}
	r, err := gocheck.Analyze(context.Background(), "../../../examples/hello")
	if err != nil {
		t.Fatal(err)
	}
	if r.Model == nil || r.Model.Name != "hello" || len(r.Model.Tools) != 1 || r.Model.Tools[0].Name != "greet" {
		t.Errorf("model %+v", r.Model)
	}
	if r.Pkg.Name != "main" || len(r.Diagnostics) > 0 {
		t.Errorf("package %s, diagnostics %+v", r.Pkg.Name, r.Diagnostics)
	}
	if fs, lines := files(r); len(fs) > 0 {
		t.Errorf("findings:\n%s", strings.Join(lines, "\n"))
	}
}

// TestAnalyzeFindings: testdata/bad's diagnostics become findings on
// the file and at the position each is about, with the rule from the
// catalog and the message without the rule's prefix; one report file a Go
// file, in name order, its path what the caller's function makes of the
// file name. The package is loaded for wasip1: its file built only
// elsewhere, which does not compile, is left out.
func TestAnalyzeFindings(t *testing.T) {
	if testing.Short() {
		t.Skip("loads packages with the go command")
	}
	r, err := gocheck.Analyze(context.Background(), "./testdata/bad")
	if err != nil {
		t.Fatal(err)
	}
	if r.Model == nil || r.Model.Name != "bad" || len(r.Model.Tools) != 1 || r.Model.Tools[0].Name != "shout" {
		t.Errorf("model %+v", r.Model)
	}
	fs, lines := files(r)
	want := []string{
		"pkg/a.go:17:6 A041 pointer could be marked //subako:readOnly and //subako:openWorld=false: ",
		"pkg/a.go:17:17 A001 pointer takes *In; take the struct by value: In",
		"pkg/b.go:8:6 A017 subako_gen.go is missing: run go generate",
		"pkg/b.go:8:6 A041 shout could be marked //subako:readOnly",
		"pkg/b.go:9:2 A031 fmt.Println writes to os.Stdout; ",
	}
	if len(lines) != len(want) {
		t.Fatalf("findings:\n%s\nwant:\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	for i := range want {
		if !strings.HasPrefix(lines[i], want[i]) {
			t.Errorf("finding %d is\n\t%s\nwant\n\t%s...", i, lines[i], want[i])
		}
	}
	if len(fs) != 2 || fs[0].MIMEType != "text/x-go" || fs[0].Size != -1 || fs[0].Findings[0].Offset != -1 {
		t.Errorf("report files %+v", fs)
	}
	for i := 1; i < len(r.Diagnostics); i++ {
		if r.Diagnostics[i].Pos < r.Diagnostics[i-1].Pos {
			t.Errorf("diagnostics out of source order: %s after %s", r.Diagnostics[i].Position, r.Diagnostics[i-1].Position)
		}
	}
	for _, d := range r.Diagnostics {
		if !strings.HasPrefix(d.Position, r.Pkg.Fset.Position(d.Pos).Filename) {
			t.Errorf("diagnostic at %s: %s", d.Position, d.Message)
		}
	}
}

// TestAnalyzeNoHandler: Go with no //subako:function has no model and
// nothing to report.
func TestAnalyzeNoHandler(t *testing.T) {
	if testing.Short() {
		t.Skip("loads packages with the go command")
	}
	r, err := gocheck.Analyze(context.Background(), "./testdata/plain")
	if err != nil {
		t.Fatal(err)
	}
	if r.Model != nil || len(r.Diagnostics) > 0 {
		t.Errorf("model %+v, diagnostics %+v", r.Model, r.Diagnostics)
	}
}

// TestAnalyzeErrors: a package that does not type-check is an error that
// names its first ten errors and counts the rest, not a package without
// handlers; a pattern that names no package, or more than one, is an
// error that says so.
func TestAnalyzeErrors(t *testing.T) {
	if testing.Short() {
		t.Skip("loads packages with the go command")
	}
	for _, c := range []struct{ pattern, want string }{
		{"./testdata/broken", `/internal/check/gocheck/testdata/broken does not build:`},
		{"./testdata/broken", `broken.go:13:15: cannot use "s10"`},
		{"./testdata/broken", "\n\tand 2 more"},
		{"./testdata/nothere", "testdata/nothere: directory not found"},
		{"./testdata/...", "./testdata/...: want one package, found 0"},
		{"../../../abi/...", "../../../abi/...: want one package, found 3"},
	} {
		r, err := gocheck.Analyze(context.Background(), c.pattern)
		if err == nil || !strings.Contains(err.Error(), c.want) || r != nil {
			t.Errorf("%s: %v, want an error with %q", c.pattern, err, c.want)
		}
	}
	if _, err := gocheck.Analyze(context.Background(), "./testdata/broken"); strings.Contains(err.Error(), `"s11"`) {
		t.Errorf("more than ten errors named: %v", err)
	}
}
