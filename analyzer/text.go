package analyzer

import (
	"go/ast"
	"go/token"
	"strings"

	"github.com/subako-ai/subako-go/internal/rules"
	"github.com/subako-ai/subako-go/internal/tooltext"
)

// checkText reads the comments a package's tool list is written from
// for tool poisoning (internal/tooltext): the package doc, each handler's
// doc, and the docs and line comments of its types and struct fields,
// markers included (an enum value or a default is text the model reads
// too). Each signal is reported at its line, under the A rule of its
// kind (rules.GoTextRule), so that an invisible character pasted into a
// doc comment shows in the editor; //subako:ignore A05x REASON in the
// same comment suppresses that rule's signals in it.
func (b *builder) checkText(pkgFile *ast.File, handlers []*handler) {
	var names []string
	for _, h := range handlers {
		names = append(names, h.tool.Name)
	}
	seen := map[*ast.CommentGroup]bool{}
	read := func(g *ast.CommentGroup) {
		if g == nil || seen[g] {
			return
		}
		seen[g] = true
		b.commentText(g, names)
	}
	if pkgFile != nil {
		read(pkgFile.Doc)
	}
	for _, h := range handlers {
		read(h.fd.Doc)
	}
	for _, f := range b.files { // in file order, for a stable report
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Field:
				if b.isModelField(n) {
					read(n.Doc)
					read(n.Comment)
				}
			case *ast.GenDecl:
				if n.Tok == token.TYPE {
					read(n.Doc)
					for _, s := range n.Specs {
						read(s.(*ast.TypeSpec).Doc)
					}
				}
			}
			return true
		})
	}
}

// isModelField: a struct field the builder indexed (fields of the
// package's struct types).
func (b *builder) isModelField(f *ast.Field) bool {
	for _, af := range b.fieldAST {
		if af == f {
			return true
		}
	}
	return false
}

// commentText checks one comment group: its prose as one text, its
// lines joined by spaces (a sentence goes on across a line break), and
// each directive as a text of its own (a marker's value is text the
// model reads too), so that a signal in the prose is quoted with the
// prose only, as the description has it. Each signal is reported at the
// line and column where it starts.
func (b *builder) commentText(g *ast.CommentGroup, names []string) {
	var prose, directives []*ast.Comment
	for _, c := range g.List {
		if isGoDirective(c.Text) {
			directives = append(directives, c)
		} else {
			prose = append(prose, c)
		}
	}
	b.checkComments(g, prose, names)
	for _, d := range directives {
		b.checkComments(g, []*ast.Comment{d}, names)
	}
}

// checkComments checks the comments list (of g) as one text.
func (b *builder) checkComments(g *ast.CommentGroup, list []*ast.Comment, names []string) {
	type segment struct {
		at   int       // offset in the joined text
		pos  token.Pos // of the line's first byte
		text string
	}
	var segs []segment
	var joined strings.Builder
	for _, c := range list {
		text, off := c.Text, 0
		switch {
		case strings.HasPrefix(text, "//"):
			text, off = text[2:], 2
		case strings.HasPrefix(text, "/*"):
			text, off = strings.TrimSuffix(text[2:], "*/"), 2
		}
		if strings.HasPrefix(text, " ") { // "// " starts a line of prose
			text, off = text[1:], off+1
		}
		segs = append(segs, segment{joined.Len(), c.Slash + token.Pos(off), text})
		joined.WriteString(text)
		joined.WriteByte(' ')
	}
	if len(segs) == 0 {
		return
	}
	for _, sig := range tooltext.CheckTextOf("", strings.TrimRight(joined.String(), " "), names) {
		seg := segs[0]
		for _, s := range segs {
			if s.at <= sig.Start {
				seg = s
			}
		}
		start := seg.pos + token.Pos(sig.Start-seg.at)
		end := start + token.Pos(min(sig.End, seg.at+len(seg.text))-sig.Start)
		r := rules.GoTextRule(sig.Rule)
		at := posRange{start, end}
		if ig := ignoreIn(g, r); ig != nil {
			// gofmt moves directives to the end of a doc comment: an
			// ignore there covers the whole comment, so the report goes
			// to its line.
			at = posRange{ig.Slash, ig.End()}
		}
		b.report(r, at, nil, "%s (%s %s)", strings.TrimPrefix(sig.Message, "text: "), sig.Rule.ID, sig.Rule.Severity)
	}
}

// ignoreIn is the //subako:ignore directive for r in g, or nil.
func ignoreIn(g *ast.CommentGroup, r *rules.Rule) *ast.Comment {
	for _, c := range g.List {
		if rest, ok := strings.CutPrefix(c.Text, IgnoreDirective+" "); ok {
			if id, _, _ := strings.Cut(strings.TrimSpace(rest), " "); strings.EqualFold(id, r.ID) || id == r.Slug {
				return c
			}
		}
	}
	return nil
}
