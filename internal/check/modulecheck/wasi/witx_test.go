package wasi

// A small witx reader and the preview 1 core lowering, for tests only.
//
// It exists so the test can derive every signature from the official witx
// and compare it with the hand-written Preview1 table, instead of trusting
// the table. It is deliberately strict: any form or type it does not know is
// an error, so a witx it does not understand fails the test rather than
// producing a signature that happens to agree.

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// sexpr is one node of an s-expression: an atom, a quoted string, or a list.
type sexpr struct {
	list   []sexpr
	isList bool
	atom   string // the atom, or a quoted string's contents
	quoted bool
	line   int
}

func (e sexpr) String() string {
	switch {
	case e.isList:
		parts := make([]string, len(e.list))
		for i, c := range e.list {
			parts[i] = c.String()
		}
		return "(" + strings.Join(parts, " ") + ")"
	case e.quoted:
		return fmt.Sprintf("%q", e.atom)
	default:
		return e.atom
	}
}

// head returns the first atom of a list, "" for anything else.
func (e sexpr) head() string {
	if !e.isList || len(e.list) == 0 || e.list[0].isList || e.list[0].quoted {
		return ""
	}
	return e.list[0].atom
}

// isWitx reports whether e is the annotation (@witx kind ...).
func (e sexpr) isWitx(kind string) bool {
	return e.head() == "@witx" && len(e.list) >= 2 && !e.list[1].isList && e.list[1].atom == kind
}

// parseSexprs reads every top-level s-expression in src. It knows the
// lexical syntax witx shares with the WebAssembly text format: ";;" line
// comments (";;;" doc comments are just comments here), nested "(; ;)"
// block comments, quoted strings, and atoms.
func parseSexprs(src string) ([]sexpr, error) {
	var (
		stack [][]sexpr // open lists' children so far
		opens []int     // line of each open paren
		top   []sexpr
		line  = 1
	)
	add := func(e sexpr) {
		if len(stack) == 0 {
			top = append(top, e)
		} else {
			stack[len(stack)-1] = append(stack[len(stack)-1], e)
		}
	}
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '\n':
			line++
			i++
		case c == ' ' || c == '\t' || c == '\r':
			i++
		case strings.HasPrefix(src[i:], ";;"):
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case strings.HasPrefix(src[i:], "(;"):
			start, depth := line, 0
			for {
				if i >= len(src) {
					return nil, fmt.Errorf("line %d: unterminated block comment", start)
				}
				switch {
				case strings.HasPrefix(src[i:], "(;"):
					depth++
					i += 2
				case strings.HasPrefix(src[i:], ";)"):
					depth--
					i += 2
				default:
					if src[i] == '\n' {
						line++
					}
					i++
				}
				if depth == 0 {
					break
				}
			}
		case c == '(':
			stack = append(stack, []sexpr{})
			opens = append(opens, line)
			i++
		case c == ')':
			if len(stack) == 0 {
				return nil, fmt.Errorf("line %d: unexpected )", line)
			}
			children := stack[len(stack)-1]
			at := opens[len(opens)-1]
			stack, opens = stack[:len(stack)-1], opens[:len(opens)-1]
			add(sexpr{list: children, isList: true, line: at})
			i++
		case c == '"':
			start := line
			var b strings.Builder
			i++
			for {
				if i >= len(src) || src[i] == '\n' {
					return nil, fmt.Errorf("line %d: unterminated string", start)
				}
				if src[i] == '"' {
					i++
					break
				}
				if src[i] == '\\' && i+1 < len(src) {
					i++
				}
				b.WriteByte(src[i])
				i++
			}
			add(sexpr{atom: b.String(), quoted: true, line: start})
		default:
			j := i
			for j < len(src) && !strings.ContainsRune(" \t\r\n()\";", rune(src[j])) {
				j++
			}
			if j == i {
				return nil, fmt.Errorf("line %d: unexpected %q", line, c)
			}
			add(sexpr{atom: src[i:j], line: line})
			i = j
		}
	}
	if len(stack) > 0 {
		return nil, fmt.Errorf("line %d: unclosed (", opens[len(opens)-1])
	}
	return top, nil
}

// witxFunc is one (@interface func ...) of a witx module.
type witxFunc struct {
	name     string
	params   []sexpr // the type of each (param $name type)
	results  []sexpr // the type of each (result $name type)
	noreturn bool
}

// witxDoc is a witx document with its (use ...) files merged in.
type witxDoc struct {
	module string
	types  map[string]sexpr // typename, with its "$", to its definition
	funcs  []witxFunc
}

// loadWitx reads the witx file at path and, recursively, the files it uses.
func loadWitx(path string) (*witxDoc, error) {
	d := &witxDoc{types: map[string]sexpr{}}
	return d, d.load(path, map[string]bool{})
}

func (d *witxDoc) load(path string, seen map[string]bool) error {
	if seen[path] {
		return nil
	}
	seen[path] = true
	src, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	forms, err := parseSexprs(string(src))
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	for _, f := range forms {
		if err := d.topLevel(path, f, seen); err != nil {
			return fmt.Errorf("%s:%d: %w", path, f.line, err)
		}
	}
	return nil
}

func (d *witxDoc) topLevel(path string, f sexpr, seen map[string]bool) error {
	switch f.head() {
	case "use":
		if len(f.list) != 2 || !f.list[1].quoted {
			return fmt.Errorf("malformed use: %v", f)
		}
		return d.load(filepath.Join(filepath.Dir(path), f.list[1].atom), seen)
	case "typename":
		if len(f.list) != 3 || f.list[1].isList || !strings.HasPrefix(f.list[1].atom, "$") {
			return fmt.Errorf("malformed typename: %v", f)
		}
		name := f.list[1].atom
		if _, dup := d.types[name]; dup {
			return fmt.Errorf("typename %s defined twice", name)
		}
		d.types[name] = f.list[2]
		return nil
	case "module":
		if d.module != "" {
			return fmt.Errorf("second module")
		}
		if len(f.list) < 2 || f.list[1].isList || !strings.HasPrefix(f.list[1].atom, "$") {
			return fmt.Errorf("malformed module")
		}
		d.module = strings.TrimPrefix(f.list[1].atom, "$")
		for _, item := range f.list[2:] {
			if err := d.moduleItem(item); err != nil {
				return fmt.Errorf("line %d: %w", item.line, err)
			}
		}
		return nil
	default:
		return fmt.Errorf("unknown top-level form %v", f)
	}
}

func (d *witxDoc) moduleItem(item sexpr) error {
	switch item.head() {
	case "import":
		// Only the linear memory is imported; it is not a function.
		if len(item.list) == 3 && item.list[2].head() == "memory" {
			return nil
		}
		return fmt.Errorf("unknown import %v", item)
	case "@interface":
		if len(item.list) < 3 || item.list[1].isList || item.list[1].atom != "func" ||
			item.list[2].head() != "export" || len(item.list[2].list) != 2 || !item.list[2].list[1].quoted {
			return fmt.Errorf("malformed @interface %v", item)
		}
		fn := witxFunc{name: item.list[2].list[1].atom}
		for _, part := range item.list[3:] {
			switch {
			case part.head() == "param" && len(part.list) == 3:
				fn.params = append(fn.params, part.list[2])
			case part.head() == "result" && len(part.list) == 3:
				fn.results = append(fn.results, part.list[2])
			case part.isWitx("noreturn") && len(part.list) == 2:
				fn.noreturn = true
			default:
				return fmt.Errorf("%s: unknown part %v", fn.name, part)
			}
		}
		d.funcs = append(d.funcs, fn)
		return nil
	default:
		return fmt.Errorf("unknown module item %v", item)
	}
}

// resolve follows typename references until it reaches a definition.
func (d *witxDoc) resolve(t sexpr) (sexpr, error) {
	for range 100 {
		if t.isList || t.quoted || !strings.HasPrefix(t.atom, "$") {
			return t, nil
		}
		def, ok := d.types[t.atom]
		if !ok {
			return sexpr{}, fmt.Errorf("unknown type %s", t.atom)
		}
		t = def
	}
	return sexpr{}, fmt.Errorf("typename cycle at %v", t)
}

// lowerInt lowers an integer representation: the tag of an enum or the repr
// of flags. Anything up to 32 bits travels as an i32.
func (d *witxDoc) lowerInt(t sexpr) (ValType, error) {
	t, err := d.resolve(t)
	if err != nil {
		return 0, err
	}
	if !t.isList && !t.quoted {
		switch t.atom {
		case "u8", "u16", "u32", "s8", "s16", "s32":
			return I32, nil
		case "u64", "s64":
			return I64, nil
		}
	}
	return 0, fmt.Errorf("not an integer type: %v", t)
}

// reprOf returns the integer type in an enum's (@witx tag T) or a flags'
// (@witx repr T). witx has defaults for both, but preview 1 states every one,
// so a missing annotation is an error here rather than a guess.
func reprOf(t sexpr, kind string) (sexpr, error) {
	if len(t.list) >= 2 && t.list[1].isWitx(kind) && len(t.list[1].list) == 3 {
		return t.list[1].list[2], nil
	}
	return sexpr{}, fmt.Errorf("%s without (@witx %s T): %v", t.head(), kind, t)
}

// lowerParam lowers the type of one witx parameter to the core values that
// carry it, following the preview 1 ABI.
func (d *witxDoc) lowerParam(t sexpr) ([]ValType, error) {
	t, err := d.resolve(t)
	if err != nil {
		return nil, err
	}
	if t.quoted {
		return nil, fmt.Errorf("string literal as a type: %v", t)
	}
	if !t.isList {
		switch t.atom {
		case "u8", "u16", "u32", "s8", "s16", "s32", "char8":
			return []ValType{I32}, nil
		case "u64", "s64":
			return []ValType{I64}, nil
		case "f32":
			return []ValType{F32}, nil
		case "f64":
			return []ValType{F64}, nil
		case "string":
			// A pointer to the bytes and their length.
			return []ValType{I32, I32}, nil
		}
		return nil, fmt.Errorf("unknown type %v", t)
	}
	switch t.head() {
	case "enum", "flags":
		kind := "tag"
		if t.head() == "flags" {
			kind = "repr"
		}
		repr, err := reprOf(t, kind)
		if err != nil {
			return nil, err
		}
		v, err := d.lowerInt(repr)
		if err != nil {
			return nil, err
		}
		return []ValType{v}, nil
	case "handle":
		return []ValType{I32}, nil
	case "list":
		// A pointer to the first element and the number of elements.
		if len(t.list) != 2 {
			return nil, fmt.Errorf("malformed list %v", t)
		}
		return []ValType{I32, I32}, nil
	case "record", "union":
		// Aggregates travel by pointer to linear memory, never flattened.
		return []ValType{I32}, nil
	case "@witx":
		if (t.isWitx("pointer") || t.isWitx("const_pointer")) && len(t.list) == 3 {
			return []ValType{I32}, nil
		}
	}
	return nil, fmt.Errorf("unknown type %v", t)
}

// lowerFunc derives the core signature of one witx function. Parameters
// lower in order. The one result, (expected T (error E)), becomes E as the
// core result, and T is written through a pointer appended to the
// parameters: one pointer per element if T is a tuple.
func (d *witxDoc) lowerFunc(f witxFunc) (Signature, error) {
	var sig Signature
	for _, p := range f.params {
		vs, err := d.lowerParam(p)
		if err != nil {
			return Signature{}, fmt.Errorf("%s: param: %w", f.name, err)
		}
		sig.Params = append(sig.Params, vs...)
	}
	if f.noreturn {
		if len(f.results) != 0 {
			return Signature{}, fmt.Errorf("%s: noreturn with results", f.name)
		}
		return sig, nil
	}
	if len(f.results) != 1 {
		return Signature{}, fmt.Errorf("%s: %d results, want one (expected ...)", f.name, len(f.results))
	}
	r, err := d.resolve(f.results[0])
	if err != nil {
		return Signature{}, fmt.Errorf("%s: result: %w", f.name, err)
	}
	if r.head() != "expected" || len(r.list) < 2 || len(r.list) > 3 {
		return Signature{}, fmt.Errorf("%s: result is not (expected [T] (error E)): %v", f.name, r)
	}
	errPart := r.list[len(r.list)-1]
	if errPart.head() != "error" || len(errPart.list) != 2 {
		return Signature{}, fmt.Errorf("%s: result has no (error E): %v", f.name, r)
	}
	errVals, err := d.lowerParam(errPart.list[1])
	if err != nil {
		return Signature{}, fmt.Errorf("%s: error type: %w", f.name, err)
	}
	if len(errVals) != 1 {
		return Signature{}, fmt.Errorf("%s: error type lowers to %d values", f.name, len(errVals))
	}
	sig.Results = errVals
	if len(r.list) == 3 {
		ok, err := d.resolve(r.list[1])
		if err != nil {
			return Signature{}, fmt.Errorf("%s: ok type: %w", f.name, err)
		}
		elems := []sexpr{ok}
		if ok.head() == "tuple" {
			elems = ok.list[1:]
		}
		for _, e := range elems {
			// Lowering checks the type is one we know; the value itself
			// is written to memory, so only its pointer is a parameter.
			if _, err := d.lowerParam(e); err != nil {
				return Signature{}, fmt.Errorf("%s: ok type: %w", f.name, err)
			}
			sig.Params = append(sig.Params, I32)
		}
	}
	return sig, nil
}

// deriveTable derives the signature of every function in d, by name.
func deriveTable(d *witxDoc) (map[string]Signature, error) {
	out := make(map[string]Signature, len(d.funcs))
	for _, f := range d.funcs {
		if _, dup := out[f.name]; dup {
			return nil, fmt.Errorf("function %s defined twice", f.name)
		}
		sig, err := d.lowerFunc(f)
		if err != nil {
			return nil, err
		}
		out[f.name] = sig
	}
	return out, nil
}
