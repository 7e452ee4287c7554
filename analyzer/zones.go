package analyzer

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/subako-ai/subako-go/internal/rules"
)

// Time zones (A021): time.LoadLocation reads zoneinfo files, which a
// module under wasip1 cannot open; time/tzdata embeds them.

// loadLocation is the function that loads a zone by name.
const loadLocation = "time.LoadLocation"

// zoneDataPkg embeds the zone database in a program that imports it.
const zoneDataPkg = "time/tzdata"

// zoneDataSize is about what time/tzdata adds to a module, for messages.
const zoneDataSize = "about 383 KB"

// needsZoneData reports a site of handler fd that loads a zone when
// nothing the package imports, directly or not, imports time/tzdata: the
// call, with a fix that imports it in fd's file.
func (h *hintsPass) needsZoneData(fd *ast.FuncDecl, s effectSite, via string) {
	if h.zoneReported[s.at.Pos()] || imports(h.pass.Pkg, zoneDataPkg, map[*types.Package]bool{}) {
		return
	}
	h.zoneReported[s.at.Pos()] = true
	var fix *analysis.SuggestedFix
	for _, f := range h.pass.Files {
		if f.Pos() <= fd.Pos() && fd.Pos() < f.End() {
			fix = &analysis.SuggestedFix{Message: "import time/tzdata", TextEdits: []analysis.TextEdit{{
				Pos: f.Name.End(), End: f.Name.End(),
				NewText: []byte("\n\nimport _ \"" + zoneDataPkg + "\" // the time zones time.LoadLocation reads, under wasip1"),
			}}}
		}
	}
	report(h.pass, rules.GoTimeZoneData, s.at, fix, "%s loads a time zone by name (%s)%s, and nothing in the module imports %s: in the module every such call fails with \"Bad file number\" (go test passes, on the machine's zoneinfo); add import _ %q to the package (%s of zone data)",
		fd.Name.Name, strings.Join(s.eff.zone, " → "), via, zoneDataPkg, zoneDataPkg, zoneDataSize)
}

// imports reports whether pkg imports path, directly or through the
// packages it imports.
func imports(pkg *types.Package, path string, seen map[*types.Package]bool) bool {
	for _, p := range pkg.Imports() {
		if p.Path() == path {
			return true
		}
		if !seen[p] {
			seen[p] = true
			if imports(p, path, seen) {
				return true
			}
		}
	}
	return false
}
