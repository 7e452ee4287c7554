package analyzer

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// A typeDocFact carries what the model reads from a type's declaration in
// another package of the module: its doc comment, and each field's
// description and //subako: markers. With it, a handler's input or result
// may use types of any package of the module, checked like its own.
type typeDocFact struct {
	Doc    string
	Fields []fieldDoc // sorted by Name
}

// fieldDoc is one struct field's doc comment (or line comment) and the
// text of its markers.
type fieldDoc struct {
	Name    string // the field's name (an embedded field's type name)
	Doc     string
	Markers []string
}

func (*typeDocFact) AFact()           {}
func (f *typeDocFact) String() string { return "type doc: " + f.Doc }

// exportTypeDocs exports a typeDocFact for every exported named type of
// the package that has a doc comment or a struct field with one or with
// markers.
func (b *builder) exportTypeDocs() {
	for _, f := range b.files {
		ast.Inspect(f, func(n ast.Node) bool {
			spec, ok := n.(*ast.TypeSpec)
			if !ok {
				return true
			}
			tn, ok := b.pass.TypesInfo.Defs[spec.Name].(*types.TypeName)
			if !ok || !tn.Exported() || tn.Parent() != b.pass.Pkg.Scope() {
				return true
			}
			fact := &typeDocFact{Doc: docText(b.typeDoc[tn], tn.Name())}
			if st, ok := spec.Type.(*ast.StructType); ok {
				for _, fld := range st.Fields.List {
					first := ""
					if len(fld.Names) > 0 {
						first = fld.Names[0].Name
					}
					fd := fieldDoc{Doc: docText(fld.Doc, first)}
					if fd.Doc == "" {
						fd.Doc = docText(fld.Comment, first)
					}
					for _, g := range []*ast.CommentGroup{fld.Doc, fld.Comment} {
						for _, d := range b.dirs[g] {
							fd.Markers = append(fd.Markers, d.c.Text)
						}
					}
					names := fld.Names
					if len(names) == 0 {
						if id := embeddedIdent(fld.Type); id != nil {
							names = []*ast.Ident{id}
						}
					}
					for _, id := range names {
						if fd.Doc != "" || len(fd.Markers) > 0 {
							fd.Name = id.Name
							fact.Fields = append(fact.Fields, fd)
						}
					}
				}
			}
			slices.SortFunc(fact.Fields, func(a, b fieldDoc) int { return strings.Compare(a.Name, b.Name) })
			if fact.Doc != "" || len(fact.Fields) > 0 {
				b.pass.ExportObjectFact(tn, fact)
			}
			return false
		})
	}
}

// A constDocFact carries the doc comment of an exported constant of
// another package of the module: an enum value's description.
type constDocFact struct {
	Doc string
}

func (*constDocFact) AFact()           {}
func (f *constDocFact) String() string { return "const doc: " + f.Doc }

// exportConstDocs exports a constDocFact for every exported package-level
// constant with a doc comment, for the enums of other packages' handlers.
func (b *builder) exportConstDocs() {
	for c, doc := range b.constDoc {
		if doc != "" && c.Exported() && c.Parent() == b.pass.Pkg.Scope() {
			b.pass.ExportObjectFact(c, &constDocFact{Doc: doc})
		}
	}
}

// constDescription is an enum value's description: its doc comment, from
// the package's source or, for another package's constant, its fact.
func (b *builder) constDescription(c *types.Const) string {
	if c.Pkg() == b.pass.Pkg {
		return b.constDoc[c]
	}
	var f constDocFact
	if b.pass.ImportObjectFact(c, &f) {
		return f.Doc
	}
	return ""
}

// field is the doc of the field named name, if it has one.
func (f *typeDocFact) field(name string) (fieldDoc, bool) {
	i, ok := slices.BinarySearchFunc(f.Fields, name, func(fd fieldDoc, name string) int { return strings.Compare(fd.Name, name) })
	if !ok {
		return fieldDoc{}, false
	}
	return f.Fields[i], true
}

// foreignDoc is the typeDocFact of a named type of another package, or
// nil.
func (b *builder) foreignDoc(t types.Type) *typeDocFact {
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	n, ok := t.(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg() == b.pass.Pkg {
		return nil
	}
	var f typeDocFact
	if !b.pass.ImportObjectFact(n.Origin().Obj(), &f) {
		return nil
	}
	return &f
}

// foreignDirectives parses the markers of a field of another package's
// type; problems with them are reported at site, the use in this package.
func foreignDirectives(texts []string, site analysis.Range) []*directive {
	var out []*directive
	for _, text := range texts {
		if d := parseDirective(&ast.Comment{Slash: site.Pos(), Text: text}); d != nil {
			d.site = site
			out = append(out, d)
		}
	}
	return out
}

// hasSubakoComment reports whether any file of the package has a
// //subako: comment, as every package the model needs does.
func hasSubakoComment(pass *analysis.Pass) bool {
	for _, f := range pass.Files {
		for _, g := range f.Comments {
			for _, c := range g.List {
				if strings.HasPrefix(c.Text, prefix) {
					return true
				}
			}
		}
	}
	return false
}
