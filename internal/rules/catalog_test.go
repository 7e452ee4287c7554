package rules

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

var (
	idRE    = regexp.MustCompile(`^[WMTPAD]\d{3}$`)
	slugRE  = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	sinceRE = regexp.MustCompile(`^v\d+\.\d+\.\d+$`)
)

// parts are every part that may report a rule; each reports at least one.
var parts = []Part{ModuleCheck, PackageCheck, ManifestCheck, ToolCheck, ProtocolCheck, CallCheck, ProbeCheck, ToolDiff,
	ModelAnalyzer, RuntimeAnalyzer, NetHTTPAnalyzer, GeneratedAnalyzer, HintsAnalyzer}

func TestCatalog(t *testing.T) {
	t.Parallel()
	ids, slugs := map[string]bool{}, map[string]bool{}
	for _, r := range Catalog {
		if ids[r.ID] || slugs[r.Slug] {
			t.Errorf("duplicate rule %s %s", r.ID, r.Slug)
		}
		ids[r.ID], slugs[r.Slug] = true, true
		if !idRE.MatchString(r.ID) || !slugRE.MatchString(r.Slug) || !sinceRE.MatchString(r.Since) {
			t.Errorf("%s %s since %q: want an ID like W001, a lower-case slug and a release like v0.1.0", r.ID, r.Slug, r.Since)
		}
		if r.Title == "" || r.Why == "" || r.Example == "" || r.Fix == "" {
			t.Errorf("%s: needs a title, why, an example and a fix", r.ID)
		}
		if !slices.Contains(parts, r.By) {
			t.Errorf("%s: reported by %q, which is no part", r.ID, r.By)
		}
		if got, ok := Lookup(strings.ToLower(r.ID)); !ok || got != r {
			t.Errorf("Lookup(%s) failed", r.ID)
		}
		if got, ok := Lookup(r.Slug); !ok || got != r {
			t.Errorf("Lookup(%s) failed", r.Slug)
		}
	}
	for _, p := range parts {
		if len(ReportedBy(p)) == 0 {
			t.Errorf("part %s reports no rule", p)
		}
	}
}

// TestOneList: every rule declared in the package is in Catalog, and the
// package has no init function that could append to it.
func TestOneList(t *testing.T) {
	t.Parallel()
	fset := token.NewFileSet()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	listed, declared := map[string]bool{}, map[string]bool{}
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Name.Name == "init" && d.Recv == nil {
					t.Errorf("%s: an init function; the catalog is one literal list", fset.Position(d.Pos()))
				}
			case *ast.GenDecl:
				for _, sp := range d.Specs {
					vs, ok := sp.(*ast.ValueSpec)
					if !ok {
						continue
					}
					for i, v := range vs.Values {
						if u, ok := v.(*ast.UnaryExpr); ok {
							if cl, ok := u.X.(*ast.CompositeLit); ok {
								if id, ok := cl.Type.(*ast.Ident); ok && id.Name == "Rule" {
									declared[vs.Names[i].Name] = true
								}
							}
						}
						if vs.Names[i].Name == "Catalog" {
							for _, el := range v.(*ast.CompositeLit).Elts {
								listed[el.(*ast.Ident).Name] = true
							}
						}
					}
				}
			}
		}
	}
	for name := range declared {
		if !listed[name] {
			t.Errorf("rule %s is declared but not in Catalog", name)
		}
	}
	if len(declared) != len(Catalog) {
		t.Errorf("%d rules declared, %d in Catalog", len(declared), len(Catalog))
	}
}

// TestLightImports: the catalog (and so the analyzer and the golangci-lint
// plugin, which import it) pulls in no wasm runtime, schema compiler,
// wasm reader or text library.
func TestLightImports(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	std, err := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", ".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	if got := strings.Fields(string(std)); !slices.Equal(got, []string{"github.com/subako-ai/subako-go/internal/rules"}) {
		t.Errorf("rules imports outside the standard library: %v", got)
	}
	out, err := exec.Command("go", "list", "-deps", "../../analyzer", "../../golangci").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, dep := range strings.Fields(string(out)) {
		for _, heavy := range []string{"github.com/tetratelabs/wazero", "github.com/santhosh-tekuri/jsonschema", "golang.org/x/text",
			"github.com/subako-ai/subako-go/internal/wasmparse", "wabin"} {
			if strings.Contains(dep, heavy) {
				t.Errorf("the analyzer or the golangci-lint plugin depends on %s", dep)
			}
		}
	}
}

// The analyzer reports a tool-text signal under the A rule of the same
// severity as the T rule lint reports on the built module: a text go
// generate accepts is one check accepts (issue 32: shadowing was a warning
// in one and an error in the other).
func TestGoTextRuleSeverity(t *testing.T) {
	n := 0
	for _, r := range Catalog {
		if r.ID < "T030" || r.ID > "T049" || r.ID[0] != 'T' {
			continue
		}
		n++
		if a := GoTextRule(r); a.Severity != r.Severity {
			t.Errorf("%s (%v) is reported in Go source as %s (%v)", r.ID, r.Severity, a.ID, a.Severity)
		}
	}
	if n < 15 {
		t.Errorf("only %d tool-text rules", n)
	}
}
