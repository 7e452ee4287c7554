package codegen_test

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/subako-ai/subako-go/analyzer"
	"github.com/subako-ai/subako-go/analyzer/model"
	"github.com/subako-ai/subako-go/internal/codegen"
)

// golden compares got with the file at path, or rewrites it with -update.
func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from what Generate writes now (go test ./internal/codegen -update rewrites it):\n%s", path, firstDiff(want, got))
	}
}

// firstDiff shows the first line where two texts differ.
func firstDiff(a, b []byte) string {
	al, bl := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := 0; i < len(al) || i < len(bl); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			return "line " + strconv.Itoa(i+1) + ":\n-" + x + "\n+" + y
		}
	}
	return ""
}

// The generated file of the analyzer's everything package, which uses
// every supported type and marker, is golden.
func TestGoldenEverything(t *testing.T) {
	golden(t, "testdata/everything/subako_gen.go.golden", generate(t, everythingModel(t)))
}

// The generated file of testdata/extra sits in the package, where the
// analyzer's staleness check reads it: it must find the file current.
func TestGoldenExtra(t *testing.T) {
	golden(t, filepath.Join("testdata/extra", model.GeneratedFile), generate(t, extraModel(t)))
	if *update {
		return
	}
	dir, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range analysistest.Run(t, dir, analyzer.Generated, "./extra") {
		for _, d := range r.Diagnostics {
			t.Errorf("the analyzer finds the generated file stale: %s", d.Message)
		}
	}
}

// The output is gofmt'ed, starts with the header line, has no build
// constraint, holds the model's hash where the analyzer reads it, and is
// the same byte for byte each time.
func TestHygiene(t *testing.T) {
	for name, load := range map[string]func(*testing.T) *model.Package{
		"everything": everythingModel, "echo": everythingEcho, "extra": extraModel,
	} {
		t.Run(name, func(t *testing.T) {
			p := load(t)
			src := generate(t, p)
			if again := generate(t, load(t)); !bytes.Equal(src, again) {
				t.Errorf("two runs differ: %s", firstDiff(src, again))
			}
			if formatted, err := format.Source(src); err != nil || !bytes.Equal(formatted, src) {
				t.Errorf("not gofmt'ed (%v): %s", err, firstDiff(src, formatted))
			}
			if first, _, _ := strings.Cut(string(src), "\n"); first != codegen.Header {
				t.Errorf("first line %q", first)
			}
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, model.GeneratedFile, src, parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			if !ast.IsGenerated(f) {
				t.Error("ast.IsGenerated does not recognize the file")
			}
			if strings.Contains(string(src), "//go:build") || strings.Contains(string(src), "// +build") {
				t.Error("the file has a build constraint")
			}
			for _, imp := range f.Imports {
				switch path, _ := strconv.Unquote(imp.Path.Value); path {
				case "reflect", "fmt", "encoding/json":
					t.Errorf("the file imports %s", path)
				}
			}
			if got := hashConst(f); got != p.Hash() {
				t.Errorf("%s = %q, want the model's hash %q", model.HashConstName, got, p.Hash())
			}
		})
	}
}

// hashConst reads the hash constant the way the analyzer does: a string
// literal in a const declaration.
func hashConst(f *ast.File) string {
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.CONST {
			continue
		}
		for _, spec := range gd.Specs {
			vs := spec.(*ast.ValueSpec)
			for i, n := range vs.Names {
				if n.Name == model.HashConstName && i < len(vs.Values) {
					if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
						s, _ := strconv.Unquote(lit.Value)
						return s
					}
				}
			}
		}
	}
	return ""
}

// Generate refuses what it cannot write, with a reason.
func TestGenerateErrors(t *testing.T) {
	if _, err := codegen.Generate(nil); err == nil {
		t.Error("nil model: no error")
	}
	p := everythingModel(t)
	p.Name = ""
	if _, err := codegen.Generate(p); err == nil || !strings.Contains(err.Error(), "no name") {
		t.Errorf("no name: %v", err)
	}
	p = everythingModel(t)
	p.Tools[0].Input = &model.Type{Kind: model.KindString, Basic: "string"}
	if _, err := codegen.Generate(p); err == nil || !strings.Contains(err.Error(), "must be an object") {
		t.Errorf("string input: %v", err)
	}
	p = everythingModel(t)
	p.Tools[0].Input = &model.Type{Kind: model.KindObject}
	if _, err := codegen.Generate(p); err == nil || !strings.Contains(err.Error(), "cannot be named") {
		t.Errorf("anonymous input: %v", err)
	}
}

// The compiled module's dependencies, not just the file's imports, stay
// free of reflect, fmt and encoding/json (beyond what the author's own
// code imports: everything imports encoding/json for json.RawMessage).
func TestModuleDeps(t *testing.T) {
	extraPackage(t)
	out := goCmd(t, []string{"GOOS=wasip1", "GOARCH=wasm"}, "list", "-deps", "./extra")
	for _, dep := range strings.Fields(string(out)) {
		switch dep {
		case "reflect", "fmt", "encoding/json":
			t.Errorf("the extra module depends on %s", dep)
		}
	}
}

// go vet finds nothing in the generated code (nor in the packages).
func TestVetGenerated(t *testing.T) {
	everythingPackage(t)
	extraPackage(t)
	if testing.Short() {
		t.Skip("runs go vet")
	}
	goCmd(t, nil, "vet", "./everything", "./extra")
	goCmd(t, []string{"GOOS=wasip1", "GOARCH=wasm"}, "vet", "./everything", "./extra")
}

// A package without tools still gets a valid file: a server with an
// empty tool list.
func TestNoTools(t *testing.T) {
	p := &model.Package{Name: "empty", GoPackage: "example.com/empty", GoName: "main"}
	src := generate(t, p)
	if !strings.Contains(string(src), "Tools:       []subako.Tool{}") {
		t.Errorf("no empty tool list:\n%s", src)
	}
	if _, err := parser.ParseFile(token.NewFileSet(), "x.go", src, 0); err != nil {
		t.Error(err)
	}
}

// A struct only one tool decodes (or encodes) is decoded in that tool's
// Call closure; one that more code needs keeps a function of its own:
// Empty is four tools' input, Pair is nested in other structs, Tree is
// recursive.
func TestInlineOwnStructs(t *testing.T) {
	src := string(generate(t, extraModel(t)))
	for fn, want := range map[string]bool{
		"subakoDecodeFormats": false, "subakoEncodeFormats": false,
		"subakoDecodeWide": false, "subakoEncodeReport": false,
		"subakoDecodeEmpty": true, "subakoDecodePair": true, "subakoEncodePair": true,
		"subakoDecodeTree": true, "subakoEncodeTree": true,
		"subakoDecodeSighting": false, // its tool's handler is named seen, as the decoder's local
	} {
		if got := strings.Contains(src, "\nfunc "+fn+"("); got != want {
			t.Errorf("func %s written: %v, want %v", fn, got, want)
		}
	}
}
