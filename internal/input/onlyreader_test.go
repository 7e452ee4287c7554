package input

import (
	"go/ast"
	"go/constant"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"os"
	pathpkg "path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
)

// opens are the calls that open a file by its path: any of them on a path
// a person gave would block on a FIFO, stream a device or read past any
// cap, which this package's readers refuse.
var opens = map[string]bool{
	"os.ReadFile": true, "os.Open": true, "os.OpenFile": true, "ioutil.ReadFile": true,
}

// allowedOpens are the calls of opens outside this package, by file and
// enclosing function, each with why it reads no path a person gave. A new
// one is either read through this package or added here with its reason.
var allowedOpens = map[string]string{
	"internal/outfile/lock_unix.go LockDir os.Open":                 "the directory of a file subakogo writes (lint --save-cases), opened only to hold a flock on it; nothing is read from it",
	"cmd/subakogo/vet.go withoutTests os.ReadFile":                  "go vet's own configuration file, which go vet names on the vettool's command line, and the Go files of the package it lists",
	"cmd/subakogo/vet.go vetStdoutFile os.ReadFile":                 "go vet's own configuration file, which go vet names on the vettool's command line",
	"cmd/subakogo/vet.go runVet os.ReadFile":                        "the file in go vet's work directory its configuration names for the tool's stdout, which the vettool's child just wrote",
	"internal/pipeline/check/check.go Run os.ReadFile":              "the module go build just wrote into check's own temporary directory",
	"internal/host/engine.go inCache os.ReadFile":                   "a marker in the host's own compilation cache directory",
	"internal/host/cache.go pruneWorkerDir os.Open":                 "a compile worker's directory in the host's own compilation cache, opened to take its lock",
	"internal/host/worker.go holdWorkerDir os.Open":                 "the compile worker's own directory in the host's compilation cache, opened to hold its lock",
	"internal/toolspkg/toolspkg.go write os.ReadFile":               "benchmark support: go.sum of this repository's checkout",
	"internal/toolspkg/toolspkg.go repoRoot os.ReadFile":            "benchmark support: go.mod files found walking up from the working directory, as the go command finds them",
	"internal/toolspkg/toolspkg.go writeIfChanged os.ReadFile":      "benchmark support: a file toolspkg itself writes, compared before it is rewritten",
	"internal/gowasm/gowasm.go Build os.ReadFile":                   "test support: the module a test build wrote into the build cache",
	"internal/gowasm/gowasm.go hashFile os.ReadFile":                "test support: the sources of a test module, hashed for the build cache's key",
	"internal/gowasm/lock_unix.go lockFile os.OpenFile":             "test support: the build cache's own lock file",
	"internal/pipeline/gobuild/stuckgo/stuckgo.go Pids os.OpenFile": "test support: the process ids a stand-in go command wrote to a test's temporary file",
	"internal/pipeline/gobuild/stuckgo/stuckgo.go Wait os.ReadFile": "test support: the process ids a stand-in go command wrote to a test's temporary FIFO",
	"internal/subjects/subjects.go Package os.ReadFile":             "test support: a module the subjects' build wrote into the build cache",
	"internal/subjects/subjects.go buildCached os.ReadFile":         "test support: the subjects' sources committed in the repository",
	"internal/subjects/subjects.go ascToolchain os.ReadFile":        "test support: the subjects' sources committed in the repository and the toolchain folder the tests install",
	"internal/cmd/confusegen/main.go main os.ReadFile":              "generator support: the extract of confusables.txt committed beside the generator (go run ./internal/cmd/confusegen)",
}

// TestOnlyReader keeps this package the one reader of user paths: no
// other non-test file of the commands and their packages opens a file by
// path unless allowedOpens says why that path is not one a person gave.
func TestOnlyReader(t *testing.T) {
	root := filepath.Join("..", "..")
	used := map[string]bool{}
	for _, top := range []string{"cmd", "internal", "analyzer", "golangci"} {
		err := filepath.WalkDir(filepath.Join(root, top), func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(root, path)
			rel = filepath.ToSlash(rel)
			if d.IsDir() {
				if d.Name() == "testdata" || rel == "internal/input" {
					return filepath.SkipDir
				}
				return nil
			}
			if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return nil
			}
			for _, key := range opensIn(t, path, rel) {
				if _, ok := allowedOpens[key]; !ok {
					t.Errorf("%s opens a file by path outside internal/input: read it through input.Read/Arg/ReadArg, or add it to allowedOpens with why its path is not one a person gave", key)
				}
				used[key] = true
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for key := range allowedOpens {
		if !used[key] {
			t.Errorf("allowedOpens lists %q, which is gone: remove it", key)
		}
	}
}

// opensIn lists the calls of opens in a file, as "FILE FUNC CALL".
func opensIn(t *testing.T, path, rel string) []string {
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, decl := range f.Decls {
		fn, ok := decl.(*ast.FuncDecl)
		if !ok {
			continue
		}
		ast.Inspect(fn, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if pkg, ok := sel.X.(*ast.Ident); ok && opens[pkg.Name+"."+sel.Sel.Name] {
				keys = append(keys, rel+" "+fn.Name.Name+" "+pkg.Name+"."+sel.Sel.Name)
			}
			return true
		})
	}
	return keys
}

// TestOnlyReaderFinds: the scan sees an open it is shown.
func TestOnlyReaderFinds(t *testing.T) {
	path := filepath.Join(t.TempDir(), "planted.go")
	src := "package p\n\nimport \"os\"\n\nfunc load(p string) ([]byte, error) { return os.ReadFile(p) }\n"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := opensIn(t, path, "planted.go"); len(got) != 1 || got[0] != "planted.go load os.ReadFile" {
		t.Errorf("found %v", got)
	}
}

// allowedStdin are the files outside this package that name os.Stdin,
// each with why it is not a `-` argument read as a file. Every `-` (lint,
// call's arguments, a compile worker's module) is read through Stdin,
// Arg or ReadArg, which refuse a device on standard input before reading
// it (attack pass 41i, row 2: call's `-` streamed /dev/zero).
var allowedStdin = map[string]string{
	"internal/supervise/supervise.go":   "hands standard input to the child process that runs the command (which reads it through this package); never reads it",
	"cmd/subakogo/serve.go":             "serve's MCP client: the stream serve answers line by line as it comes (a terminal there is a person typing requests), never read whole as a file",
	"internal/mcpfixture/mcpfixture.go": "the request loop of wasip1 test modules: the module's own stdin, which the host writes, never subakogo's",
}

// TestOnlyStdinReader keeps this package the one reader of standard input.
func TestOnlyStdinReader(t *testing.T) {
	root := filepath.Join("..", "..")
	used := map[string]bool{}
	for _, top := range []string{"cmd", "internal", "analyzer", "golangci"} {
		err := filepath.WalkDir(filepath.Join(root, top), func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(root, path)
			rel = filepath.ToSlash(rel)
			if d.IsDir() {
				if d.Name() == "testdata" || rel == "internal/input" {
					return filepath.SkipDir
				}
				return nil
			}
			if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || !namesStdin(t, path) {
				return nil
			}
			if _, ok := allowedStdin[rel]; !ok {
				t.Errorf("%s names os.Stdin outside internal/input: read `-` through input.Stdin/Arg/ReadArg/ReadStream, or add the file to allowedStdin with why it is not read as a file", rel)
			}
			used[rel] = true
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for rel := range allowedStdin {
		if !used[rel] {
			t.Errorf("allowedStdin lists %q, which no longer names os.Stdin: remove it", rel)
		}
	}
}

// namesStdin reports whether a file reads standard input, by the types
// of what it uses, not by how it spells them (attack pass 41n, row 4: `import
// sys "os"; sys.Stdin`, fmt.Scanln and os.NewFile(0, ...) passed a scan
// for the selector os.Stdin): any use of the os.Stdin variable (or
// syscall.Stdin, its descriptor), of
// fmt.Scan, Scanf or Scanln (which read it), or a call of os.NewFile
// whose descriptor is the constant 0. The file is type-checked alone:
// os, fmt and syscall are imported from source, every other import is an
// empty package, and errors are ignored, so what the file declares
// elsewhere in its package does not matter.
func namesStdin(t *testing.T, path string) bool {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Types: map[ast.Expr]types.TypeAndValue{}}
	conf := types.Config{Importer: stdinImporter{}, Error: func(error) {}}
	_, _ = conf.Check(f.Name.Name, fset, []*ast.File{f}, info)
	is := func(obj types.Object, pkg string, names ...string) bool {
		return obj != nil && obj.Pkg() != nil && obj.Pkg().Path() == pkg && slices.Contains(names, obj.Name())
	}
	found := false
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			obj := info.Uses[n]
			found = found || is(obj, "os", "Stdin") || is(obj, "syscall", "Stdin") || is(obj, "fmt", "Scan", "Scanf", "Scanln")
		case *ast.CallExpr:
			fun := n.Fun
			if sel, ok := fun.(*ast.SelectorExpr); ok {
				fun = sel.Sel
			}
			if id, ok := fun.(*ast.Ident); ok && is(info.Uses[id], "os", "NewFile") && len(n.Args) > 0 {
				if v := info.Types[n.Args[0]].Value; v != nil && constant.Compare(v, token.EQL, constant.MakeInt64(0)) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// stdinImporter imports os, fmt and syscall from source, once for the
// test process, and any other path as an empty package.
type stdinImporter struct{}

var stdinSource = sync.OnceValue(func() types.ImporterFrom {
	return importer.ForCompiler(token.NewFileSet(), "source", nil).(types.ImporterFrom)
})

func (stdinImporter) Import(path string) (*types.Package, error) {
	if path == "os" || path == "fmt" || path == "syscall" {
		return stdinSource().Import(path)
	}
	p := types.NewPackage(path, pathpkg.Base(path))
	p.MarkComplete()
	return p, nil
}

// TestNamesStdinByType (attack pass 41n, row 4): the guard reads what a
// file uses, however spelled, and not what merely shares a name.
func TestNamesStdinByType(t *testing.T) {
	for src, want := range map[string]bool{
		"import sys \"os\"\n\nvar in = sys.Stdin\n":                                                   true,
		"import . \"os\"\n\nvar in = Stdin\n":                                                         true,
		"import \"fmt\"\n\nfunc read() (s string) { fmt.Scanln(&s); return }\n":                       true,
		"import \"fmt\"\n\nvar scan = fmt.Scanf\n":                                                    true,
		"import \"os\"\n\nvar in = os.NewFile(0, \"stdin\")\n":                                        true,
		"import (\n\t\"os\"\n\t\"syscall\"\n)\n\nvar in = os.NewFile(uintptr(syscall.Stdin), \"\")\n": true,
		"import \"os\"\n\nvar out = os.NewFile(3, \"fd3\")\n":                                         false,
		"import \"fmt\"\n\nfunc read(s string) (n int) { fmt.Sscan(s, &n); return }\n":                false,
		"type os struct{ Stdin int }\n\nvar x os\nvar in = x.Stdin\n":                                 false,
	} {
		path := filepath.Join(t.TempDir(), "p.go")
		if err := os.WriteFile(path, []byte("package p\n\n"+src), 0o644); err != nil {
			t.Fatal(err)
		}
		if got := namesStdin(t, path); got != want {
			t.Errorf("namesStdin = %v, want %v, for\n%s", got, want, src)
		}
	}
}
