package analyzer

import (
	"bytes"
	"flag"
	"go/ast"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var updateDocs = flag.Bool("update-docs", false, "rewrite docs/markers.md")

//go:generate go test -run TestMarkersReferenceCurrent -update-docs

// TestMarkersReferenceCurrent fails when docs/markers.md no longer matches
// the marker table: run go generate ./analyzer.
func TestMarkersReferenceCurrent(t *testing.T) {
	var b bytes.Buffer
	if err := writeMarkersMarkdown(&b); err != nil {
		t.Fatal(err)
	}
	const path = "../docs/markers.md"
	if *updateDocs {
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	committed, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go generate ./analyzer)", err)
	}
	if !bytes.Equal(committed, b.Bytes()) {
		t.Fatal("docs/markers.md is stale: run go generate ./analyzer")
	}
	for _, s := range markerSpecs {
		if !bytes.Contains(committed, []byte("### "+s.Name+"\n")) || s.Example == "" || s.Doc == "" || s.AppliesTo == "" {
			t.Errorf("%s is not documented", s.Name)
		}
		if s.Place == placeField && (s.Target == targetDecl || s.Target != targetField && s.apply == nil) {
			t.Errorf("%s: a field marker without a target or an apply function", s.Name)
		}
		if !strings.HasPrefix(s.Example, prefix+s.Name) {
			t.Errorf("%s: example %q", s.Name, s.Example)
		}
	}
}

// Every example in the table is a marker that parses and whose value has
// the form its spec takes.
func TestMarkerExamples(t *testing.T) {
	for _, s := range markerSpecs {
		d := parseDirective(&ast.Comment{Text: s.Example})
		if d == nil || d.name != s.Name || d.junk != "" {
			t.Errorf("%s: example %q does not parse", s.Name, s.Example)
			continue
		}
		if s.Place == placeField {
			if v, ok := fixValue(s, d.hasValue, d.value); !ok || v != d.value {
				t.Errorf("%s: example %q: value %q is not of its form (%q, %v)", s.Name, s.Example, d.value, v, ok)
			}
		}
	}
}

func TestSplitList(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
		bad  bool
	}{
		{in: "a", want: []string{"a"}},
		{in: "a;b; c ", want: []string{"a", "b", "c"}},
		{in: `"a,b";"c;d";e`, want: []string{"a,b", "c;d", "e"}},
		{in: `" padded ";x`, want: []string{" padded ", "x"}},
		{in: "a;;b", bad: true},
		{in: "a;", bad: true},
		{in: `"a;b`, bad: true},
		{in: `"a"b`, bad: true},
	} {
		got, why := splitList(c.in)
		if c.bad != (why != "") || !c.bad && !slices.Equal(got, c.want) {
			t.Errorf("splitList(%q) = %q, %q", c.in, got, why)
		}
	}
	for in, want := range map[string]string{"a,b": "a;b", "a, b,c": "a;b;c", "a|b": "a;b", "a;b,c": "", "a,,b": "", `"a,b"`: "", "ab": ""} {
		if got, ok := wrongSeparator(in); got != want || ok != (want != "") {
			t.Errorf("wrongSeparator(%q) = %q, %v", in, got, ok)
		}
	}
}

// Each fix's output is a right marker: every //subako: directive a fix
// wrote in the golden files of the tests that apply fixes has a known name
// and a value of the form its marker takes.
func TestFixedMarkersAreRight(t *testing.T) {
	goldens, _ := filepath.Glob("testdata/*/*.golden")
	if len(goldens) == 0 {
		t.Fatal("no golden files")
	}
	n := 0
	for _, g := range goldens {
		b, err := os.ReadFile(g)
		if err != nil {
			t.Fatal(err)
		}
		src, err := os.ReadFile(strings.TrimSuffix(g, ".golden"))
		if err != nil {
			t.Fatal(err)
		}
		before := strings.Split(string(src), "\n")
		for i, line := range strings.Split(string(b), "\n") {
			if i < len(before) && before[i] == line {
				continue // not changed by a fix
			}
			text := strings.TrimSpace(line)
			if j := strings.Index(text, " // want"); j >= 0 {
				text = text[:j]
			}
			d := parseDirective(&ast.Comment{Text: text})
			if d == nil || d.name == "ignore" {
				continue
			}
			n++
			spec := markerByName[d.name]
			if spec == nil {
				t.Errorf("%s:%d: unknown marker in fixed output: %s", g, i+1, text)
				continue
			}
			if spec.Place == placeField {
				if v, ok := fixValue(spec, d.hasValue, d.value); !ok || v != d.value || d.junk != "" {
					t.Errorf("%s:%d: fixed output %s is not a right //subako:%s", g, i+1, text, d.name)
				}
			}
		}
	}
	if n < 8 {
		t.Errorf("only %d markers written by fixes", n)
	}
}

func TestDropGoName(t *testing.T) {
	for _, c := range []struct{ in, name, want string }{
		{"greet greets someone by name.", "greet", "Greets someone by name."},
		{"GreetInput is greet's arguments.", "GreetInput", "Greet's arguments."},
		{"Tags are labels.", "Tags", "Labels."},
		{"Package hello says hello.", "Package hello", "Says hello."},
		{"Package main is a chart maker.", "Package main", "A chart maker."},
		{"Greet greets someone.", "Greet", "Greets someone."},
		{"Greet someone by name.", "Greet", "Greet someone by name."},        // a sentence, not a Go name
		{"Greet someone by name.", "greet", "Greet someone by name."},        // the case differs
		{"Report holds the weather.", "Report", "Report holds the weather."}, // exported, another verb
		{"place is what the API found.", "place", "What the API found."},
		{"Status is HTTP's status.", "Status", "Status is HTTP's status."}, // HTTP stays upper case
		{"greet", "greet", "greet"},
	} {
		if got := dropGoName(c.in, c.name); got != c.want {
			t.Errorf("dropGoName(%q, %q) = %q, want %q", c.in, c.name, got, c.want)
		}
	}
	g := &ast.CommentGroup{List: []*ast.Comment{
		{Text: "// fetch fetches a page."}, {Text: "//"},
		{Text: "// Deprecated: use read."}, {Text: "//"},
		{Text: "// It follows redirects."}, {Text: "//"},
		{Text: "//subako:function"}, {Text: "//go:noinline"},
	}}
	if got, want := docText(g, "fetch"), "Fetches a page.\n\nIt follows redirects."; got != want {
		t.Errorf("docText = %q, want %q", got, want)
	}
}
