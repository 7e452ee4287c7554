package abi_test

import (
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/abi"
)

// The values only package abi may write out. Strings are matched whole: the
// protocol revision, the subako_http module and its read_response function
// (request is too common a word to tell apart), the methods, and the error
// kinds but timeout, connection and abi, which are ordinary words too.
var abiStrings = map[string]string{
	abi.ProtocolVersion:                   "abi.ProtocolVersion",
	abi.HTTPModule:                        "abi.HTTPModule",
	abi.HTTPReadResponseFunc:              "abi.HTTPReadResponseFunc",
	abi.MethodDiscover:                    "abi.MethodDiscover",
	abi.MethodToolsList:                   "abi.MethodToolsList",
	abi.MethodToolsCall:                   "abi.MethodToolsCall",
	abi.MetaProtocolVersion:               "abi.MetaProtocolVersion",
	abi.MetaClientCapabilities:            "abi.MetaClientCapabilities",
	abi.MetaClientInfo:                    "abi.MetaClientInfo",
	abi.MetaServerInfo:                    "abi.MetaServerInfo",
	abi.MetaFault:                         "abi.MetaFault",
	abi.FaultPanic:                        "abi.FaultPanic",
	abi.FaultNilResult:                    "abi.FaultNilResult",
	abi.FaultResultNotJSON:                "abi.FaultResultNotJSON",
	abi.FaultLinkMissing:                  "abi.FaultLinkMissing",
	string(abi.HTTPInvalidRequest):        "abi.HTTPInvalidRequest",
	string(abi.HTTPHostNotAllowed):        "abi.HTTPHostNotAllowed",
	string(abi.HTTPForbiddenDestination):  "abi.HTTPForbiddenDestination",
	string(abi.HTTPCredentialHeader):      "abi.HTTPCredentialHeader",
	string(abi.HTTPCredentialUnavailable): "abi.HTTPCredentialUnavailable",
	string(abi.HTTPTooManyRedirects):      "abi.HTTPTooManyRedirects",
	string(abi.HTTPTooLarge):              "abi.HTTPTooLarge",
	string(abi.HTTPNotText):               "abi.HTTPNotText",
	string(abi.HTTPWriteBudget):           "abi.HTTPWriteBudget",
	string(abi.HTTPBadPath):               "abi.HTTPBadPath",
}

// The byte limits, which are distinctive enough to find as numbers where
// they are used as limits: the value of a constant or variable whose name
// says it is a limit (max, limit, budget), and a comparison with a size
// (len(...), or a name with size, bytes, len or total in it).
var abiSizes = map[int64]string{
	abi.SchemaMaxBytes:      "abi.SchemaMaxBytes",
	abi.ToolListMaxBytes:    "abi.ToolListMaxBytes or abi.HTTPInlineMaxBytes",
	abi.StdoutMaxBytes:      "abi.StdoutMaxBytes",
	abi.StderrTailBytes:     "abi.StderrTailBytes",
	abi.HTTPRequestMaxBytes: "abi.HTTPRequestMaxBytes or abi.LineMaxBytes",
	abi.WriteBudgetBytes:    "abi.WriteBudgetBytes",
}

// notABI are declarations whose value equals an ABI limit by coincidence,
// each with the reason it is another fact: "file: name".
var notABI = map[string]string{
	"internal/host/host.go: MemoryLimit":                 "how far a module's linear memory may grow, not the write budget",
	"internal/input/input.go: MaxModule":                 "the largest module file subakogo reads, not the write budget",
	"internal/input/input.go: MaxManifest":               "the largest subako-package.json subakogo reads, not stdout's cap",
	"internal/host/fds.go: MaxFD":                        "the highest descriptor fd_renumber may target, not stderr's tail",
	"internal/host/fds.go: FileBudget":                   "the files all of a host's runs may hold open, not stderr's tail",
	"internal/serve/watch.go: maxWatchedDirs":            "the directories serve --watch watches, not stderr's tail",
	"internal/serve/http.go: maxHeaderBytes":             "the bytes of an HTTP request's headers serve reads, not a schema's cap",
	"internal/host/sandboxfs/copyident.go: maxLinkNames": "the names of hard-linked package files a copy remembers, not stdout's cap",
	"internal/tooldiff/members.go: maxMemberMemo":        "the member-name matches diff remembers, not stderr's tail",
}

// The JSON-RPC error codes, which no other code has reason to write out:
// found as a negative integer literal anywhere.
var abiCodes = map[int64]string{
	abi.CodeParseError:                      "abi.CodeParseError",
	abi.CodeInvalidRequest:                  "abi.CodeInvalidRequest",
	abi.CodeMethodNotFound:                  "abi.CodeMethodNotFound",
	abi.CodeInvalidParams:                   "abi.CodeInvalidParams",
	abi.CodeInternalError:                   "abi.CodeInternalError",
	abi.CodeHeaderMismatch:                  "abi.CodeHeaderMismatch",
	abi.CodeMissingRequiredClientCapability: "abi.CodeMissingRequiredClientCapability",
	abi.CodeUnsupportedProtocolVersion:      "abi.CodeUnsupportedProtocolVersion",
}

var notABIUsed = map[string]bool{}

var limitName = regexp.MustCompile(`(?i)max|limit|budget`)

// TestNoABILiteralsElsewhere fails when a value of package abi is written
// out in the module's other non-test, non-generated Go code, where it
// should name the constant: the copies are how the ABI's facts drifted
// apart before there was one home for them.
func TestNoABILiteralsElsewhere(t *testing.T) {
	t.Parallel()
	root := filepath.Join("..")
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatal(err)
	}
	files := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			name := d.Name()
			switch {
			case rel == "abi", name == "testdata", name == "vendor", rel != "." && strings.HasPrefix(name, "."):
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil && rel != "." {
				return filepath.SkipDir // another module
			}
			return nil
		}
		if !strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, "_test.go") {
			return nil
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		if ast.IsGenerated(f) {
			return nil
		}
		files++
		for _, p := range abiLiterals(fset, f, rel) {
			t.Error(p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 100 {
		t.Fatalf("only %d files scanned: is the walk looking at the module?", files)
	}
	for key := range notABI {
		if !notABIUsed[key] {
			t.Errorf("notABI lists %s, which is no longer declared: remove it", key)
		}
	}
}

// abiLiterals lists the problems of one file.
func abiLiterals(fset *token.FileSet, f *ast.File, rel string) []string {
	var out []string
	at := func(n ast.Node) string {
		p := fset.Position(n.Pos())
		return rel + ":" + strconv.Itoa(p.Line) + ":" + strconv.Itoa(p.Column)
	}
	size := func(e ast.Expr, why string) {
		if v, ok := intValue(e); ok {
			if name, ok := abiSizes[v]; ok {
				out = append(out, at(e)+": "+why+" is "+strconv.FormatInt(v, 10)+": use "+name)
			}
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BasicLit:
			if n.Kind == token.STRING {
				if s, err := strconv.Unquote(n.Value); err == nil && abiStrings[s] != "" {
					out = append(out, at(n)+": "+n.Value+" is written out: use "+abiStrings[s])
				}
			}
		case *ast.UnaryExpr:
			if v, ok := intValue(n); ok && abiCodes[v] != "" {
				out = append(out, at(n)+": the JSON-RPC error code "+strconv.FormatInt(v, 10)+" is written out: use "+abiCodes[v])
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				switch key := rel + ": " + name.Name; {
				case notABI[key] != "":
					notABIUsed[key] = true
				case i < len(n.Values) && limitName.MatchString(name.Name):
					size(n.Values[i], name.Name)
				}
			}
		case *ast.BinaryExpr:
			switch n.Op {
			case token.LSS, token.LEQ, token.GTR, token.GEQ, token.EQL, token.NEQ:
				if isSize(n.Y) {
					size(n.X, "a size's bound")
				}
				if isSize(n.X) {
					size(n.Y, "a size's bound")
				}
			}
		}
		return true
	})
	return out
}

var sizeName = regexp.MustCompile(`(?i)size|bytes|len|total`)

// isSize reports whether e measures a size: len(...), or a name (or a
// field) that says so.
func isSize(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.CallExpr:
		fn, ok := e.Fun.(*ast.Ident)
		return ok && fn.Name == "len"
	case *ast.Ident:
		return sizeName.MatchString(e.Name)
	case *ast.SelectorExpr:
		return sizeName.MatchString(e.Sel.Name)
	case *ast.ParenExpr:
		return isSize(e.X)
	}
	return false
}

// intValue evaluates an integer expression made of literals alone (64 << 10,
// 1024 * 1024), and says false for anything that names something.
func intValue(e ast.Expr) (int64, bool) {
	v := constValue(e)
	if v == nil || v.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(v)
}

func constValue(e ast.Expr) constant.Value {
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind == token.INT {
			return constant.MakeFromLiteral(e.Value, e.Kind, 0)
		}
	case *ast.ParenExpr:
		return constValue(e.X)
	case *ast.UnaryExpr:
		if x := constValue(e.X); x != nil && e.Op == token.SUB {
			return constant.UnaryOp(token.SUB, x, 0)
		}
	case *ast.BinaryExpr:
		x, y := constValue(e.X), constValue(e.Y)
		if x == nil || y == nil {
			return nil
		}
		switch e.Op {
		case token.SHL, token.SHR:
			s, ok := constant.Uint64Val(y)
			if !ok || s > 62 {
				return nil
			}
			return constant.Shift(x, e.Op, uint(s))
		case token.MUL, token.ADD, token.SUB:
			return constant.BinaryOp(x, e.Op, y)
		}
	}
	return nil
}

// The scan finds what it should: a copy of each kind, and nothing in code
// that names the constants.
func TestABILiteralsFound(t *testing.T) {
	t.Parallel()
	src := `package p
const protocol = "2026-07-28"
const maxSchema = 64 << 10
var budgetLeft = 1 << 30
func f(b []byte, kind string) bool { return len(b) > 8*1024*1024 || kind == "host_not_allowed" }
const readChunk = 64 << 10 // a buffer, not a limit
const fine = "subako_http is the module" // not the value alone
func g(n int) bool { return n > 1<<20 } // not a size
func h(total int) bool { return 4<<10 <= total }
var answer = struct{ Code int }{Code: -32601}
const codeVersion = -(32022)
var notCode = -32768
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(abiLiterals(fset, f, "p.go"), "\n")
	want := strings.Join([]string{
		`p.go:2:18: "2026-07-28" is written out: use abi.ProtocolVersion`,
		`p.go:3:19: maxSchema is 65536: use abi.SchemaMaxBytes`,
		`p.go:4:18: budgetLeft is 1073741824: use abi.WriteBudgetBytes`,
		`p.go:5:54: a size's bound is 8388608: use abi.HTTPRequestMaxBytes or abi.LineMaxBytes`,
		`p.go:5:77: "host_not_allowed" is written out: use abi.HTTPHostNotAllowed`,
		`p.go:9:33: a size's bound is 4096: use abi.StderrTailBytes`,
		`p.go:10:39: the JSON-RPC error code -32601 is written out: use abi.CodeMethodNotFound`,
		`p.go:11:21: the JSON-RPC error code -32022 is written out: use abi.CodeUnsupportedProtocolVersion`,
	}, "\n")
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
