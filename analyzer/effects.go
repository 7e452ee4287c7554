package analyzer

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"path"
	"strconv"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/subako-ai/subako-go/analyzer/model"
)

// What a call does to the world, for Hints: the file system functions that
// write and where, subako.Fetch's method and SaveTo, net/http's senders.

// callEffects is what a call of fn does, when fn is a writer, Fetch or a
// function of another package with a fact; false for the package's own
// functions and anything else.
func (h *hintsPass) callEffects(fd *ast.FuncDecl, fn *types.Func, call *ast.CallExpr) (effects, bool) {
	name := fn.FullName()
	if w, ok := fileWriters[name]; ok {
		if w.flag >= 0 && w.flag < len(call.Args) && !h.opensForWriting(fn, call.Args[w.flag]) {
			return effects{}, true
		}
		if len(w.paths) == 0 {
			return effects{write: []string{shortFunc(fn) + " (on a file not known)"}}, true
		}
		for _, i := range w.paths {
			if i >= len(call.Args) {
				continue
			}
			if p := h.paramOf(fd, call.Args[i]); p >= 0 {
				if caller := h.funcOf(fd); caller != nil {
					h.paramWrites[caller] = append(h.paramWrites[caller], paramWrite{param: p, what: shortFunc(fn), at: call})
				}
				continue
			}
			if where, outside := h.pathOf(call.Args[i]); outside {
				return effects{write: []string{shortFunc(fn) + " " + where}}, true
			}
		}
		return effects{}, true
	}
	if name == loadLocation {
		return effects{zone: []string{shortFunc(fn)}}, true
	}
	if name == model.SubakoPath+".Fetch" && len(call.Args) == 1 {
		return h.fetchEffects(fd, call.Args[0]), true
	}
	if method, ok := netHTTPSenders[name]; ok {
		// net/http cannot connect under wasip1 (A016), but the code means
		// to send: its world is open all the same.
		eff := effects{http: []string{shortFunc(fn)}}
		if method != "GET" && method != "HEAD" {
			eff.mutating = eff.http
		}
		return eff, true
	}
	if fn.Pkg() != nil && fn.Pkg() != h.pass.Pkg {
		var f effectFact
		if h.pass.ImportObjectFact(fn, &f) {
			return effects{write: f.Write, http: f.HTTP, mutating: f.Mutating, zone: f.Zone}, true
		}
	}
	return effects{}, false
}

// paramOf is the index of the parameter of fd that x is (through
// subako.VolumePath), or -1: a path the function's caller gives.
func (h *hintsPass) paramOf(fd *ast.FuncDecl, x ast.Expr) int {
	if fd == nil {
		return -1
	}
	x = ast.Unparen(x)
	if call, ok := x.(*ast.CallExpr); ok && len(call.Args) == 1 {
		if fn, _ := typeutil.Callee(h.pass.TypesInfo, call).(*types.Func); fn != nil && fn.FullName() == model.SubakoPath+".VolumePath" {
			x = ast.Unparen(call.Args[0])
		}
	}
	id, ok := x.(*ast.Ident)
	if !ok {
		return -1
	}
	obj := h.pass.TypesInfo.Uses[id]
	i := 0
	for _, field := range fd.Type.Params.List {
		if _, variadic := field.Type.(*ast.Ellipsis); variadic {
			return -1
		}
		for _, name := range field.Names {
			if obj != nil && h.pass.TypesInfo.Defs[name] == obj {
				if assigned(fd.Body, h.pass.TypesInfo, obj) {
					return -1 // the function changes it: its value is not the caller's
				}
				return i
			}
			i++
		}
		if len(field.Names) == 0 {
			i++
		}
	}
	return -1
}

// assigned reports whether body assigns to obj (or takes its address).
func assigned(body *ast.BlockStmt, info *types.Info, obj types.Object) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok && info.Uses[id] == obj {
					found = true
				}
			}
		case *ast.UnaryExpr:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok && n.Op == token.AND && info.Uses[id] == obj {
				found = true
			}
		}
		return !found
	})
	return found
}

// netHTTPSenders are net/http's functions that send a request, with its
// method ("" for one not known).
var netHTTPSenders = map[string]string{
	"net/http.Get": "GET", "net/http.Head": "HEAD", "net/http.Post": "POST", "net/http.PostForm": "POST",
	"(*net/http.Client).Get": "GET", "(*net/http.Client).Head": "HEAD", "(*net/http.Client).Post": "POST",
	"(*net/http.Client).PostForm": "POST", "(*net/http.Client).Do": "",
}

// valueEffects is what a writer or Fetch taken as a value may do, called
// with arguments not known.
func (h *hintsPass) valueEffects(fn *types.Func) (effects, bool) {
	name := fn.FullName()
	if _, ok := fileWriters[name]; ok {
		return effects{write: []string{shortFunc(fn) + " (taken as a value, at a path not known)"}}, true
	}
	if name == loadLocation {
		return effects{zone: []string{shortFunc(fn) + " (taken as a value)"}}, true
	}
	if name == model.SubakoPath+".Fetch" {
		what := []string{"subako.Fetch (taken as a value, with a method not known)"}
		return effects{http: what, mutating: what}, true
	}
	if fn.Pkg() != nil && fn.Pkg() != h.pass.Pkg {
		var f effectFact
		if h.pass.ImportObjectFact(fn, &f) {
			return effects{write: f.Write, http: f.HTTP, mutating: f.Mutating, zone: f.Zone}, true
		}
	}
	return effects{}, false
}

// A fileWriter is a function that changes the file system: the arguments
// that are paths it changes, and the one that is os.OpenFile's flag (-1
// for none).
type fileWriter struct {
	paths []int
	flag  int
}

// fileWriters are the standard library's functions that change files.
var fileWriters = map[string]fileWriter{
	"os.WriteFile": {[]int{0}, -1}, "os.Create": {[]int{0}, -1}, "os.OpenFile": {[]int{0}, 1},
	"os.Mkdir": {[]int{0}, -1}, "os.MkdirAll": {[]int{0}, -1}, "os.MkdirTemp": {[]int{0}, -1}, "os.CreateTemp": {[]int{0}, -1},
	"os.Remove": {[]int{0}, -1}, "os.RemoveAll": {[]int{0}, -1}, "os.Rename": {[]int{0, 1}, -1},
	"os.Symlink": {[]int{1}, -1}, "os.Link": {[]int{1}, -1}, "os.Truncate": {[]int{0}, -1},
	"os.Chmod": {[]int{0}, -1}, "os.Chtimes": {[]int{0}, -1}, "os.Chown": {[]int{0}, -1}, "os.Lchown": {[]int{0}, -1},
	"os.CopyFS":            {[]int{0}, -1},
	"io/ioutil.WriteFile":  {[]int{0}, -1},
	"io/ioutil.TempFile":   {[]int{0}, -1},
	"io/ioutil.TempDir":    {[]int{0}, -1},
	"syscall.Open":         {[]int{0}, 1},
	"syscall.Unlink":       {[]int{0}, -1},
	"syscall.Rmdir":        {[]int{0}, -1},
	"syscall.Mkdir":        {[]int{0}, -1},
	"syscall.Rename":       {[]int{0, 1}, -1},
	"syscall.Ftruncate":    {nil, -1},
	"(*os.File).Truncate":  {nil, -1},
	"(*os.Root).Create":    {nil, -1},
	"(*os.Root).OpenFile":  {nil, 1},
	"(*os.Root).Mkdir":     {nil, -1},
	"(*os.Root).Remove":    {nil, -1},
	"(*os.Root).WriteFile": {nil, -1},
	"(*os.Root).RemoveAll": {nil, -1},
	"(*os.Root).Rename":    {nil, -1},
	"(*os.Root).MkdirAll":  {nil, -1},
	"(*os.Root).Chmod":     {nil, -1},
	"(*os.Root).Chtimes":   {nil, -1},
	"(*os.Root).Symlink":   {nil, -1},
	"(*os.Root).Link":      {nil, -1},
	"(*os.Root).Lchown":    {nil, -1},
	"(*os.Root).Chown":     {nil, -1},
	"(*os.File).Chmod":     {nil, -1},
	"(*os.File).Chown":     {nil, -1},
}

// pathOf says where a path argument points, for messages, and whether it
// may be outside scratchDir: a constant, a path.Join or filepath.Join
// whose first element is one, or a constant followed by +, is judged by
// its text; anything else may point anywhere.
func (h *hintsPass) pathOf(x ast.Expr) (string, bool) {
	prefix, exact, ok := h.constPrefix(x)
	if !ok {
		return "at a path not known", true
	}
	quoted := strconv.Quote(prefix)
	if !exact {
		quoted += "+..."
	}
	switch {
	case exact && prefix == "":
		return "in the temporary or current directory", true
	case !strings.HasPrefix(prefix, "/"):
		return "to " + quoted + " (a relative path)", true
	}
	clean := path.Clean(prefix)
	if !exact && !strings.HasSuffix(prefix, "/") {
		// "/volume/tmp" + x may be "/volume/tmpfoo".
		clean = path.Dir(clean)
	}
	inside := clean == scratchDir || strings.HasPrefix(clean, scratchDir+"/")
	return "to " + quoted, !inside
}

// constPrefix is the constant text a path starts with, and whether it is
// the whole path.
func (h *hintsPass) constPrefix(x ast.Expr) (string, bool, bool) {
	x = ast.Unparen(x)
	if tv, ok := h.pass.TypesInfo.Types[x]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		return constant.StringVal(tv.Value), true, true
	}
	switch x := x.(type) {
	case *ast.BinaryExpr:
		if x.Op == token.ADD {
			if p, _, ok := h.constPrefix(x.X); ok {
				return p, false, true
			}
		}
	case *ast.CallExpr:
		fn, _ := typeutil.Callee(h.pass.TypesInfo, x).(*types.Func)
		if fn != nil && fn.FullName() == model.SubakoPath+".VolumePath" && len(x.Args) == 1 {
			// The runtime's name for a /volume path on this system: the
			// path itself in the module.
			return h.constPrefix(x.Args[0])
		}
		if fn == nil || (fn.FullName() != "path.Join" && fn.FullName() != "path/filepath.Join") || len(x.Args) == 0 || x.Ellipsis.IsValid() {
			return "", false, false
		}
		if p, exact, ok := h.constPrefix(x.Args[0]); ok && exact {
			// A later element may hold "..": judge by the first alone
			// only when the others are not constants with "..".
			for _, a := range x.Args[1:] {
				if q, _, ok := h.constPrefix(a); ok && strings.Contains(q, "..") {
					return "", false, false
				}
			}
			if len(x.Args) == 1 {
				return p, true, true
			}
			return strings.TrimSuffix(p, "/") + "/", false, true
		}
	}
	return "", false, false
}

// opensForWriting reports whether an open flag may ask for writing: a
// constant without O_WRONLY, O_RDWR, O_CREATE, O_APPEND or O_TRUNC does
// not.
func (h *hintsPass) opensForWriting(fn *types.Func, flag ast.Expr) bool {
	tv, ok := h.pass.TypesInfo.Types[ast.Unparen(flag)]
	if !ok || tv.Value == nil {
		return true
	}
	v, ok := constant.Int64Val(constant.ToInt(tv.Value))
	if !ok {
		return true
	}
	// The flags' values are the build's: os's and syscall's own constants.
	scope := fn.Pkg().Scope()
	var mask int64
	for _, name := range []string{"O_WRONLY", "O_RDWR", "O_CREATE", "O_CREAT", "O_APPEND", "O_TRUNC"} {
		if c, ok := scope.Lookup(name).(*types.Const); ok {
			if n, ok := constant.Int64Val(constant.ToInt(c.Val())); ok {
				mask |= n
			}
		}
	}
	return mask == 0 || v&mask != 0
}

// fetchEffects is what subako.Fetch(req) does: a request, mutating unless
// its method is GET or HEAD, and a write when it saves the response
// (SaveTo) outside scratchDir. The request is read from a composite
// literal, given directly or assigned to a local variable whose Method and
// SaveTo are set only with constants.
func (h *hintsPass) fetchEffects(fd *ast.FuncDecl, req ast.Expr) effects {
	eff := effects{http: []string{"subako.Fetch"}}
	lits, methods, saves, known := h.requestFields(fd, req)
	if !known {
		eff.mutating = []string{"subako.Fetch (with a method not known)"}
		return eff
	}
	for _, lit := range lits {
		m, s := fieldOf(lit, "Method"), fieldOf(lit, "SaveTo")
		if m != nil {
			methods = append(methods, m)
		}
		if s != nil {
			saves = append(saves, s)
		}
	}
	for _, m := range methods {
		method, exact, ok := h.constPrefix(m)
		switch {
		case !ok || !exact:
			eff.mutating = []string{"subako.Fetch (with a method not known)"}
		case method != "" && !strings.EqualFold(method, "GET") && !strings.EqualFold(method, "HEAD"):
			eff.mutating = []string{"subako.Fetch (" + strings.ToUpper(method) + ")"}
		default:
			continue
		}
		break
	}
	for _, s := range saves {
		if p, exact, ok := h.constPrefix(s); ok && exact && p == "" {
			continue
		}
		if where, outside := h.pathOf(s); outside {
			eff.write = []string{"subako.Fetch saving the response (SaveTo) " + where}
			break
		}
	}
	return eff
}

// requestFields finds the composite literals a request comes from, and
// the values assigned to its Method and SaveTo afterwards; false when the
// request is not one the analyzer can follow.
func (h *hintsPass) requestFields(fd *ast.FuncDecl, req ast.Expr) (lits []*ast.CompositeLit, methods, saves []ast.Expr, known bool) {
	if lit := requestLit(req); lit != nil {
		return []*ast.CompositeLit{lit}, nil, nil, true
	}
	id, ok := ast.Unparen(req).(*ast.Ident)
	if !ok {
		return nil, nil, nil, false
	}
	v, ok := h.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
		return nil, nil, nil, false // not a local variable
	}
	known = true
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				var rhs ast.Expr
				if len(n.Rhs) == len(n.Lhs) {
					rhs = n.Rhs[i]
				}
				switch l := ast.Unparen(lhs).(type) {
				case *ast.Ident:
					if h.pass.TypesInfo.ObjectOf(l) == v {
						if lit := requestLit(rhs); lit != nil {
							lits = append(lits, lit)
						} else {
							known = false
						}
					}
				case *ast.SelectorExpr:
					if x, ok := ast.Unparen(l.X).(*ast.Ident); ok && h.pass.TypesInfo.ObjectOf(x) == v {
						switch {
						case rhs == nil:
							known = false
						case l.Sel.Name == "Method":
							methods = append(methods, rhs)
						case l.Sel.Name == "SaveTo":
							saves = append(saves, rhs)
						}
					}
				}
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if h.pass.TypesInfo.Defs[name] != v {
					continue
				}
				if i < len(n.Values) {
					if lit := requestLit(n.Values[i]); lit != nil {
						lits = append(lits, lit)
						continue
					}
				}
				known = false
			}
		case *ast.UnaryExpr:
			// &req hands the request to code that may change it.
			if x, ok := ast.Unparen(n.X).(*ast.Ident); ok && n.Op == token.AND && h.pass.TypesInfo.ObjectOf(x) == v {
				known = false
			}
		}
		return true
	})
	return lits, methods, saves, known && len(lits) > 0
}

// requestLit is the composite literal of &subako.HTTPRequest{...} or
// subako.HTTPRequest{...}, or nil.
func requestLit(x ast.Expr) *ast.CompositeLit {
	if x == nil {
		return nil
	}
	x = ast.Unparen(x)
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.AND {
		x = ast.Unparen(u.X)
	}
	lit, _ := x.(*ast.CompositeLit)
	return lit
}

// fieldOf is the value of a keyed field of a composite literal, or nil.
func fieldOf(lit *ast.CompositeLit, name string) ast.Expr {
	for _, e := range lit.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if k, ok := kv.Key.(*ast.Ident); ok && k.Name == name {
				return kv.Value
			}
		}
	}
	return nil
}

// shortFunc names a standard library function in a message: os.WriteFile,
// (*os.File).Truncate.
func shortFunc(fn *types.Func) string {
	if fn.Signature().Recv() != nil {
		return funcName(fn)
	}
	return fn.Pkg().Name() + "." + fn.Name()
}
