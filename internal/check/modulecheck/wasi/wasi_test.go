package wasi

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

const witxPath = "testdata/wasi_snapshot_preview1.witx"

// diffTables lists every way table differs from derived, sorted, so a
// failure names each wrong entry at once.
func diffTables(derived, table map[string]Signature) []string {
	var diffs []string
	for name, want := range derived {
		got, ok := table[name]
		switch {
		case !ok:
			diffs = append(diffs, name+": missing from Preview1, witx says "+want.String())
		case !got.Equal(want):
			diffs = append(diffs, name+": Preview1 has "+got.String()+", witx says "+want.String())
		}
	}
	for name, got := range table {
		if _, ok := derived[name]; !ok {
			diffs = append(diffs, name+": in Preview1 as "+got.String()+" but not in the witx")
		}
	}
	sort.Strings(diffs)
	return diffs
}

func deriveFromWitx(t *testing.T) (*witxDoc, map[string]Signature) {
	t.Helper()
	doc, err := loadWitx(witxPath)
	if err != nil {
		t.Fatal(err)
	}
	derived, err := deriveTable(doc)
	if err != nil {
		t.Fatal(err)
	}
	return doc, derived
}

// TestPreview1MatchesWitx is the reason the hand-written table can be
// trusted: every signature is derived again from the official witx and must
// match exactly.
func TestPreview1MatchesWitx(t *testing.T) {
	t.Parallel()
	doc, derived := deriveFromWitx(t)
	if doc.module != Module {
		t.Errorf("witx module is %q, Module is %q", doc.module, Module)
	}
	if len(derived) != 46 {
		t.Errorf("witx has %d functions, want 46", len(derived))
	}
	if len(Preview1) != 46 {
		t.Errorf("Preview1 has %d functions, want 46", len(Preview1))
	}
	for _, d := range diffTables(derived, Preview1) {
		t.Error(d)
	}
}

// TestDiffTablesCatchesMistakes keeps the comparison honest: a table with a
// wrong, missing or extra entry must be reported, or the test above could
// pass without checking anything.
func TestDiffTablesCatchesMistakes(t *testing.T) {
	t.Parallel()
	_, derived := deriveFromWitx(t)
	clone := func() map[string]Signature {
		m := make(map[string]Signature, len(Preview1))
		for k, v := range Preview1 {
			m[k] = Signature{Params: slices.Clone(v.Params), Results: slices.Clone(v.Results)}
		}
		return m
	}
	if d := diffTables(derived, clone()); len(d) != 0 {
		t.Fatalf("unmodified table differs: %v", d)
	}

	cases := map[string]func(m map[string]Signature){
		"param type": func(m map[string]Signature) { m["fd_seek"].Params[1] = I32 },
		"param count": func(m map[string]Signature) {
			s := m["fd_write"]
			s.Params = s.Params[:3]
			m["fd_write"] = s
		},
		"result added": func(m map[string]Signature) {
			s := m["proc_exit"]
			s.Results = []ValType{I32}
			m["proc_exit"] = s
		},
		"missing": func(m map[string]Signature) { delete(m, "sock_shutdown") },
		"extra": func(m map[string]Signature) {
			m["fd_dup"] = Signature{Params: []ValType{I32, I32}, Results: []ValType{I32}}
		},
	}
	for name, mutate := range cases {
		m := clone()
		mutate(m)
		if d := diffTables(derived, m); len(d) != 1 {
			t.Errorf("%s: got %d differences %v, want 1", name, len(d), d)
		}
	}
}

// TestAnchors pins signatures that wasi-libc, Rust's std, Go's runtime and
// wazero all agree on, written out independently of both the table and the
// derivation, so a mistake shared by the two would still show.
func TestAnchors(t *testing.T) {
	t.Parallel()
	_, derived := deriveFromWitx(t)
	anchors := map[string]string{
		"args_sizes_get":          "(i32, i32) -> i32",
		"clock_time_get":          "(i32, i64, i32) -> i32",
		"fd_advise":               "(i32, i64, i64, i32) -> i32",
		"fd_allocate":             "(i32, i64, i64) -> i32",
		"fd_fdstat_set_rights":    "(i32, i64, i64) -> i32",
		"fd_filestat_set_times":   "(i32, i64, i64, i32) -> i32",
		"fd_pread":                "(i32, i32, i32, i64, i32) -> i32",
		"fd_readdir":              "(i32, i32, i32, i64, i32) -> i32",
		"fd_seek":                 "(i32, i64, i32, i32) -> i32",
		"fd_write":                "(i32, i32, i32, i32) -> i32",
		"path_filestat_set_times": "(i32, i32, i32, i32, i64, i64, i32) -> i32",
		"path_open":               "(i32, i32, i32, i32, i32, i64, i64, i32, i32) -> i32",
		"path_symlink":            "(i32, i32, i32, i32, i32) -> i32",
		"poll_oneoff":             "(i32, i32, i32, i32) -> i32",
		"proc_exit":               "(i32) -> ()",
		"random_get":              "(i32, i32) -> i32",
		"sched_yield":             "() -> i32",
		"sock_accept":             "(i32, i32, i32) -> i32",
		"sock_recv":               "(i32, i32, i32, i32, i32, i32) -> i32",
		"sock_send":               "(i32, i32, i32, i32, i32) -> i32",
		"sock_shutdown":           "(i32, i32) -> i32",
	}
	for name, want := range anchors {
		if got := Preview1[name].String(); got != want {
			t.Errorf("Preview1[%s] = %s, want %s", name, got, want)
		}
		if got := derived[name].String(); got != want {
			t.Errorf("derived %s = %s, want %s", name, got, want)
		}
	}
}

func TestSignatureString(t *testing.T) {
	t.Parallel()
	tests := []struct {
		sig  Signature
		want string
	}{
		{Signature{}, "() -> ()"},
		{Signature{Params: []ValType{I32}}, "(i32) -> ()"},
		{Signature{Results: []ValType{I32}}, "() -> i32"},
		{Signature{Params: []ValType{I32, I64, I32}, Results: []ValType{I32}}, "(i32, i64, i32) -> i32"},
		{Signature{Params: []ValType{F32, F64}, Results: []ValType{I64, F32}}, "(f32, f64) -> (i64, f32)"},
		{Signature{Params: []ValType{0x40}}, "(0x40) -> ()"},
	}
	for _, tt := range tests {
		if got := tt.sig.String(); got != tt.want {
			t.Errorf("String() = %q, want %q", got, tt.want)
		}
	}
}

func TestSignatureEqual(t *testing.T) {
	t.Parallel()
	a := Signature{Params: []ValType{I32, I64}, Results: []ValType{I32}}
	if !a.Equal(Signature{Params: []ValType{I32, I64}, Results: []ValType{I32}}) {
		t.Error("equal signatures differ")
	}
	// nil and empty are the same core type.
	if !(Signature{Params: nil}).Equal(Signature{Params: []ValType{}}) {
		t.Error("nil and empty params differ")
	}
	for _, b := range []Signature{
		{Params: []ValType{I64, I32}, Results: []ValType{I32}},
		{Params: []ValType{I32, I64}},
		{Params: []ValType{I32}, Results: []ValType{I32}},
		{Params: []ValType{I32, I64}, Results: []ValType{I64}},
	} {
		if a.Equal(b) {
			t.Errorf("%v equals %v", a, b)
		}
	}
}

// TestPreview1SortedInSource keeps the table in name order in wasi.go, so a
// reader can find an entry and a duplicate key cannot hide.
func TestPreview1SortedInSource(t *testing.T) {
	t.Parallel()
	f, err := parser.ParseFile(token.NewFileSet(), "wasi.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	ast.Inspect(f, func(n ast.Node) bool {
		vs, ok := n.(*ast.ValueSpec)
		if !ok || len(vs.Names) != 1 || vs.Names[0].Name != "Preview1" {
			return true
		}
		for _, elt := range vs.Values[0].(*ast.CompositeLit).Elts {
			key, err := strconv.Unquote(elt.(*ast.KeyValueExpr).Key.(*ast.BasicLit).Value)
			if err != nil {
				t.Fatal(err)
			}
			keys = append(keys, key)
		}
		return false
	})
	if len(keys) != len(Preview1) {
		t.Fatalf("found %d keys in wasi.go, Preview1 has %d", len(keys), len(Preview1))
	}
	if !sort.StringsAreSorted(keys) {
		t.Errorf("Preview1 is not sorted by name in wasi.go: %s", strings.Join(keys, ", "))
	}
}

func TestParseSexprs(t *testing.T) {
	t.Parallel()
	got, err := parseSexprs(`;; line comment
(a "b c" (; block (; nested ;) ;) ($d (e)))
;;; doc comment
f`)
	if err != nil {
		t.Fatal(err)
	}
	var parts []string
	for _, e := range got {
		parts = append(parts, e.String())
	}
	if want := `(a "b c" ($d (e))) f`; strings.Join(parts, " ") != want {
		t.Errorf("got %s, want %s", strings.Join(parts, " "), want)
	}
	for _, bad := range []string{"(a", "a)", `("a)`, "(; a"} {
		if _, err := parseSexprs(bad); err == nil {
			t.Errorf("parseSexprs(%q) succeeded", bad)
		}
	}
}

// TestLowerRejectsUnknown makes sure the derivation refuses what it does not
// understand instead of guessing a signature.
func TestLowerRejectsUnknown(t *testing.T) {
	t.Parallel()
	for _, src := range []string{
		`(typename $t (enum $a))`, // enum without a tag
		`(typename $t (flags (@witx repr string) $a))`,
		`(typename $t u128)`,
		`(typename $t $missing)`,
		`(typename $t $t)`,
	} {
		forms, err := parseSexprs(src)
		if err != nil {
			t.Fatal(err)
		}
		d := &witxDoc{types: map[string]sexpr{}}
		if err := d.topLevel("x.witx", forms[0], map[string]bool{}); err != nil {
			t.Fatal(err)
		}
		if vs, err := d.lowerParam(sexpr{atom: "$t"}); err == nil {
			t.Errorf("%s lowered to %v", src, vs)
		}
	}
}
