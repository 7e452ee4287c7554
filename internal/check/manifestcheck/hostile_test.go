package manifestcheck

import (
	"strconv"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/rules"
)

// TestManifestHostile: issue 8's manifests. A key written twice was read
// first-wins by one check and last-wins by another; invalid UTF-8 and lone
// surrogates passed; errors sat at the end of the file.
func TestManifestHostile(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, in  string
		rule      *rules.Rule
		line, col int
		message   string
	}{
		{"abi twice", `{"abi":1,"abi":2,"name":"hello","description":"x"}`, rules.ManifestDuplicateKey, 1, 10, `"abi" appears more than once`},
		{"name twice", "{\"abi\":1,\n\"name\":\"hello\",\n  \"name\":\"other\",\"description\":\"x\"}", rules.ManifestDuplicateKey, 3, 3, `"name"`},
		{"invalid UTF-8", "{\"abi\":1,\"name\":\"hello\",\n\"description\":\"caf\xe9\"}", rules.ManifestJSON, 2, 19, "UTF-8"},
		{"invalid UTF-8 in a key", "{\"abi\":1,\"\xff\":1,\"name\":\"hello\",\"description\":\"x\"}", rules.ManifestJSON, 1, 11, "UTF-8"},
		{"lone high surrogate", `{"abi":1,"name":"hello","description":"\ud800"}`, rules.ManifestJSON, 1, 40, "surrogate"},
		{"lone low surrogate", `{"abi":1,"name":"hello","description":"a\udc00"}`, rules.ManifestJSON, 1, 41, "surrogate"},
		{"stray byte", "{\"abi\":1,\n\"name\":\"hello\" x,\"description\":\"x\"}", rules.ManifestJSON, 2, 16, ""},
		{"trailing garbage", `{"abi":1,"name":"hello","description":"x"} {}`, rules.ManifestJSON, 1, 44, ""},
		{"deep nesting", `{"abi":1,"name":"hello","description":"x","x":` + strings.Repeat("[", 100000) + `}`, rules.ManifestJSON, 1, 0, "deep"},
	} {
		_, fs := Check([]byte(c.in))
		var got *rules.Finding
		for i := range fs {
			if fs[i].Rule == c.rule {
				got = &fs[i]
				break
			}
		}
		switch {
		case got == nil:
			t.Errorf("%s: %v, want %s", c.name, fs, c.rule.ID)
		case got.Line != c.line || (c.col != 0 && got.Column != c.col) || !strings.Contains(got.Message, c.message):
			t.Errorf("%s: %d:%d %q, want %d:%d containing %q", c.name, got.Line, got.Column, got.Message, c.line, c.col, c.message)
		}
	}
}

func unknownKeys(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"abi":1,"name":"hello","description":"x"`)
	for i := 0; i < n; i++ {
		b.WriteString(",\n\"k" + strconv.Itoa(i) + `":` + strconv.Itoa(i))
	}
	b.WriteString("}")
	return []byte(b.String())
}

// TestManyUnknownKeys: 20,000 unknown keys (once over 30 s of CPU) draw
// at most rules.MaxPerRule findings and a count of the rest, each at its
// own line.
func TestManyUnknownKeys(t *testing.T) {
	t.Parallel()
	m, fs := Check(unknownKeys(20000))
	if m == nil || len(fs) != rules.MaxPerRule+1 {
		t.Fatalf("%d findings", len(fs))
	}
	if fs[99].Line != 101 || !strings.Contains(fs[100].Message, "19900 more M006 findings") {
		t.Errorf("findings %v ... %v", fs[99], fs[100])
	}
}

// BenchmarkUnknownKeys checks a manifest of 5,000 and of 20,000 unknown
// keys: the time per byte stays the same, so checking is linear.
//
//	go test -run '^$' -bench UnknownKeys ./internal/check/manifestcheck
func BenchmarkUnknownKeys(b *testing.B) {
	for _, n := range []int{5000, 20000} {
		in := unknownKeys(n)
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			for b.Loop() {
				Check(in)
			}
		})
	}
}

// FuzzCheck feeds arbitrary bytes to the manifest check: it must not
// panic, every finding must sit inside the text, and a manifest it accepts
// must be one encoding/json reads the same way.
func FuzzCheck(f *testing.F) {
	for _, s := range []string{
		`{"abi": 1, "name": "hello", "description": "Says hello."}`,
		`{"abi":1,"abi":2}`, `[1]`, `{"abi": 1.0}`, "{\"a\":\"\xff\"}", `{"d":"\ud800"}`, `{"x":[[[{}]]]}`,
		"{\n  \"abi\": 1,\n  \"name\": \"hello\",\n}",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		m, fs := Check(b)
		lines := 1 + strings.Count(string(b), "\n")
		for _, f := range fs {
			if f.Rule == nil || f.Message == "" || f.Line < 1 || f.Line > lines || f.Column < 1 || f.Column > len(b)+1 {
				t.Fatalf("finding out of the text: %+v", f)
			}
		}
		if m != nil && (m.ABI.String() != "1" || m.Name == "" || m.Description == "") {
			t.Fatalf("accepted %q as %+v", b, m)
		}
	})
}
