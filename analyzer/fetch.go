package analyzer

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"net/url"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/subako-ai/subako-go/internal/credheader"
	"github.com/subako-ai/subako-go/internal/rules"
)

// httpwirePath is the package of subako.HTTPRequest (an alias of
// httpwire.Request).
const httpwirePath = "github.com/subako-ai/subako-go/abi/httpwire"

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
	whole := true
	start := ast.Unparen(x)
	for {
		if _, ok := constString(pass, start); ok {
			break
		}
		b, ok := start.(*ast.BinaryExpr)
		if !ok || b.Op != token.ADD {
			return
		}
		start, whole = ast.Unparen(b.X), false
	}
	raw, _ := constString(pass, start)
	scheme, rest, hasScheme := strings.Cut(raw, "://")
	switch {
	case hasScheme && !strings.EqualFold(scheme, "https"):
		report(pass, rules.GoFetchURL, x, nil, "the URL %q is not https: Subako sends only https requests (the ABI's url is \"https only\"), so every call fails with invalid_request: write https://%s", clip(raw), clip(rest))
	case !hasScheme && whole:
		report(pass, rules.GoFetchURL, x, nil, "the URL %q is not absolute: Subako sends only full https:// URLs, so every call fails with invalid_request", clip(raw))
	case hasScheme:
		if u, err := url.Parse(raw); err == nil && u.User != nil {
			report(pass, rules.GoFetchCredential, x, nil, "the URL %q carries a user name or password: the host attaches the credentials the agent's grant stores and refuses a request that brings its own (credential_header), so every call fails: remove them and declare the credential in the grant", clip(u.Redacted()))
		}
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
