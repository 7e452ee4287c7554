package analyzer

import (
	"go/ast"
	"strings"

	"github.com/subako-ai/subako-go/analyzer/model"
	"github.com/subako-ai/subako-go/internal/rules"
)

// annotations reads a handler's tool annotation markers (//subako:title,
// //subako:readOnly...) into the tool's annotations, reporting values
// that are not true or false, markers given twice and hints that
// contradict each other (A011). It is nil when the markers state nothing.
func (b *builder) annotations(fd *ast.FuncDecl) *model.Annotations {
	a := &model.Annotations{}
	seen := map[string]*directive{}
	for _, d := range b.dirs[fd.Doc] {
		spec := markerByName[d.name]
		if spec == nil || spec.Target != targetTool {
			continue
		}
		if seen[d.name] != nil {
			b.report(rules.GoMarkerValue, d.at(), nil, "//subako:%s is given twice", d.name)
			continue
		}
		seen[d.name] = d
		if spec.Value == valueText {
			title := strings.TrimSpace(d.value)
			if title == "" {
				b.report(rules.GoMarkerValue, d.at(), nil, "//subako:%s needs a value: %s", d.name, spec.Example)
				continue
			}
			a.Title = title
			continue
		}
		v, ok := hintValue(d)
		if !ok {
			b.report(rules.GoMarkerValue, d.valueRange(), nil, "//subako:%s=%s: want true or false (or no value, for true)", d.name, d.value)
			continue
		}
		switch d.name {
		case "readOnly":
			a.ReadOnly = &v
		case "destructive":
			a.Destructive = &v
		case "idempotent":
			a.Idempotent = &v
		case "openWorld":
			a.OpenWorld = &v
		}
	}
	if a.ReadOnly != nil && *a.ReadOnly && a.Destructive != nil && *a.Destructive {
		b.report(rules.GoMarkerValue, seen["destructive"].at(), nil, "a tool cannot be both //subako:readOnly and //subako:destructive: a read-only tool changes nothing (clients read destructiveHint only when readOnlyHint is false)")
		a.Destructive = nil
	}
	if a.Empty() {
		return nil
	}
	return a
}

// hintValue is a boolean hint marker's value: true when it has none.
func hintValue(d *directive) (v, ok bool) {
	if !d.hasValue {
		return true, true
	}
	switch strings.TrimSpace(d.value) {
	case "true":
		return true, true
	case "false":
		return false, true
	}
	return false, false
}

// misplacedAnnotations reports tool annotation markers on a function that
// is not a handler (A010).
func (b *builder) misplacedAnnotations(fd *ast.FuncDecl) {
	for _, d := range b.dirs[fd.Doc] {
		if isToolMarker(d.name) {
			b.report(rules.GoMarkerMisplaced, d.c, nil, "//subako:%s annotates a tool, but %s is not marked //subako:function", d.name, fd.Name.Name)
		}
	}
}
