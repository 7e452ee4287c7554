package analyzer

import (
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/subako-ai/subako-go/internal/rules"
)

// IgnoreDirective suppresses one rule's findings where a reason justifies
// it, as staticcheck's //lint:ignore does:
//
//	//subako:ignore A014 the banner goes to stderr in production builds
//
// It covers its own line and the line below it. The reason is required,
// and an ignore that suppresses nothing is reported, so none outlives
// the code it was written for.
const IgnoreDirective = "//subako:ignore"

type ignore struct {
	pos    token.Pos
	file   string
	line   int
	rule   *rules.Rule
	used   bool
	reason string
}

// ignores are a package's //subako:ignore directives.
type ignores []*ignore

// honouringIgnores wraps an analyzer's Run so its diagnostics honour the
// package's //subako:ignore directives, and each carries the URL of its
// rule's documentation. It finds the analyzer in the pass, so that the
// analyzer literals can use it without referring to themselves.
func honouringIgnores(run func(*analysis.Pass) (any, error)) func(*analysis.Pass) (any, error) {
	return func(pass *analysis.Pass) (any, error) {
		a := pass.Analyzer
		igs := collectIgnores(pass, a.Name == modelName)
		report := pass.Report
		pass.Report = func(d analysis.Diagnostic) {
			if r, ok := rules.Lookup(d.Category); ok && d.URL == "" {
				d.URL = r.DocURL()
			}
			if !igs.suppress(pass.Fset, d) {
				report(d)
			}
		}
		res, err := run(pass)
		for _, ig := range igs {
			if ig.used || !slices.Contains(reportedBy(a.Name), ig.rule) {
				continue
			}
			// A leftover ignore of advice is advice: it never blocks
			// go generate or go vet, as what it names would not.
			r := rules.GoIgnore
			if ig.rule.Severity < rules.Error {
				r = rules.GoIgnoreUnused
			}
			d := analysis.Diagnostic{Pos: ig.pos, Category: r.ID, URL: r.DocURL(),
				Message: rulePrefix(r) + "this //subako:ignore " + ig.rule.ID + " suppresses nothing: remove it"}
			report(d)
		}
		return res, err
	}
}

// collectIgnores reads the directives; malformed ones are reported (once,
// by the Model analyzer) and left out.
func collectIgnores(pass *analysis.Pass, reportBad bool) ignores {
	var out ignores
	bad := func(pos token.Pos, msg string) {
		if reportBad {
			pass.Report(analysis.Diagnostic{Pos: pos, Category: rules.GoIgnore.ID, URL: rules.GoIgnore.DocURL(), Message: rulePrefix(rules.GoIgnore) + msg})
		}
	}
	for _, f := range pass.Files {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if !strings.HasPrefix(c.Text, IgnoreDirective) {
					continue
				}
				rest := strings.TrimPrefix(c.Text, IgnoreDirective)
				if rest != "" && rest[0] != ' ' && rest[0] != '\t' {
					continue // another directive, e.g. //subako:ignored
				}
				if i := strings.Index(rest, "//"); i >= 0 {
					rest = rest[:i] // a trailing comment is not the reason
				}
				fields := strings.Fields(rest)
				if len(fields) == 0 {
					bad(c.Pos(), "//subako:ignore needs a rule ID and a reason")
					continue
				}
				r, ok := rules.Lookup(fields[0])
				if !ok {
					bad(c.Pos(), "//subako:ignore names no rule: "+fields[0])
					continue
				}
				if len(fields) < 2 {
					bad(c.Pos(), "//subako:ignore "+fields[0]+" needs a reason after the rule")
					continue
				}
				p := pass.Fset.Position(c.Pos())
				out = append(out, &ignore{pos: c.Pos(), file: p.Filename, line: p.Line, rule: r, reason: strings.Join(fields[1:], " ")})
			}
		}
	}
	return out
}

// suppress reports whether an ignore covers d, marking it used.
func (igs ignores) suppress(fset *token.FileSet, d analysis.Diagnostic) bool {
	if len(igs) == 0 || d.Category == rules.GoIgnore.ID {
		return false
	}
	p := fset.Position(d.Pos)
	for _, ig := range igs {
		if ig.rule.ID == d.Category && ig.file == p.Filename && (p.Line == ig.line || p.Line == ig.line+1) {
			ig.used = true
			return true
		}
	}
	return false
}
