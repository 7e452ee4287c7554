package analyzer

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"net/url"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/subako-ai/subako-go/internal/credheader"
	"github.com/subako-ai/subako-go/internal/rules"
)

// httpwirePath is the package of subako.HTTPRequest (an alias of
// httpwire.Request).
const httpwirePath = "github.com/subako-ai/subako-go/abi/httpwire"

// fetchFact carries the requests that always fail of a helper package of
// the module, and of the helpers it imports, to the function packages
// that import it, which report them at the import: a helper that no
// function package imports (a native command, a package only tests
// import) never runs under Subako and is not reported.
type fetchFact struct {
	Findings []fetchFinding
}

// fetchFinding is one request that always fails: its rule's ID, where
// (the package's path, file and line) and what to say.
type fetchFinding struct {
	Rule, At, Message string
}

func (*fetchFact) AFact() {}

func (f *fetchFact) String() string {
	var s []string
	for _, x := range f.Findings {
		s = append(s, x.Rule+" at "+x.At)
	}
	return "fetch(" + strings.Join(s, ", ") + ")"
}

// maxFetchFindings bounds a fetchFact: a helper with more says the first.
const maxFetchFindings = 16

// exportFetchFact records the requests that always fail in a helper
// package's files and in the module's packages it imports.
func exportFetchFact(pass *analysis.Pass, files []*ast.File) {
	var fact fetchFact
	report := pass.Report
	igs := collectIgnores(pass, false)
	pass.Report = func(d analysis.Diagnostic) {
		if igs.suppress(pass.Fset, d) {
			// An ignore at the request covers it: handed to the pass's
			// report, which honours the same ignore and so marks it used.
			report(d)
			return
		}
		p := pass.Fset.Position(d.Pos)
		at := fmt.Sprintf("%s/%s:%d:%d", pass.Pkg.Path(), filepath.Base(p.Filename), p.Line, p.Column)
		fact.Findings = append(fact.Findings, fetchFinding{Rule: d.Category, At: at, Message: Text(d)})
	}
	checkFetches(pass, files)
	pass.Report = report
	for _, f := range files {
		for _, spec := range f.Imports {
			var imported fetchFact
			if pn := pass.TypesInfo.PkgNameOf(spec); pn != nil && pass.ImportPackageFact(pn.Imported(), &imported) {
				fact.Findings = append(fact.Findings, imported.Findings...)
			}
		}
	}
	if len(fact.Findings) > 0 {
		fact.Findings = fact.Findings[:min(len(fact.Findings), maxFetchFindings)]
		pass.ExportPackageFact(&fact)
	}
}

// reportImportedFetches reports, at the import of a helper package, the
// requests that always fail that it builds.
func reportImportedFetches(pass *analysis.Pass, spec *ast.ImportSpec, imported *types.Package) {
	var fact fetchFact
	if !pass.ImportPackageFact(imported, &fact) {
		return
	}
	for _, x := range fact.Findings {
		if r, ok := rules.Lookup(x.Rule); ok {
			report(pass, r, spec.Path, nil, "%s, which this function package imports, at %s: %s", imported.Path(), x.At, x.Message)
		}
	}
}

// checkFetches reports the requests of the package's files that fail on
// every call, whatever the arguments, because of a constant the host
// refuses: a URL that is not https (A027), a credential header or a URL
// with a password (A028), a header that looks like a credential (A029).
// It reads subako.HTTPRequest literals and assignments to a request's
// Headers[...]; a value computed at run time is the probes' business.
func checkFetches(pass *analysis.Pass, files []*ast.File) {
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CompositeLit:
				if isHTTPRequest(pass.TypesInfo.TypeOf(n)) {
					checkRequestLit(pass, n)
				}
			case *ast.AssignStmt:
				for _, lhs := range n.Lhs {
					ix, ok := ast.Unparen(lhs).(*ast.IndexExpr)
					if !ok {
						continue
					}
					if sel, ok := ast.Unparen(ix.X).(*ast.SelectorExpr); ok && sel.Sel.Name == "Headers" && isHTTPRequest(pass.TypesInfo.TypeOf(sel.X)) {
						checkHeader(pass, ix.Index)
					}
				}
			}
			return true
		})
	}
}

// isHTTPRequest reports whether t is httpwire.Request or a pointer to it.
func isHTTPRequest(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Name() == "Request" && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == httpwirePath
}

func checkRequestLit(pass *analysis.Pass, lit *ast.CompositeLit) {
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		key, ok := kv.Key.(*ast.Ident)
		if !ok {
			continue
		}
		switch key.Name {
		case "URL":
			checkURL(pass, kv.Value)
		case "Headers":
			if m, ok := ast.Unparen(kv.Value).(*ast.CompositeLit); ok {
				for _, e := range m.Elts {
					if hkv, ok := e.(*ast.KeyValueExpr); ok {
						checkHeader(pass, hkv.Key)
					}
				}
			}
		}
	}
}

// constString is the value of a constant string expression.
func constString(pass *analysis.Pass, x ast.Expr) (string, bool) {
	tv, ok := pass.TypesInfo.Types[x]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

// checkURL reports a URL, or the constant start of one built with +, that
// the host refuses.
func checkURL(pass *analysis.Pass, x ast.Expr) {
	start := ast.Unparen(x)
	for {
		if _, ok := constString(pass, start); ok {
			break
		}
		b, ok := start.(*ast.BinaryExpr)
		if !ok || b.Op != token.ADD {
			return
		}
		start = ast.Unparen(b.X)
	}
	raw, _ := constString(pass, start)
	if trimmed := strings.TrimSpace(raw); trimmed != raw && strings.Contains(trimmed, "://") {
		report(pass, rules.GoFetchURL, x, nil, "the URL %q starts or ends with white space, which makes it no URL: every call fails with invalid_request: write %q", clip(raw), clip(trimmed))
		return
	}
	// A URL without a scheme ("/users") may be the path a client helper
	// prefixes with its base URL: only an explicit scheme is judged.
	scheme, rest, hasScheme := strings.Cut(raw, "://")
	if !hasScheme {
		return
	}
	if !strings.EqualFold(scheme, "https") {
		report(pass, rules.GoFetchURL, x, nil, "the URL %q is not https: Subako sends only https requests (the ABI's url is \"https only\"), so every call fails with invalid_request: write https://%s", clip(raw), clip(rest))
		return
	}
	if u, err := url.Parse(raw); err == nil && u.User != nil {
		report(pass, rules.GoFetchCredential, x, nil, "the URL %q carries a user name or password: the host attaches the credentials the agent's grant stores and refuses a request that brings its own (credential_header), so every call fails: remove them and declare the credential in the grant", clip(u.Redacted()))
	}
}

// checkHeader reports a constant header name that carries a credential.
func checkHeader(pass *analysis.Pass, x ast.Expr) {
	name, ok := constString(pass, x)
	if !ok {
		return
	}
	lower := strings.ToLower(name)
	switch {
	case credheader.Defined(lower):
		report(pass, rules.GoFetchCredential, x, nil, "the header %q carries a credential: the host attaches the credentials the agent's grant stores and refuses a request that brings its own (credential_header), so every call fails: remove it and declare the credential in the grant", name)
	case credheader.Is(lower):
		report(pass, rules.GoFetchCredentialLike, x, nil, "the header %q looks like a credential, which subakogo's host refuses (credential_header), so every call fails there: let the grant carry the credential, or name a header that is none otherwise", name)
	}
}

// clip bounds a constant quoted in a message.
func clip(s string) string {
	const max = 120
	if len(s) > max {
		return s[:max] + "..."
	}
	return s
}
