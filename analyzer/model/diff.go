package model

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// ModelConstName is the package-level string constant in GeneratedFile
// that holds the Canonical encoding (after its first line) of the model
// the file was generated from, so that a stale file can be told apart
// from the source by what changed, not only by its hash. A constant that
// nothing uses is not compiled into the module.
const ModelConstName = "subakoModel"

// Change is one difference between the model a generated file was
// written from and the package's model now. Tool (a handler's Go name),
// Type (a Decl's Name) and Field (a Go field name) say where, as far as
// they apply; What says what changed, for people.
type Change struct {
	Tool, Type, Field string
	// GoType is the changed type's Go name, when Type is set.
	GoType GoName
	What   string
}

func (c Change) String() string {
	var where string
	switch {
	case c.Field != "" && c.Type != "":
		where = "field " + c.Field + " of type " + c.Type
	case c.Field != "":
		where = "field " + c.Field + " of tool " + c.Tool
	case c.Type != "":
		where = "type " + c.Type
	case c.Tool != "":
		where = "tool " + c.Tool
	default:
		where = "the package"
	}
	return where + ": " + c.What
}

// DecodeCanonical reads a model written by Canonical without its first
// line (the FormatVersion), as the generated file's ModelConstName holds.
func DecodeCanonical(b []byte) (*Package, error) {
	var p Package
	if err := json.Unmarshal(b, &p); err != nil {
		return nil, err
	}
	return &p, p.Resolve()
}

// Changes lists what differs between the old model and the new one, in
// a stable order: the package, types, then tools. A change inside a named
// type is reported once, on the type, and not again on every type or
// tool that uses it.
func Changes(old, new *Package) []Change {
	var out []Change
	if old.Name != new.Name {
		out = append(out, Change{What: fmt.Sprintf("its name changed from %q to %q", old.Name, new.Name)})
	}
	if old.Description != new.Description {
		out = append(out, Change{What: "its description changed"})
	}
	if old.GoPackage != new.GoPackage {
		out = append(out, Change{What: fmt.Sprintf("its import path changed from %s to %s", old.GoPackage, new.GoPackage)})
	}
	oldTypes, newTypes := declsByName(old.Types), declsByName(new.Types)
	changed := map[string]bool{}
	for _, d := range new.Types {
		o := oldTypes[d.Name]
		if o == nil {
			continue
		}
		if !sameJSON(o, d) {
			changed[d.Go.String()] = true
		}
	}
	for _, d := range new.Types {
		o := oldTypes[d.Name]
		switch {
		case o == nil:
			out = append(out, Change{Type: d.Name, GoType: d.Go, What: "the type is new"})
		case changed[d.Go.String()]:
			c := Change{Type: d.Name, GoType: d.Go}
			if o.Description != d.Description {
				out = append(out, with(c, "", "its doc comment changed"))
			}
			if o.Recursive != d.Recursive || !sameJSON(o.Go, d.Go) {
				out = append(out, with(c, "", "its Go type changed"))
			}
			out = append(out, typeChanges(c, o.Type, d.Type, changed)...)
		}
	}
	for _, o := range old.Types {
		if newTypes[o.Name] == nil {
			out = append(out, Change{Type: o.Name, GoType: o.Go, What: "the type is no longer used"})
		}
	}
	oldTools := map[string]*Tool{}
	for _, t := range old.Tools {
		oldTools[t.GoFunc] = t
	}
	for _, t := range new.Tools {
		o := oldTools[t.GoFunc]
		delete(oldTools, t.GoFunc)
		c := Change{Tool: t.GoFunc}
		if o == nil {
			out = append(out, with(c, "", "the handler is new"))
			continue
		}
		if o.Name != t.Name {
			out = append(out, with(c, "", fmt.Sprintf("the tool's name changed from %s to %s", o.Name, t.Name)))
		}
		if o.Description != t.Description {
			out = append(out, with(c, "", "its doc comment changed"))
		}
		if o.Answer != t.Answer {
			out = append(out, with(c, "", "its result changed to or from subako.Answer"))
		}
		if !bytes.Equal(o.Annotations.JSON(), t.Annotations.JSON()) {
			out = append(out, with(c, "", "its annotations changed"))
		}
		if o.Result != t.Result && sameType(o.Output, t.Output, changed) {
			out = append(out, with(c, "", "its result is answered another way (a string as its text, another value that is not an object with no outputSchema)"))
		}
		for _, io := range []struct {
			what     string
			old, new *Type
		}{{"input", o.Input, t.Input}, {"result", o.Output, t.Output}} {
			if sameType(io.old, io.new, changed) {
				continue
			}
			if n := leafNamed(io.new); n != nil && changed[n.String()] {
				continue // reported on the type
			}
			if io.old.Kind == KindObject && io.new.Kind == KindObject && io.old.Named == nil && io.new.Named == nil {
				out = append(out, typeChanges(c, io.old, io.new, changed)...)
				continue
			}
			out = append(out, with(c, "", "its "+io.what+" type changed"))
		}
	}
	for _, o := range old.Tools {
		if oldTools[o.GoFunc] != nil {
			out = append(out, Change{Tool: o.GoFunc, What: "the handler is gone or no longer marked //subako:function"})
		}
	}
	return out
}

func with(c Change, field, what string) Change {
	c.Field, c.What = field, what
	return c
}

// typeChanges compares two definitions of a type: field by field when
// both are objects.
func typeChanges(c Change, old, new *Type, changed map[string]bool) []Change {
	if old == nil || new == nil || old.Kind != KindObject || new.Kind != KindObject {
		if !sameType(old, new, changed) {
			return []Change{with(c, "", "its definition changed")}
		}
		return nil
	}
	var out []Change
	oldFields := map[string]*Field{}
	for _, f := range old.Fields {
		oldFields[f.goPath()] = f
	}
	for _, f := range new.Fields {
		o := oldFields[f.goPath()]
		delete(oldFields, f.goPath())
		if o == nil {
			out = append(out, with(c, f.goPath(), "the field is new"))
			continue
		}
		var what []string
		if o.JSONName != f.JSONName {
			what = append(what, fmt.Sprintf("JSON name %s, was %s", f.JSONName, o.JSONName))
		}
		if o.Description != f.Description {
			what = append(what, "doc comment")
		}
		if o.Required != f.Required {
			what = append(what, "required or not")
		}
		if o.OmitEmpty != f.OmitEmpty || o.OmitZero != f.OmitZero {
			what = append(what, "json tag options")
		}
		if o.Default != f.Default {
			what = append(what, "default")
		}
		if !sameType(o.Type, f.Type, changed) {
			what = append(what, typeDiff(o.Type, f.Type))
		}
		if len(what) > 0 {
			out = append(out, with(c, f.goPath(), "its "+strings.Join(what, ", ")+" changed"))
		}
	}
	for _, o := range old.Fields {
		if oldFields[o.goPath()] != nil {
			out = append(out, with(c, o.goPath(), "the field is gone"))
		}
	}
	return out
}

// typeDiff names what differs between two field types: their markers
// (limits, format, enum values) or the type itself.
func typeDiff(old, new *Type) string {
	for old != nil && new != nil && old.Kind == new.Kind && (old.Kind == KindOptional || old.Kind == KindArray || old.Kind == KindMap) {
		if !sameJSON(old.Limits, new.Limits) {
			return "markers (" + limitNames(old.Limits, new.Limits) + ")"
		}
		old, new = old.Elem, new.Elem
	}
	switch {
	case old == nil || new == nil || old.Kind != new.Kind && old.Kind != KindEnum && new.Kind != KindEnum || old.Basic != new.Basic || !sameJSON(old.Named, new.Named):
		return "type"
	case !sameJSON(old.Limits, new.Limits):
		return "markers (" + limitNames(old.Limits, new.Limits) + ")"
	case old.Format != new.Format:
		return "format"
	case !sameJSON(old.Enum, new.Enum):
		return "enum values"
	}
	return "type"
}

// limitNames lists the JSON names of the limits that differ.
func limitNames(old, new *Limits) string {
	var a, b map[string]any
	ja, _ := json.Marshal(old)
	jb, _ := json.Marshal(new)
	_ = json.Unmarshal(ja, &a)
	_ = json.Unmarshal(jb, &b)
	var names []string
	for k, v := range a {
		if w, ok := b[k]; !ok || !sameJSON(v, w) {
			names = append(names, k)
		}
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			names = append(names, k)
		}
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}

func (f *Field) goPath() string {
	if len(f.GoPath) > 0 {
		return strings.Join(f.GoPath, ".")
	}
	return f.GoName
}

// sameType compares two types, counting a named type that changed (and
// is reported on its own) as unchanged where it is used.
func sameType(old, new *Type, changed map[string]bool) bool {
	if old == nil || new == nil {
		return old == new
	}
	if old.Kind == KindRef || new.Kind == KindRef {
		return old.Kind == new.Kind && old.Ref == new.Ref
	}
	if old.Named != nil && new.Named != nil && sameJSON(old.Named, new.Named) && changed[old.Named.String()] {
		return sameJSON(old.Limits, new.Limits) && old.Format == new.Format
	}
	if old.Kind != new.Kind || !sameJSON(old.Limits, new.Limits) || len(old.Fields) != len(new.Fields) {
		return false
	}
	a, b := *old, *new
	a.Elem, b.Elem, a.Fields, b.Fields = nil, nil, nil, nil
	if !sameJSON(&a, &b) || !sameType(old.Elem, new.Elem, changed) {
		return false
	}
	for i := range old.Fields {
		fo, fn := *old.Fields[i], *new.Fields[i]
		if !sameType(fo.Type, fn.Type, changed) {
			return false
		}
		fo.Type, fn.Type = nil, nil
		if !sameJSON(&fo, &fn) {
			return false
		}
	}
	return true
}

// leafNamed is the named type at the end of a chain of pointers, slices
// and maps.
func leafNamed(t *Type) *GoName {
	for t != nil && t.Named == nil && (t.Kind == KindOptional || t.Kind == KindArray || t.Kind == KindMap) {
		t = t.Elem
	}
	if t == nil {
		return nil
	}
	return t.Named
}

func declsByName(ds []*Decl) map[string]*Decl {
	m := make(map[string]*Decl, len(ds))
	for _, d := range ds {
		m[d.Name] = d
	}
	return m
}

func sameJSON(a, b any) bool {
	x, err1 := json.Marshal(a)
	y, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && bytes.Equal(x, y)
}
