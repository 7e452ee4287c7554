package analyzer

import (
	"go/ast"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/subako-ai/subako-go/analyzer/model"
	"github.com/subako-ai/subako-go/internal/rules"
)

// NetHTTP reports the standard packages whose every use fails under
// wasip1 in a function package, imported directly or through other
// packages: net/http (A016), which has no sockets, and os/exec (A024),
// which has no processes. It records which packages lead to them as
// facts, so it sees through dependencies in every driver, go vet included.
// It also reports subako.HTTPRequest values with a constant the host
// refuses, a URL that is not https or a credential (A027-A029).
var NetHTTP = &analysis.Analyzer{
	Name: netHTTPName,
	Doc: withRules(netHTTPName, `report net/http and os/exec in a Subako function package

WASI preview 1 has no sockets, so net/http cannot connect; packages reach
the network through subako_http (subako.Fetch) instead. It has no
processes either, so os/exec cannot run a program. Imports through
other packages are found with facts. Requests with a constant URL that is
not https, or a constant credential header, fail on every call.`),
	URL:              docURL + "#NetHTTP",
	RunDespiteErrors: true,
	FactTypes:        []analysis.Fact{new(netHTTPFact), new(osExecFact), new(fetchFact)},
	Run:              honouringIgnores(runNetHTTP),
}

// netHTTPFact marks a package that imports net/http, through the
// packages in Via (import paths, the last one net/http itself).
type netHTTPFact struct {
	Via []string
}

func (*netHTTPFact) AFact() {}

func (f *netHTTPFact) String() string { return "netHTTP(" + strings.Join(f.Via, " → ") + ")" }

// osExecFact marks a package that imports os/exec, through the packages
// in Via (the last one os/exec itself).
type osExecFact struct {
	Via []string
}

func (*osExecFact) AFact() {}

func (f *osExecFact) String() string { return "osExec(" + strings.Join(f.Via, " → ") + ")" }

// deadImport is a standard package that cannot work under wasip1, with
// its rule and what to say.
type deadImport struct {
	rule *rules.Rule
	is   func(path string) bool
	// fact is a new fact of the package's kind, and via its path.
	fact func(via []string) analysis.Fact
	via  func(analysis.Fact) []string
	// fails says why it fails, after the package's name; short is the
	// same after "which", when it is reached through others.
	fails, short string
	// moduleOnly follows the package through the module's own packages
	// only, not through versioned dependencies.
	moduleOnly bool
}

var deadImports = []deadImport{
	{
		rule:  rules.GoNetHTTP,
		is:    isNetHTTP,
		fact:  func(via []string) analysis.Fact { return &netHTTPFact{Via: via} },
		via:   func(f analysis.Fact) []string { return f.(*netHTTPFact).Via },
		fails: "cannot connect under wasip1, which has no sockets: use subako.Fetch, which goes through subako_http",
		short: "cannot connect under wasip1 (no sockets): use subako.Fetch, which goes through subako_http",
	},
	{
		rule: rules.GoOSExec,
		is:   func(path string) bool { return path == "os/exec" },
		fact: func(via []string) analysis.Fact { return &osExecFact{Via: via} },
		via:  func(f analysis.Fact) []string { return f.(*osExecFact).Via },
		fails: `cannot run a program under wasip1, which has no processes: every call fails ("executable file not found in $PATH"); ` +
			"do the work in Go, or call a web API with subako.Fetch",
		short:      "cannot run a program under wasip1 (no processes): do the work in Go, or call a web API with subako.Fetch",
		moduleOnly: true,
	},
}

func runNetHTTP(pass *analysis.Pass) (any, error) {
	// Only the files that build for wasip1 count, whatever GOOS the driver
	// runs under: an import in a //go:build !wasip1 or _linux.go file never
	// reaches the module.
	files := sourceFiles(pass)
	exportDeadImportFacts(pass, files)
	if !hasHandlers(files) {
		// A helper package's requests that always fail are reported in
		// the function packages that import it (fetchFact), so that a
		// native command or a package only tests import says nothing.
		if followed(pass) {
			exportFetchFact(pass, files)
		}
		return nil, nil
	}
	checkFetches(pass, files)
	for _, f := range files {
		for _, spec := range f.Imports {
			path, err := strconv.Unquote(spec.Path.Value)
			if err != nil {
				continue
			}
			pn := pass.TypesInfo.PkgNameOf(spec)
			for _, d := range deadImports {
				if d.is(path) {
					report(pass, d.rule, spec.Path, nil, "%s %s", path, d.fails)
					continue
				}
				if pn == nil || isStd(path) || path == model.SubakoPath {
					continue
				}
				if fact := d.fact(nil); pass.ImportPackageFact(pn.Imported(), fact) {
					report(pass, d.rule, spec.Path, nil, "%s imports %s, which %s", path, strings.Join(d.via(fact), " → "), d.short)
				}
			}
			if pn != nil {
				reportImportedFetches(pass, spec, pn.Imported())
			}
		}
	}
	return nil, nil
}

// exportDeadImportFacts records which dead packages the package's files
// lead to, for the packages that import it. os/exec is followed through
// the module's own packages only (and those it replaces): a versioned
// dependency that imports it for a function the handler never calls is
// not reported, and a call that does fail is the probes' (P054).
func exportDeadImportFacts(pass *analysis.Pass, files []*ast.File) {
	for _, d := range deadImports {
		if d.moduleOnly && !followed(pass) {
			continue
		}
	imports:
		for _, f := range files {
			for _, spec := range f.Imports {
				path, err := strconv.Unquote(spec.Path.Value)
				if err != nil {
					continue
				}
				if d.is(path) {
					pass.ExportPackageFact(d.fact([]string{path}))
					break imports
				}
				pn := pass.TypesInfo.PkgNameOf(spec)
				if pn == nil {
					continue
				}
				if f := d.fact(nil); pass.ImportPackageFact(pn.Imported(), f) {
					pass.ExportPackageFact(d.fact(append([]string{path}, d.via(f)...)))
					break imports
				}
			}
		}
	}
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
