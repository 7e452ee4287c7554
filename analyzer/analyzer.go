// Package analyzer holds the go/analysis passes over a Subako function
// package's Go source.
//
// [Model] builds the package model ([model.Package]) from go/types and doc
// comments, which is what the generator renders, and reports every reason
// the model or the generated code would be wrong: handler shapes, tool
// names, descriptions, json tags, types without a JSON Schema, markers,
// schema sizes. [Runtime] reports code that breaks the protocol at run
// time (writes to stdout, exits from a handler), [NetHTTP] imports of
// net/http, which cannot connect under wasip1, [Generated] a
// subako_gen.go that is missing or stale, and [Hints] tool annotations
// that the handler's code contradicts, or could state.
//
// Every diagnostic's Category is a rule ID from the catalog in package
// rules (A001...), and its message starts with the ID and slug, so
// `subakogo explain A007` documents it. The passes run despite type
// errors, since the generated file a package needs may not exist yet.
package analyzer

import (
	"fmt"
	"go/ast"
	"go/token"
	"path/filepath"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/subako-ai/subako-go/analyzer/model"
	"github.com/subako-ai/subako-go/internal/rules"
)

const docURL = "https://pkg.go.dev/github.com/subako-ai/subako-go/analyzer"

// Model builds the package model and reports what would make it, or the
// code generated from it, wrong. Its result is the *model.Package, or nil
// for a package with no //subako:function.
var Model = &analysis.Analyzer{
	Name: modelName,
	Doc: withRules(modelName, `check Subako function handlers and build the package model

The model is what subakogo generate renders into subako_gen.go: tools from
//subako:function handlers, schemas from their input and output types,
descriptions from doc comments and validation from //subako: field markers.`),
	URL:              docURL + "#Model",
	RunDespiteErrors: true,
	ResultType:       reflect.TypeFor[*model.Package](),
	Run:              honouringIgnores(runModel),
	// Facts carry the doc comments and markers of other packages' types.
	FactTypes: []analysis.Fact{new(typeDocFact), new(constDocFact)},
}

// Runtime reports code in a function package that breaks the protocol:
// output on stdout, exits reachable from a handler.
var Runtime = &analysis.Analyzer{
	Name: runtimeName,
	Doc: withRules(runtimeName, `report code that breaks a Subako function package at run time

Stdout carries the protocol, and a handler must answer rather than exit.`),
	URL:              docURL + "#Runtime",
	RunDespiteErrors: true,
	Run:              honouringIgnores(runRuntime),
	// Facts carry what a function of another package of the module
	// reaches: a write to stdout, an exit.
	FactTypes: []analysis.Fact{new(stdoutFact), new(exitFact), new(startFact)},
}

// Generated reports a subako_gen.go that is missing or was generated from
// another model (A017), on the first handler.
var Generated = &analysis.Analyzer{
	Name: generatedName,
	Doc: withRules(generatedName, `report a missing or stale subako_gen.go

The generated file records the hash of the model it was generated from in
the constant `+model.HashConstName+`; when the package's handlers,
types, comments or markers change, run go generate.`),
	URL:              docURL + "#Generated",
	Requires:         []*analysis.Analyzer{Model},
	RunDespiteErrors: true,
	Run:              honouringIgnores(runGenerated),
}

// Analyzers are all the passes, for a vettool or a golangci-lint plugin.
var Analyzers = []*analysis.Analyzer{Model, Runtime, NetHTTP, Generated, Hints}

// The analyzers' names: each literal uses its own for the rule list in its
// Doc, and the ignore wrapper tells Model apart by it. (Referring to the
// analyzer variables there instead would be an initialization cycle.)
const (
	modelName     = "subako"
	runtimeName   = "subakoruntime"
	netHTTPName   = "subakonethttp"
	generatedName = "subakogen"
	hintsName     = "subakohints"
)

// reportedBy lists the rules an analyzer reports: the catalog's rules
// whose part (rules.Rule.By) is the analyzer, by name. This one
// declaration gives the rule list at the end of the analyzer's Doc and
// decides which analyzer calls an ignore of the rule unused.
func reportedBy(name string) []*rules.Rule {
	return rules.ReportedBy(rules.Part("analyzer " + name))
}

// withRules ends an analyzer's Doc with the rules it reports.
func withRules(name, doc string) string {
	var ids []string
	for _, r := range reportedBy(name) {
		ids = append(ids, r.ID+" "+r.Slug)
	}
	return doc + "\n\nReports " + strings.Join(ids, ", ") + " (subakogo explain ID documents each)."
}

// report reports a finding of rule r at rng, with an optional fix.
func report(pass *analysis.Pass, r *rules.Rule, rng analysis.Range, fix *analysis.SuggestedFix, format string, args ...any) {
	d := analysis.Diagnostic{
		Pos:      rng.Pos(),
		End:      rng.End(),
		Category: r.ID,
		Message:  rulePrefix(r) + fmt.Sprintf(format, args...),
		URL:      r.DocURL(),
	}
	if fix != nil {
		d.SuggestedFixes = []analysis.SuggestedFix{*fix}
	}
	pass.Report(d)
}

// rulePrefix starts every message with the rule's ID and slug, so go vet and
// golangci-lint output name the rule.
func rulePrefix(r *rules.Rule) string { return r.ID + " " + r.Slug + ": " }

// Text is a diagnostic's message without the prefix that names the rule.
func Text(d analysis.Diagnostic) string {
	if r, ok := rules.Lookup(d.Category); ok {
		return strings.TrimPrefix(d.Message, rulePrefix(r))
	}
	return d.Message
}

// replaceFix is a fix that replaces the text of rng with text.
func replaceFix(message string, rng analysis.Range, text string) *analysis.SuggestedFix {
	return &analysis.SuggestedFix{
		Message:   message,
		TextEdits: []analysis.TextEdit{{Pos: rng.Pos(), End: rng.End(), NewText: []byte(text)}},
	}
}

// sourceFiles are the files of the package that are compiled into the
// module: not tests, not the generated file, and built for wasip1.
func sourceFiles(pass *analysis.Pass) []*ast.File {
	var out []*ast.File
	for _, f := range pass.Files {
		name := pass.Fset.File(f.FileStart).Name()
		base := filepath.Base(name)
		if strings.HasSuffix(base, "_test.go") || base == model.GeneratedFile || !buildsForWasip1(base, f) {
			continue
		}
		out = append(out, f)
	}
	return out
}

// generatedFile returns the package's subako_gen.go, or nil.
func generatedFile(pass *analysis.Pass) *ast.File {
	for _, f := range pass.Files {
		if filepath.Base(pass.Fset.File(f.FileStart).Name()) == model.GeneratedFile {
			return f
		}
	}
	return nil
}

// handlerDecls maps each tool to its function declaration.
func handlerDecls(pass *analysis.Pass, pkg *model.Package) map[*model.Tool]*ast.FuncDecl {
	byName := map[string]*ast.FuncDecl{}
	for _, f := range sourceFiles(pass) {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil {
				byName[fd.Name.Name] = fd
			}
		}
	}
	out := map[*model.Tool]*ast.FuncDecl{}
	for _, t := range pkg.Tools {
		if fd := byName[t.GoFunc]; fd != nil {
			out[t] = fd
		}
	}
	return out
}

// firstHandler is the handler declared first in the source, or nil.
func firstHandler(pass *analysis.Pass, pkg *model.Package) *ast.FuncDecl {
	var first *ast.FuncDecl
	for _, fd := range handlerDecls(pass, pkg) {
		if first == nil || before(pass.Fset, fd.Pos(), first.Pos()) {
			first = fd
		}
	}
	return first
}

// before orders positions by file name, then offset.
func before(fset *token.FileSet, a, b token.Pos) bool {
	pa, pb := fset.Position(a), fset.Position(b)
	if pa.Filename != pb.Filename {
		return pa.Filename < pb.Filename
	}
	return pa.Offset < pb.Offset
}
