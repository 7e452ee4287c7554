// Package layout_test holds the repository's layout to what README.md and
// docs/architecture.md promise: only what authors, generated code and the
// golangci-lint plugin import is public; the rest is internal, free to change.
package layout_test

import (
	"go/types"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

const module = "github.com/subako-ai/subako-go/"

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

// TestPublicAPIUsable: no exported name of a public package mentions a
// type under internal/, which outside code could not name (as
// analyzer.ReportAtLeast(rules.Severity) once did).
func TestPublicAPIUsable(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the public packages' types")
	}
	var patterns []string
	for _, p := range public {
		patterns = append(patterns, module+p)
	}
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedTypes, Dir: "../.."}, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	for _, pkg := range pkgs {
		if len(pkg.Errors) > 0 {
			t.Fatalf("%s: %v", pkg.PkgPath, pkg.Errors)
		}
		scope := pkg.Types.Scope()
		for _, name := range scope.Names() {
			obj := scope.Lookup(name)
			if !obj.Exported() {
				continue
			}
			if bad := internalIn(obj.Type(), map[types.Type]bool{}); bad != "" {
				t.Errorf("%s.%s mentions %s, which outside code cannot name", pkg.PkgPath, name, bad)
			}
		}
	}
}

// internalIn is a type under internal/ that t's exported surface
// mentions (its fields, methods, parameters and elements), or "".
func internalIn(t types.Type, seen map[types.Type]bool) string {
	if seen[t] {
		return ""
	}
	seen[t] = true
	switch t := t.(type) {
	case *types.Alias:
		return internalIn(types.Unalias(t), seen)
	case *types.Named:
		if p := t.Obj().Pkg(); p != nil && slices.Contains(strings.Split(p.Path(), "/"), "internal") {
			return p.Path() + "." + t.Obj().Name()
		}
		for m := range t.Methods() {
			if m.Exported() {
				if bad := internalIn(m.Type(), seen); bad != "" {
					return bad
				}
			}
		}
		for a := range t.TypeArgs().Types() {
			if bad := internalIn(a, seen); bad != "" {
				return bad
			}
		}
		return internalIn(t.Underlying(), seen)
	case *types.Pointer:
		return internalIn(t.Elem(), seen)
	case *types.Slice:
		return internalIn(t.Elem(), seen)
	case *types.Array:
		return internalIn(t.Elem(), seen)
	case *types.Chan:
		return internalIn(t.Elem(), seen)
	case *types.Map:
		if bad := internalIn(t.Key(), seen); bad != "" {
			return bad
		}
		return internalIn(t.Elem(), seen)
	case *types.Signature:
		for _, tup := range []*types.Tuple{t.Params(), t.Results()} {
			for v := range tup.Variables() {
				if bad := internalIn(v.Type(), seen); bad != "" {
					return bad
				}
			}
		}
	case *types.Struct:
		for f := range t.Fields() {
			if f.Exported() {
				if bad := internalIn(f.Type(), seen); bad != "" {
					return bad
				}
			}
		}
	case *types.Interface:
		for m := range t.Methods() {
			if m.Exported() {
				if bad := internalIn(m.Type(), seen); bad != "" {
					return bad
				}
			}
		}
	}
	return ""
}
