package check

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/rules"
)

// TestRun checks examples/hello without the probes: every step passes, in
// order, and the findings are the analyzer's and the built module's, none.
// The slow steps (loading, the build, the lint) run under the progress
// reporter; the pipeline writes nothing itself, and its paths are
// absolute, for the command to shorten.
func TestRun(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a wasip1 module and runs it")
	}
	var steps []string
	seen := func(what string, step func()) { steps = append(steps, what); step() }
	r, err := Run(context.Background(), Options{Pattern: "../../../examples/hello", Engine: host.EngineAuto, Progress: seen})
	if err != nil {
		t.Fatal(err)
	}
	if len(steps) != 3 || !strings.HasPrefix(steps[0], "loading ") || !strings.HasPrefix(steps[1], "building ") || !strings.HasPrefix(steps[2], "linting ") {
		t.Errorf("the reporter saw %q", steps)
	}
	for _, f := range r.Files {
		if !filepath.IsAbs(f.Path) {
			t.Errorf("%s: not an absolute path", f.Path)
		}
	}
	want := []string{"ok   analyzer (0 findings)", "ok   subako_gen.go up to date", "ok   GOOS=wasip1 go build", "ok   lint with discovery", "ok   testdata/calls.json"}
	if !slices.Equal(r.Steps, want) || r.Failed {
		t.Errorf("steps %q (failed %v), want %q", r.Steps, r.Failed, want)
	}
	for _, f := range r.Files {
		if len(f.Findings) > 0 {
			t.Errorf("%s: %v", f.Path, f.Findings)
		}
	}
	if n := len(r.Files); n == 0 || r.Files[n-1].MIMEType != "application/wasm" {
		t.Errorf("the last file is not the built module: %+v", r.Files)
	}
}

// TestRunNoTools: a package with //subako:package and no tools is not
// built (its build would fail with the linker's "function main is
// undeclared", which the author's pass saw above check's summary): check
// says why it skips the build, and A004 is among its findings.
func TestRunNoTools(t *testing.T) {
	r, err := Run(context.Background(), Options{Pattern: "./testdata/notools", Engine: host.EngineAuto, Progress: func(_ string, step func()) { step() }})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"FAIL analyzer (2 findings)", "ok   subako_gen.go up to date", "skip the wasip1 build, lint and testdata/calls.json (the package has no tools: mark a handler with //subako:function)"}
	if !slices.Equal(r.Steps, want) || !r.Failed {
		t.Errorf("steps %q (failed %v), want %q", r.Steps, r.Failed, want)
	}
	if !hasRule(r.Files, rules.GoToolCount) {
		t.Errorf("no A004 in %+v", r.Files)
	}
}
