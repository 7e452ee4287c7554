package analyzer

import (
	"go/ast"
	"go/constant"
	"go/types"
	"path"
	"strconv"

	"golang.org/x/tools/go/analysis"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/internal/rules"
)

// fileFuncs are the os functions that take a path, with the positions of
// their path arguments.
var fileFuncs = map[string][]int{
	"os.Open": {0}, "os.OpenFile": {0}, "os.Create": {0}, "os.ReadFile": {0}, "os.WriteFile": {0},
	"os.Stat": {0}, "os.Lstat": {0}, "os.ReadDir": {0}, "os.Mkdir": {0}, "os.MkdirAll": {0},
	"os.MkdirTemp": {0}, "os.CreateTemp": {0}, "os.Remove": {0}, "os.RemoveAll": {0},
	"os.Rename": {0, 1}, "os.Symlink": {0, 1}, "os.Link": {0, 1}, "os.Truncate": {0},
	"os.Chmod": {0}, "os.Chtimes": {0}, "os.DirFS": {0}, "os.OpenRoot": {0}, "os.OpenInRoot": {0},
	"os.Chdir": {0}, "os.CopyFS": {0},
}

// checkPaths reports a constant absolute path given to an os file
// function that lies outside every directory mounted for a module (A032):
// the call fails at run time with "bad file number".
func checkPaths(pass *analysis.Pass, files []*ast.File) {
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			fn, ok := pass.TypesInfo.Uses[sel.Sel].(*types.Func)
			if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "os" || fn.Signature().Recv() != nil {
				return true
			}
			for _, i := range fileFuncs["os."+fn.Name()] {
				if i >= len(call.Args) {
					continue
				}
				tv, ok := pass.TypesInfo.Types[call.Args[i]]
				if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
					continue
				}
				p := constant.StringVal(tv.Value)
				if !path.IsAbs(p) || abi.UnderMount(path.Clean(p)) {
					continue
				}
				report(pass, rules.GoPathOutsideMounts, call.Args[i], nil,
					"os.%s(%s): the path is outside every directory mounted for a module, so the call fails at run time (bad file number): a module opens files only under %s; ship the files the package needs in assets/ (mounted at %s) and write scratch files under %s",
					fn.Name(), strconv.Quote(p), abi.MountsText, abi.MountPackage, abi.MountVolumeTmp)
			}
			return true
		})
	}
}
