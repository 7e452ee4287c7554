package analyzer

import (
	"go/ast"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/subako-ai/subako-go/analyzer/model"
	"github.com/subako-ai/subako-go/internal/rules"
)

// NetHTTP reports net/http in a function package, imported directly or
// through other packages (A016). It records which packages lead to
// net/http as facts, so it sees through dependencies in every driver,
// go vet included.
var NetHTTP = &analysis.Analyzer{
	Name: netHTTPName,
	Doc: withRules(netHTTPName, `report net/http in a Subako function package

WASI preview 1 has no sockets, so net/http cannot connect; packages reach
the network through subako_http (subako.Fetch) instead. Imports
through other packages are found with facts.`),
	URL:              docURL + "#NetHTTP",
	RunDespiteErrors: true,
	FactTypes:        []analysis.Fact{new(netHTTPFact)},
	Run:              honouringIgnores(runNetHTTP),
}

// netHTTPFact marks a package that imports net/http, through the
// packages in Via (import paths, the last one net/http itself).
type netHTTPFact struct {
	Via []string
}

func (*netHTTPFact) AFact() {}

func (f *netHTTPFact) String() string { return "netHTTP(" + strings.Join(f.Via, " → ") + ")" }

func runNetHTTP(pass *analysis.Pass) (any, error) {
	// The fact, for the packages that import this one.
	for _, imp := range pass.Pkg.Imports() {
		if isNetHTTP(imp.Path()) {
			pass.ExportPackageFact(&netHTTPFact{Via: []string{imp.Path()}})
			break
		}
		var f netHTTPFact
		if pass.ImportPackageFact(imp, &f) {
			pass.ExportPackageFact(&netHTTPFact{Via: append([]string{imp.Path()}, f.Via...)})
			break
		}
	}
	files := sourceFiles(pass)
	if !hasHandlers(files) {
		return nil, nil
	}
	for _, f := range files {
		for _, spec := range f.Imports {
			path, err := strconv.Unquote(spec.Path.Value)
			if err != nil {
				continue
			}
			if isNetHTTP(path) {
				report(pass, rules.GoNetHTTP, spec.Path, nil, "%s cannot connect under wasip1, which has no sockets: use subako.Fetch, which goes through subako_http", path)
				continue
			}
			pn := pass.TypesInfo.PkgNameOf(spec)
			if pn == nil || isStd(path) || path == model.SubakoPath {
				continue
			}
			var fact netHTTPFact
			if pass.ImportPackageFact(pn.Imported(), &fact) {
				report(pass, rules.GoNetHTTP, spec.Path, nil, "%s imports %s, which cannot connect under wasip1 (no sockets): use subako.Fetch, which goes through subako_http", path, strings.Join(fact.Via, " → "))
			}
		}
	}
	return nil, nil
}

// hasHandlers reports whether a function of the files is marked
// //subako:function: a cheap test for a function package.
func hasHandlers(files []*ast.File) bool {
	for _, f := range files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Doc != nil {
				for _, c := range fd.Doc.List {
					if d := parseDirective(c); d != nil && d.name == "function" {
						return true
					}
				}
			}
		}
	}
	return false
}

func isNetHTTP(path string) bool { return path == "net/http" || strings.HasPrefix(path, "net/http/") }

// isStd reports whether an import path is in the standard library: its
// first element has no dot.
func isStd(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}
