// Package layout_test holds the repository's layout to what README.md and
// docs/architecture.md promise: only what authors, generated code and the
// golangci-lint plugin import is public; the rest is internal, free to change.
package layout_test

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// public is every importable package of the module: the API, with a
// compatibility promise. A package added outside internal/ must be added
// here, on purpose. (Commands and folders of tests only are not importable.)
var public = []string{
	"abi",             // the ABI's facts, shared by the runtime and the host
	"abi/httpwire",    // subako_http's wire format
	"abi/jsonwire",    // the JSON scanner generated code decodes with
	"analyzer",        // the go/analysis analyzers, for go vet and other drivers
	"analyzer/model",  // the package model the analyzers compute
	"bench/benchmods", // the modules the benchmarks measure, for bench/compare's own module
	"golangci",        // the golangci-lint module plugin
	"subako",          // the runtime a package imports
	"subako/subakotest",
}

// maxPublic is issue 20's bound on the public surface.
const maxPublic = 10

func TestPublicSurface(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{.Name}} {{len .GoFiles}}", "../../...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	const module = "github.com/subako-ai/subako-go/"
	var got []string
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		path, name, files := strings.TrimPrefix(f[0], module), f[1], f[2]
		if name == "main" || files == "0" || slices.Contains(strings.Split(path, "/"), "internal") {
			continue
		}
		got = append(got, path)
	}
	if !slices.Equal(got, public) {
		t.Errorf("the public packages are\n\t%s\nwant\n\t%s\n(move a new package under internal/, or list it in public on purpose)", strings.Join(got, "\n\t"), strings.Join(public, "\n\t"))
	}
	if len(public) > maxPublic {
		t.Errorf("%d public packages, more than %d", len(public), maxPublic)
	}
}
