package analyzer

import (
	"go/ast"
	"go/doc/comment"
	"go/token"
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/tools/go/analysis"

	"github.com/subako-ai/subako-go/internal/rules"
)

const prefix = "//subako:"

// A directive is one //subako: comment line.
type directive struct {
	c       *ast.Comment
	name    string // as written
	nameOff int    // byte offset of name in c.Text
	// For field markers: the text after '=' (right-trimmed), and whether
	// there was an '='. For function and package: the arguments after the
	// first space, in value, with valOff their offset.
	value    string
	hasValue bool
	valOff   int
	junk     string // text after the name that is neither =value nor arguments
	// site, for a marker of a field of another package's type, is where
	// the type is used in this package, which its problems are reported at.
	site analysis.Range
}

// at is the range to report the whole directive at.
func (d *directive) at() analysis.Range {
	if d.site != nil {
		return d.site
	}
	return d.c
}

// pos returns the position of byte off of the comment.
func (d *directive) pos(off int) token.Pos { return d.c.Slash + token.Pos(off) }

// nameRange is the range of the marker's name.
func (d *directive) nameRange() analysis.Range {
	return posRange{d.pos(d.nameOff), d.pos(d.nameOff + len(d.name))}
}

// valueRange is the range of the marker's value (or of the whole comment
// when it has none).
func (d *directive) valueRange() analysis.Range {
	if d.site != nil || !d.hasValue || d.value == "" {
		return d.at()
	}
	return posRange{d.pos(d.valOff), d.pos(d.valOff + len(d.value))}
}

type posRange struct{ pos, end token.Pos }

func (r posRange) Pos() token.Pos { return r.pos }
func (r posRange) End() token.Pos { return r.end }

// isGoDirective reports whether the comment text (with its //) is a
// directive to go/ast, which leaves it out of CommentGroup.Text: "//"
// directly followed by [a-z0-9]+:[a-z0-9] (go/ast's isDirective).
func isGoDirective(text string) bool {
	c, ok := strings.CutPrefix(text, "//")
	if !ok {
		return false
	}
	colon := strings.Index(c, ":")
	if colon <= 0 || colon+1 >= len(c) {
		return false
	}
	for i := 0; i <= colon+1; i++ {
		if i == colon {
			continue
		}
		b := c[i]
		if !isLowerAlnum(b) {
			return false
		}
	}
	return true
}

// parseDirective parses a comment that is a //subako: directive, or
// returns nil.
func parseDirective(c *ast.Comment) *directive {
	if !strings.HasPrefix(c.Text, prefix) || !isGoDirective(c.Text) {
		return nil
	}
	d := &directive{c: c, nameOff: len(prefix)}
	rest := c.Text[len(prefix):]
	n := 0
	for n < len(rest) && isNameByte(rest[n]) {
		n++
	}
	d.name = rest[:n]
	after := rest[n:]
	switch {
	case strings.HasPrefix(after, "="):
		d.hasValue = true
		d.valOff = len(prefix) + n + 1
		d.value = strings.TrimRight(after[1:], " \t\r")
	case (d.name == "function" || d.name == "package") && strings.TrimSpace(after) != "":
		trimmed := strings.TrimLeft(after, " \t")
		d.valOff = len(prefix) + n + len(after) - len(trimmed)
		d.value = strings.TrimRight(trimmed, " \t\r")
		d.hasValue = true
	default:
		d.junk = strings.TrimSpace(after)
	}
	return d
}

func isLowerAlnum(b byte) bool { return 'a' <= b && b <= 'z' || '0' <= b && b <= '9' }

func isNameByte(b byte) bool {
	return 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9' || b == '_' || b == '-'
}

// almostMarker matches comments meant as markers that Go does not take
// for directives: a space after //, a '+' (kubebuilder style), upper case
// in "subako", spaces around the colon, an upper-case first letter.
var almostMarker = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^//([ \t]*)(\+?)([sS][uU][bB][aA][kK][oO])([ \t]*):([ \t]*)([A-Za-z][A-Za-z0-9_-]*)(.*)$`)
})

// suggestMarker returns the marker name meant by name when that is
// certain: the same name in another case, or the only one within a small
// edit distance.
func suggestMarker(name string, names []string) string {
	lower := strings.ToLower(name)
	for _, m := range names {
		if strings.ToLower(m) == lower {
			return m
		}
	}
	best, bestDist, ties := "", 3, 0
	for _, m := range names {
		d := editDistance(lower, strings.ToLower(m))
		if d < bestDist {
			best, bestDist, ties = m, d, 0
		} else if d == bestDist {
			ties++
		}
	}
	if best == "" || ties > 0 || bestDist*3 > len(best) {
		return ""
	}
	return best
}

// place is where a comment group sits, which decides the directives it
// may hold.
type place int

const (
	placeOther place = iota
	placePackage
	placeFunc
	placeField
)

// scanDirectives reads every //subako: comment of a file: it reports
// markers that are not directives (A012) and unknown names (A009) and
// directives in the wrong place (A010), and returns the valid directives
// of each comment group the builder reads.
func (b *builder) scanDirectives(f *ast.File) {
	places := map[*ast.CommentGroup]place{}
	if f.Doc != nil {
		places[f.Doc] = placePackage
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			if n.Doc != nil {
				places[n.Doc] = placeFunc
			}
		case *ast.StructType:
			for _, fld := range n.Fields.List {
				if fld.Doc != nil {
					places[fld.Doc] = placeField
				}
				if fld.Comment != nil {
					places[fld.Comment] = placeField
				}
			}
		}
		return true
	})
	for _, g := range f.Comments {
		pl := places[g]
		for _, c := range g.List {
			if d := parseDirective(c); d != nil {
				if b.checkDirective(d, pl) {
					b.dirs[g] = append(b.dirs[g], d)
				}
				continue
			}
			b.checkAlmost(c)
		}
	}
}

// checkDirective reports problems with a directive's name and place, and
// says whether the builder should use it.
func (b *builder) checkDirective(d *directive, pl place) bool {
	if d.name == "ignore" {
		return false // a suppression, read by withIgnores
	}
	known := d.name == "function" || d.name == "package" || isFieldMarker(d.name) || isToolMarker(d.name)
	if !known {
		if d.name == "" {
			b.report(rules.GoMarkerUnknown, d.c, nil, "//subako: needs a marker name, one of %s", strings.Join(markerNames, ", "))
			return false
		}
		if s := suggestMarker(d.name, markerNames); s != "" {
			b.report(rules.GoMarkerUnknown, d.nameRange(), b.respellFix(d, s), "unknown marker //subako:%s: did you mean //subako:%s?", d.name, s)
		} else {
			b.report(rules.GoMarkerUnknown, d.nameRange(), nil, "unknown marker //subako:%s (known: %s)", d.name, strings.Join(markerNames, ", "))
		}
		return false
	}
	switch {
	case d.name == "package" && pl != placePackage:
		b.report(rules.GoMarkerMisplaced, d.c, nil, "//subako:package belongs in the package doc comment, just above the package clause")
		return false
	case d.name == "function" && pl != placeFunc:
		b.report(rules.GoMarkerMisplaced, d.c, nil, "//subako:function belongs in the doc comment of a package-level function")
		return false
	case isToolMarker(d.name) && pl != placeFunc:
		b.report(rules.GoMarkerMisplaced, d.c, nil, "//subako:%s is a tool annotation: put it in the doc comment of a //subako:function handler", d.name)
		return false
	case isFieldMarker(d.name) && pl != placeField:
		b.report(rules.GoMarkerMisplaced, d.c, nil, "//subako:%s is a field marker: put it in the doc or line comment of a struct field", d.name)
		return false
	}
	if d.junk != "" {
		b.report(rules.GoMarkerValue, d.c, nil, "//subako:%s: unexpected %q (write //subako:%s=value)", d.name, d.junk, d.name)
		return false
	}
	return true
}

// respellFix rewrites a misspelled directive as the marker s, or is nil
// when the result would not be a right marker: its value must have the
// form s takes (a list with the wrong separator is mended too).
func (b *builder) respellFix(d *directive, s string) *analysis.SuggestedFix {
	spec := markerByName[s]
	if spec.Place != placeField && spec.Target != targetTool {
		if d.hasValue {
			return nil // function and package take arguments after a space, not '='
		}
		return b.replaceFix("respell //subako:"+d.name+" as //subako:"+s, d.nameRange(), s)
	}
	if d.junk != "" {
		return nil
	}
	value, ok := fixValue(spec, d.hasValue, d.value)
	if !ok {
		return nil
	}
	text := markerText(s, d.hasValue, value)
	return b.replaceFix("rewrite as "+text, posRange{d.pos(d.nameOff), d.c.End()}, strings.TrimPrefix(text, prefix))
}

// checkAlmost reports a comment meant as a marker that Go does not treat
// as a directive (A012), with a fix when the marker is certain.
func (b *builder) checkAlmost(c *ast.Comment) {
	m := almostMarker().FindStringSubmatch(c.Text)
	if m == nil {
		return
	}
	space, plus, word, sp1, sp2, name, rest := m[1], m[2], m[3], m[4], m[5], m[6], m[7]
	exact := space == "" && plus == "" && word == "subako" && sp1 == "" && sp2 == ""
	s := suggestMarker(name, markerNames)
	if s == "" && !exact {
		// Prose such as "// Subako: the platform" is not a marker.
		return
	}
	why := describeAlmost(space, plus, word, sp1+sp2, name)
	value, _, _ := strings.Cut(rest, " ")
	shown := c.Text[:len(c.Text)-len(rest)] + value
	if s == "" {
		b.report(rules.GoMarkerNotDirective, c, nil, "%s is not a Go directive (%s), so it is not applied and leaks into the description; and //subako:%s is not a marker", shown, why, name)
		return
	}
	var fix *analysis.SuggestedFix
	if spec := markerByName[s]; spec.Place != placeField {
		fix = b.replaceFix("rewrite as "+prefix+s+value, c, prefix+s+rest)
	} else if v, has := strings.CutPrefix(value, "="); has || value == "" {
		// The value is checked up to the first space; the rest of the
		// line is kept.
		if fixed, ok := fixValue(spec, has, v); ok {
			fix = b.replaceFix("rewrite as "+markerText(s, has, fixed), c, markerText(s, has, fixed)+rest[len(value):])
		}
	}
	b.report(rules.GoMarkerNotDirective, c, fix, "%s is not a Go directive (%s), so it is not applied and leaks into the description: write %s", shown, why, prefix+s+value)
}

func describeAlmost(space, plus, word, colonSpace, name string) string {
	switch {
	case space != "":
		return "space after //"
	case plus != "":
		return "'+' after //"
	case word != "subako":
		return "upper case in subako"
	case colonSpace != "":
		return "space around the colon"
	case name != "" && name[0] >= 'A' && name[0] <= 'Z':
		return "upper-case letter after the colon"
	}
	return "not lower case"
}

// docText is a comment group's text as a description, the way go doc
// users write it: directives and Deprecated: paragraphs left out,
// paragraphs unwrapped into single lines, doc links as plain words, and a
// leading Go name (see dropGoName) rewritten away.
func docText(g *ast.CommentGroup, name string) string {
	if g == nil {
		return ""
	}
	text := g.Text()
	if strings.TrimSpace(text) == "" {
		return ""
	}
	p := comment.Parser{LookupSym: func(recv, name string) bool { return true }}
	pr := comment.Printer{TextWidth: -1}
	d := p.Parse(text)
	d.Content = slices.DeleteFunc(d.Content, func(b comment.Block) bool {
		para, ok := b.(*comment.Paragraph)
		if !ok || len(para.Text) == 0 {
			return false
		}
		first, ok := para.Text[0].(comment.Plain)
		return ok && strings.HasPrefix(string(first), "Deprecated: ")
	})
	return dropGoName(strings.TrimSpace(string(pr.Text(d))), name)
}

// dropGoName rewrites a description that starts with the Go name it
// documents, as go doc asks ("greet greets someone", "GreetInput is
// greet's arguments", "Package hello says hello"), to start with what
// follows: "Greets someone", "Greet's arguments", "Says hello". An
// exported name is dropped only before "is", "are" or a verb made of the
// name ("Greet greets"), since "Greet someone by name" is a sentence.
func dropGoName(s, name string) string {
	if name == "" {
		return s
	}
	rest, ok := strings.CutPrefix(s, name+" ")
	if !ok {
		return s
	}
	next, _, _ := strings.Cut(rest, " ")
	lower := strings.ToLower(name)
	switch {
	case next == "is" || next == "are":
		rest = strings.TrimPrefix(rest[len(next):], " ")
	case strings.HasPrefix(name, "Package "), !token.IsExported(name), strings.HasPrefix(next, lower) && len(next) > len(lower):
	default:
		return s
	}
	r, size := utf8.DecodeRuneInString(rest)
	if rest == "" || !unicode.IsLower(r) {
		return s
	}
	return string(unicode.ToUpper(r)) + rest[size:]
}
