package analyzer

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"path"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/subako-ai/subako-go/analyzer/model"
	"github.com/subako-ai/subako-go/rules"
)

// Hints checks the tool annotations a handler states against what its code
// can reach: file writes outside the call's scratch space and subako_http
// requests. It follows the module's functions across packages with facts,
// as Runtime does for stdout and exits.
var Hints = &analysis.Analyzer{
	Name: "subakohints",
	Doc: `check a Subako tool's annotations against what its handler can reach

A tool marked //subako:readOnly must not write files outside /volume/tmp nor
send requests other than GET or HEAD; one marked //subako:openWorld=false
must send no request. A tool that states neither, and could, is told so.`,
	URL:              docURL + "#Hints",
	RunDespiteErrors: true,
	Run:              runHints,
	// Facts carry what an exported function of another package of the
	// module can do: write a file, send a request.
	FactTypes: []analysis.Fact{new(effectFact)},
}

// suggestHints is the analyzer's -suggest flag: whether to suggest the
// hints a tool could state (A041). The vettool turns it off, since go vet
// fails on any diagnostic and a suggestion is advice.
var suggestHints = true

func init() {
	Hints.Flags.BoolVar(&suggestHints, "suggest", true, "suggest the hints a tool could state (A041, info)")
}

// scratchDir is the call's scratch space: writes under it do not outlive
// the call, so a read-only tool may make them (its images go there).
const scratchDir = "/volume/tmp"

// An effect is what a function can do to the world: each is the path from
// the function to the operation ("tools.Save → os.WriteFile to
// \"/volume/data/x\""), or nil when it cannot.
type effects struct {
	write    []string // a file written outside scratchDir
	http     []string // any subako_http request
	mutating []string // a request other than GET or HEAD, or of a method not known
}

// An effectFact is the effects of an exported function of a followed
// package.
type effectFact struct {
	Write, HTTP, Mutating []string
}

func (*effectFact) AFact() {}

func (f *effectFact) String() string {
	var parts []string
	for _, p := range []struct {
		what string
		path []string
	}{{"writes", f.Write}, {"fetches", f.HTTP}, {"mutates", f.Mutating}} {
		if p.path != nil {
			parts = append(parts, p.what+": "+strings.Join(p.path, " → "))
		}
	}
	return strings.Join(parts, "; ")
}

// merge takes the effects of other that e lacks, behind prefix.
func (e *effects) merge(prefix string, other effects) bool {
	changed := false
	for _, p := range []struct{ dst, src *[]string }{{&e.write, &other.write}, {&e.http, &other.http}, {&e.mutating, &other.mutating}} {
		if *p.dst == nil && *p.src != nil {
			*p.dst = append([]string{prefix}, *p.src...)
			changed = true
		}
	}
	return changed
}

// An effectSite is one place in a function's body that has an effect: a call of
// a writer, of subako.Fetch, or of another package's function whose fact
// says it has one.
type effectSite struct {
	at  analysis.Range
	eff effects
}

// hintsPass is the state of one run.
type hintsPass struct {
	pass   *analysis.Pass
	bodies map[*types.Func]*ast.FuncDecl
	// funcVars are package-level variables initialised with a function
	// (var writeFile = os.WriteFile), which tests replace: a call through
	// one is a call of the function.
	funcVars map[*types.Var]*types.Func
}

func runHints(pass *analysis.Pass) (any, error) {
	files := sourceFiles(pass)
	handlers := markedHandlers(pass, files)
	if !followed(pass) && len(handlers) == 0 {
		return nil, nil // no facts to export, nothing to check
	}
	h := &hintsPass{pass: pass, bodies: funcBodies(pass, files), funcVars: map[*types.Var]*types.Func{}}
	h.indexFuncVars(files)
	sites := map[*types.Func][]effectSite{}
	uses := map[*types.Func][]*types.Func{}
	fns := make([]*types.Func, 0, len(h.bodies))
	for fn := range h.bodies {
		fns = append(fns, fn)
	}
	slices.SortFunc(fns, func(a, b *types.Func) int { return int(a.Pos() - b.Pos()) })
	for _, fn := range fns {
		sites[fn], uses[fn] = h.scan(h.bodies[fn])
	}
	if followed(pass) {
		h.exportFacts(fns, sites, uses)
	}
	for _, fd := range handlers {
		h.checkHandler(fd, sites, uses)
	}
	return nil, nil
}

// indexFuncVars finds the package-level variables initialised with a
// function that has effects.
func (h *hintsPass) indexFuncVars(files []*ast.File) {
	for _, f := range files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				if len(vs.Values) != len(vs.Names) {
					continue
				}
				for i, name := range vs.Names {
					v, _ := h.pass.TypesInfo.Defs[name].(*types.Var)
					fn, _ := h.pass.TypesInfo.Uses[calleeIdent(vs.Values[i])].(*types.Func)
					if v != nil && fn != nil {
						h.funcVars[v] = fn.Origin()
					}
				}
			}
		}
	}
}

// calleeIdent is the identifier that names a called function: f, pkg.F,
// x.M, or nil.
func calleeIdent(x ast.Expr) *ast.Ident {
	switch x := ast.Unparen(x).(type) {
	case *ast.Ident:
		return x
	case *ast.SelectorExpr:
		return x.Sel
	case *ast.IndexExpr:
		return calleeIdent(x.X)
	case *ast.IndexListExpr:
		return calleeIdent(x.X)
	}
	return nil
}

// scan finds a body's sites and the package's functions it uses.
func (h *hintsPass) scan(fd *ast.FuncDecl) ([]effectSite, []*types.Func) {
	info := h.pass.TypesInfo
	var out []effectSite
	var uses []*types.Func
	called := map[*ast.Ident]bool{}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		id := calleeIdent(call.Fun)
		if id == nil {
			return true
		}
		var fn *types.Func
		switch obj := info.Uses[id].(type) {
		case *types.Func:
			fn = obj.Origin()
		case *types.Var:
			fn = h.funcVars[obj]
		}
		if fn == nil {
			return true
		}
		called[id] = true
		if fn.Pkg() == h.pass.Pkg && h.bodies[fn] != nil {
			uses = append(uses, fn) // through a variable: the loop below sees only direct uses
		}
		if eff, ok := h.callEffects(fd, fn, call); ok && !eff.none() {
			out = append(out, effectSite{call, eff})
		}
		return true
	})
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		fn, ok := info.Uses[id].(*types.Func)
		if !ok {
			return true
		}
		fn = fn.Origin()
		if fn.Pkg() == h.pass.Pkg && h.bodies[fn] != nil {
			uses = append(uses, fn)
			return true
		}
		if called[id] {
			return true
		}
		// A function value: whatever it is called with is not known.
		if eff, ok := h.valueEffects(fn); ok {
			out = append(out, effectSite{id, eff})
		}
		return true
	})
	return out, uses
}

// none reports whether e has no effect.
func (e effects) none() bool { return e.write == nil && e.http == nil && e.mutating == nil }

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
			if where, outside := h.pathOf(call.Args[i]); outside {
				return effects{write: []string{shortFunc(fn) + " " + where}}, true
			}
		}
		return effects{}, true
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
			return effects{write: f.Write, http: f.HTTP, mutating: f.Mutating}, true
		}
	}
	return effects{}, false
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
	if name == model.SubakoPath+".Fetch" {
		what := []string{"subako.Fetch (taken as a value, with a method not known)"}
		return effects{http: what, mutating: what}, true
	}
	if fn.Pkg() != nil && fn.Pkg() != h.pass.Pkg {
		var f effectFact
		if h.pass.ImportObjectFact(fn, &f) {
			return effects{write: f.Write, http: f.HTTP, mutating: f.Mutating}, true
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

// exportFacts exports, for each exported function of the package with an
// effect (its own or through the package's other functions), the path to
// it.
func (h *hintsPass) exportFacts(fns []*types.Func, sites map[*types.Func][]effectSite, uses map[*types.Func][]*types.Func) {
	found := map[*types.Func]*effects{}
	for _, fn := range fns {
		e := &effects{}
		for _, s := range sites[fn] {
			e.merge(funcName(fn), s.eff)
		}
		found[fn] = e
	}
	for changed := true; changed; {
		changed = false
		for _, fn := range fns {
			for _, g := range uses[fn] {
				if found[fn].merge(funcName(fn), *found[g]) {
					changed = true
				}
			}
		}
	}
	for _, fn := range fns {
		if e := found[fn]; fn.Exported() && !e.none() {
			h.pass.ExportObjectFact(fn, &effectFact{Write: e.write, HTTP: e.http, Mutating: e.mutating})
		}
	}
}

// stated are a handler's hint markers that the analyzer checks: nil when
// not stated.
type stated struct {
	readOnly, openWorld *bool
	function            *ast.Comment // the //subako:function line, where fixes add markers
}

func statedHints(fd *ast.FuncDecl) stated {
	var s stated
	for _, c := range fd.Doc.List {
		d := parseDirective(c)
		if d == nil {
			continue
		}
		v, ok := hintValue(d)
		switch {
		case d.name == "function" && s.function == nil:
			s.function = c
		case d.name == "readOnly" && ok && s.readOnly == nil:
			s.readOnly = &v
		case d.name == "openWorld" && ok && s.openWorld == nil:
			s.openWorld = &v
		}
	}
	return s
}

// checkHandler reports the effects a handler can reach that contradict its
// hints (A040), at each site in this package, and suggests the hints it
// could state (A041).
func (h *hintsPass) checkHandler(fd *ast.FuncDecl, sites map[*types.Func][]effectSite, uses map[*types.Func][]*types.Func) {
	root, _ := h.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if root == nil {
		return
	}
	hints := statedHints(fd)
	tool := fd.Name.Name
	var all effects
	type item struct {
		fn   *types.Func
		path []string
	}
	queue := []item{{root, []string{tool}}}
	seen := map[*types.Func]bool{root: true}
	for len(queue) > 0 {
		it := queue[0]
		queue = queue[1:]
		for _, s := range sites[it.fn] {
			all.merge("", s.eff)
			via := ""
			if len(it.path) > 1 {
				via = " (" + strings.Join(it.path, " → ") + ")"
			}
			if hints.readOnly != nil && *hints.readOnly {
				if s.eff.write != nil {
					report(h.pass, rules.GoHintContradicted, s.at, nil, "%s is marked //subako:readOnly, but it can write a file outside %s: %s%s", tool, scratchDir, strings.Join(s.eff.write, " → "), via)
				}
				if s.eff.mutating != nil {
					report(h.pass, rules.GoHintContradicted, s.at, nil, "%s is marked //subako:readOnly, but it can send a request other than GET or HEAD: %s%s", tool, strings.Join(s.eff.mutating, " → "), via)
				}
			}
			if hints.openWorld != nil && !*hints.openWorld && s.eff.http != nil {
				report(h.pass, rules.GoHintContradicted, s.at, nil, "%s is marked //subako:openWorld=false, but it can send an HTTP request: %s%s", tool, strings.Join(s.eff.http, " → "), via)
			}
		}
		for _, g := range uses[it.fn] {
			if !seen[g] {
				seen[g] = true
				queue = append(queue, item{g, append(slices.Clip(it.path), g.Name())})
			}
		}
	}
	var markers, why []string
	if hints.readOnly == nil && all.write == nil && all.mutating == nil {
		markers = append(markers, "readOnly")
		why = append(why, "nothing it reaches writes a file outside "+scratchDir+" or sends a request other than GET or HEAD")
	}
	if hints.openWorld == nil && all.http == nil {
		markers = append(markers, "openWorld=false")
		why = append(why, "nothing it reaches sends an HTTP request")
	}
	if len(markers) > 0 && suggestHints {
		report(h.pass, rules.GoHintSuggested, fd.Name, h.addMarkers(hints.function, markers),
			"%s could be marked %s%s: %s (clients assume the opposite of a hint not stated, and ask before calling)", tool, prefix, strings.Join(markers, " and "+prefix), strings.Join(why, ", and "))
	}
}

// addMarkers is a fix that adds the markers on the lines after the
// //subako:function directive.
func (h *hintsPass) addMarkers(function *ast.Comment, markers []string) *analysis.SuggestedFix {
	if function == nil {
		return nil
	}
	lines := ""
	for _, m := range markers {
		lines += "\n" + prefix + m
	}
	return replaceFix("add "+prefix+strings.Join(markers, " and "+prefix), posRange{function.End(), function.End()}, lines)
}
