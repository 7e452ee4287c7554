package layout_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// unnamed lists the packages (paths in the module) that doc never names
// as code, whole and in backquotes: `internal/probe/`, or a longer path
// that starts the same way, does not name internal/probe.
func unnamed(doc string, pkgs []string) []string {
	var out []string
	for _, p := range pkgs {
		if !strings.Contains(doc, "`"+p+"`") {
			out = append(out, p)
		}
	}
	return out
}

// TestArchitectureNamesEveryPackage: docs/architecture.md is where a
// reader finds what each package is for, so every package of the module
// (go list ./..., test-only ones too) is named on it; a new package fails
// this test until its part is described there.
func TestArchitectureNamesEveryPackage(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}}", "../../...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	const module = "github.com/subako-ai/subako-go/"
	var pkgs []string
	for _, line := range strings.Fields(string(out)) {
		pkgs = append(pkgs, strings.TrimPrefix(line, module))
	}
	if len(pkgs) < 50 || !slices.Contains(pkgs, "internal/layout") {
		t.Fatalf("go list found only %d packages: %v", len(pkgs), pkgs)
	}
	doc, err := os.ReadFile("../../docs/architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range unnamed(string(doc), pkgs) {
		t.Errorf("docs/architecture.md does not name package %s: say what it is for, as `%s`, in the part it belongs to", p, p)
	}
}

// TestUnnamedFinds: a package the page does not name is found, though
// another path starting with it is named.
func TestUnnamedFinds(t *testing.T) {
	doc := "the host: `internal/host`, `internal/host/sandboxfs`; the probes (`internal/probe/`)"
	got := unnamed(doc, []string{"internal/host", "internal/host/sandboxfs", "internal/host/subakohttp", "internal/probe", "internal/hos"})
	if want := []string{"internal/host/subakohttp", "internal/probe", "internal/hos"}; !slices.Equal(got, want) {
		t.Errorf("unnamed = %v, want %v", got, want)
	}
}

// TestHostFilesByJob: internal/host is split by job, each file short
// enough to read whole (docs/architecture.md lists them); a file past
// maxHostFileLines is a job that wants a file of its own.
func TestHostFilesByJob(t *testing.T) {
	const maxHostFileLines = 400
	files, err := filepath.Glob("../../internal/host/*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no host files: %v", err)
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(string(data), "\n"); n > maxHostFileLines {
			t.Errorf("%s has %d lines, past %d: split it by job", filepath.Base(f), n, maxHostFileLines)
		}
	}
}
