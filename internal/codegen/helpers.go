package codegen

import (
	"bytes"
	"embed"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/ast/astutil"
)

// The helpers the generated code calls are the declarations of package rt,
// copied as they are written there: only those the file uses, with what
// they use in turn, in rt's order.
//
//go:embed rt/errors.go rt/read.go rt/formats.go rt/any.go rt/encode.go rt/generic.go
var rtFiles embed.FS

var rtFileNames = []string{"errors.go", "read.go", "formats.go", "any.go", "encode.go", "generic.go"}

// helperDecl is one top-level declaration of package rt.
type helperDecl struct {
	order   int
	text    string   // its source, doc comment included
	deps    []string // other declarations it refers to
	imports []string // import paths it uses
}

// helperDecls are rt's declarations by name; methods are named Type.Method
// and are dependencies of their type. They are parsed on first use, not at
// start: every subakogo command links codegen, few generate code.
var helperDecls = sync.OnceValue(loadHelpers)

func loadHelpers() map[string]*helperDecl {
	decls := map[string]*helperDecl{}
	type parsed struct {
		src  []byte
		file *ast.File
	}
	fset := token.NewFileSet()
	var files []parsed
	for _, name := range rtFileNames {
		src, err := rtFiles.ReadFile("rt/" + name)
		if err != nil {
			panic("codegen: " + err.Error())
		}
		f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
		if err != nil {
			panic("codegen: " + err.Error())
		}
		files = append(files, parsed{src, f})
	}
	declName := func(d ast.Decl) string {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv != nil {
				recv := d.Recv.List[0].Type
				if star, ok := recv.(*ast.StarExpr); ok {
					recv = star.X
				}
				return recv.(*ast.Ident).Name + "." + d.Name.Name
			}
			return d.Name.Name
		case *ast.GenDecl:
			switch s := d.Specs[0].(type) {
			case *ast.TypeSpec:
				return s.Name.Name
			case *ast.ValueSpec:
				return s.Names[0].Name
			}
		}
		return ""
	}
	order := 0
	for _, pf := range files {
		for _, d := range pf.file.Decls {
			if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.IMPORT {
				continue
			}
			start := d.Pos()
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Doc != nil {
					start = d.Doc.Pos()
				}
			case *ast.GenDecl:
				if d.Doc != nil {
					start = d.Doc.Pos()
				}
			}
			tf := fset.File(d.Pos())
			decls[declName(d)] = &helperDecl{
				order: order,
				text:  string(pf.src[tf.Offset(start):tf.Offset(d.End())]),
			}
			order++
		}
	}
	for _, pf := range files {
		imports := map[string]string{}
		for _, spec := range pf.file.Imports {
			path, _ := strconv.Unquote(spec.Path.Value)
			imports[path[strings.LastIndexByte(path, '/')+1:]] = path
		}
		for _, d := range pf.file.Decls {
			name := declName(d)
			h := decls[name]
			if h == nil {
				continue
			}
			if recv, _, isMethod := strings.Cut(name, "."); isMethod {
				decls[recv].deps = append(decls[recv].deps, name)
			}
			ast.Inspect(d, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.SelectorExpr:
					if x, ok := n.X.(*ast.Ident); ok && imports[x.Name] != "" {
						if !slices.Contains(h.imports, imports[x.Name]) {
							h.imports = append(h.imports, imports[x.Name])
						}
						return false
					}
				case *ast.Ident:
					if decls[n.Name] != nil && n.Name != name && !slices.Contains(h.deps, n.Name) {
						h.deps = append(h.deps, n.Name)
					}
				}
				return true
			})
		}
	}
	return decls
}

// addHelpers appends the helpers the generated code uses to src, and
// their imports to its import block.
func (g *gen) addHelpers(src []byte) ([]byte, error) {
	decls := helperDecls()
	need := map[string]bool{}
	var visit func(name string)
	visit = func(name string) {
		if need[name] {
			return
		}
		need[name] = true
		for _, dep := range decls[name].deps {
			visit(dep)
		}
	}
	for name := range g.helpers {
		visit(name)
	}
	names := make([]string, 0, len(need))
	for name := range need {
		names = append(names, name)
	}
	slices.SortFunc(names, func(a, b string) int { return decls[a].order - decls[b].order })

	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "subako_gen.go", src, parser.ParseComments)
	if err != nil {
		return nil, fmt.Errorf("codegen: the generated code does not parse: %w\n%s", err, src)
	}
	for _, name := range names {
		for _, path := range decls[name].imports {
			astutil.AddImport(fset, f, path)
		}
	}
	// The helpers refer to each package by its own name.
	for _, spec := range f.Imports {
		path, _ := strconv.Unquote(spec.Path.Value)
		if spec.Name != nil && spec.Name.Name != path[strings.LastIndexByte(path, '/')+1:] {
			for _, name := range names {
				if slices.Contains(decls[name].imports, path) {
					return nil, fmt.Errorf("codegen: %s is imported as %s, which the helpers do not expect: a package imported by the model's types has the same name", path, spec.Name.Name)
				}
			}
		}
	}
	// One import block: the standard library, then the rest.
	var std, other []string
	for _, spec := range f.Imports {
		line := spec.Path.Value
		if spec.Name != nil {
			line = spec.Name.Name + " " + line
		}
		path, _ := strconv.Unquote(spec.Path.Value)
		if strings.Contains(strings.SplitN(path, "/", 2)[0], ".") {
			other = append(other, line)
		} else {
			std = append(std, line)
		}
	}
	f.Decls = slices.DeleteFunc(f.Decls, func(d ast.Decl) bool {
		gd, ok := d.(*ast.GenDecl)
		return ok && gd.Tok == token.IMPORT
	})
	f.Imports = nil
	var body bytes.Buffer
	if err := format.Node(&body, fset, f); err != nil {
		return nil, fmt.Errorf("codegen: %w", err)
	}
	pkg := fset.Position(f.Name.End()).Offset
	head, rest := body.Bytes()[:pkg], body.Bytes()[pkg:]
	var buf bytes.Buffer
	buf.Write(head)
	buf.WriteString("\n\n")
	if len(std)+len(other) > 0 {
		buf.WriteString("import (\n")
		for i, group := range [][]string{std, other} {
			if i > 0 && len(std) > 0 && len(other) > 0 {
				buf.WriteString("\n")
			}
			for _, line := range group {
				buf.WriteString("\t" + line + "\n")
			}
		}
		buf.WriteString(")\n\n")
	}
	buf.Write(rest)
	if len(names) > 0 {
		buf.WriteString("\n// The helpers below are copied from github.com/subako-ai/subako-go/internal/codegen/rt.\n")
	}
	for _, name := range names {
		buf.WriteString("\n")
		buf.WriteString(decls[name].text)
		buf.WriteString("\n")
	}
	return buf.Bytes(), nil
}
