package wasmparse

import (
	"os"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/wasmbuild"
)

func command() []byte { return wasmbuild.Encode(wasmbuild.Command()) }

func problemsOf(m *Module) string {
	var s []string
	for _, p := range m.Problems {
		s = append(s, p.Section.String()+": "+p.Message)
	}
	return strings.Join(s, "\n")
}

func TestKinds(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in   string
		kind Kind
	}{
		{"", NotWasm}, {"\x00as", NotWasm}, {"(module)", NotWasm},
		{"\x00asm\x0d\x00\x01\x00", Component}, {"\x00asm\x0e\x00\x01\x00", Component},
		{"\x00asm\x02\x00\x00\x00", UnknownVersion}, {"\x00asm\x01\x00\x00\x00", CoreModule},
	} {
		if m := Parse([]byte(c.in)); m.Kind != c.kind {
			t.Errorf("%q: kind %d, want %d", c.in, m.Kind, c.kind)
		}
	}
}

// TestEveryTruncation cuts a real module at every byte: each prefix must be
// reported as malformed (never accepted, never a panic).
func TestEveryTruncation(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile("../../testdata/toolchain/free-default.wasm")
	if err != nil {
		t.Fatal(err)
	}
	whole := Parse(b)
	if len(whole.Problems) > 0 {
		t.Fatalf("the whole module: %s", problemsOf(whole))
	}
	// The format has no end marker: a cut between two sections can leave a
	// valid smaller module. Any other cut must be reported.
	boundary := map[int]bool{}
	for _, s := range whole.Sections {
		boundary[s.Offset] = true
	}
	for n := 8; n < len(b); n++ {
		m := Parse(b[:n])
		if len(m.Problems) == 0 && !boundary[n] {
			t.Errorf("prefix of %d bytes accepted", n)
		}
		for _, p := range m.Problems {
			if p.Offset > n {
				t.Fatalf("prefix %d: offset %d past the end", n, p.Offset)
			}
		}
	}
}

// TestHostileCounts: counts that claim far more than the input holds are
// refused before anything is allocated, and 2^32-1 locals cost one run. A
// count within its limit is "length out of bounds" (malformed); one past
// its limit is Exceeds whatever the bytes (TestCountPastLimitExceeds).
func TestHostileCounts(t *testing.T) {
	t.Parallel()
	huge := []byte{0xff, 0xff, 0xff, 0xff, 0x0f}
	within := []byte{0x0a} // 10 entries in no bytes: every limit allows 10
	for _, id := range []byte{1, 2, 3, 4, 5, 6, 7, 9, 10, 11} {
		m := Parse(wasmbuild.ReplaceSection(command(), id, huge))
		if !strings.Contains(problemsOf(m), "more than the limit") {
			t.Errorf("section %d with count 2^32-1: %s", id, problemsOf(m))
		}
		m = Parse(wasmbuild.ReplaceSection(command(), id, within))
		if !strings.Contains(problemsOf(m), "length out of bounds") {
			t.Errorf("section %d with count 10 and no entries: %s", id, problemsOf(m))
		}
	}
	// Two runs adding past 2^32 are "too many locals" (malformed, not a limit).
	code := []byte{1, 13, 2, 0xff, 0xff, 0xff, 0xff, 0x0f, 0x7f, 0x01, 0x7f, 0x0b}
	code[1] = byte(len(code) - 2)
	if p := problemsOf(Parse(wasmbuild.ReplaceSection(command(), 10, code))); !strings.Contains(p, "too many locals") {
		t.Errorf("2^32 locals: %q", p)
	}
}

func TestPaddedSectionSizes(t *testing.T) {
	t.Parallel()
	// Go writes every section size as a 5-byte LEB; rewrite the module that way.
	b := command()
	var out []byte
	out = append(out, b[:8]...)
	for pos := 8; pos < len(b); {
		id := b[pos]
		r := reader{b: b, pos: pos + 1}
		size := int(r.u32())
		out = append(out, id, byte(size)|0x80, byte(size>>7)|0x80, byte(size>>14)|0x80, byte(size>>21)|0x80, byte(size>>28))
		out = append(out, b[r.pos:r.pos+size]...)
		pos = r.pos + size
	}
	if m := Parse(out); len(m.Problems) > 0 || m.NumCodes != 1 {
		t.Fatalf("padded sizes: %s", problemsOf(m))
	}
}

func TestDataCount(t *testing.T) {
	t.Parallel()
	withCount := func(n byte) []byte { return wasmbuild.ReplaceSection(command(), 12, []byte{n}) }
	if p := problemsOf(Parse(withCount(1))); !strings.Contains(p, "inconsistent lengths") {
		t.Errorf("data count 1 without a data section: %q", p)
	}
	if m := Parse(withCount(0)); len(m.Problems) > 0 || !m.HasDataCount {
		t.Errorf("data count 0 without a data section: %s", problemsOf(m))
	}
	// memory.init without a data count section is malformed.
	code := []byte{1, 11, 0, 0x41, 0, 0x41, 0, 0x41, 0, 0xfc, 8, 0, 0, 0x0b}
	code[1] = byte(len(code) - 2)
	b := wasmbuild.ReplaceSection(command(), 10, code)
	b = wasmbuild.ReplaceSection(b, 11, []byte{1, 1, 0})
	if p := problemsOf(Parse(b)); !strings.Contains(p, "data count section required") {
		t.Errorf("memory.init without data count: %q", p)
	}
}

func TestOffsetsAndNames(t *testing.T) {
	t.Parallel()
	b := command()
	m := Parse(b)
	if len(m.Problems) > 0 {
		t.Fatal(problemsOf(m))
	}
	if m.FuncLabel(1) != "start" || m.FuncLabel(0) != "func[0]" {
		t.Errorf("labels %q %q", m.FuncLabel(1), m.FuncLabel(0))
	}
	for _, e := range m.Exports {
		if e.Offset <= 8 || e.Offset >= len(b) || int(b[e.Offset]) != len(e.Name) {
			t.Errorf("export %s at %d does not point at its name", e.Name, e.Offset)
		}
	}
	for _, s := range m.Sections {
		if b[s.Offset] != s.ID {
			t.Errorf("section %s at %d does not point at its id", s.Name, s.Offset)
		}
	}
}

func TestInvalidMessages(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		body []byte
		want string
	}{
		{[]byte{0x41, 0, 0x42, 0, 0x6a, 0x1a, 0x0b}, "i32.add expects i32, found i64"},
		{[]byte{0x6a, 0x0b}, "stack is empty"},
		{[]byte{0x20, 5, 0x1a, 0x0b}, "unknown local 5"},
		{[]byte{0x0c, 3, 0x0b}, "unknown label 3"},
		{[]byte{0x41, 0, 0x28, 3, 0, 0x1a, 0x0b}, "alignment must not be larger than natural"},
		{[]byte{0xd2, 0, 0x1a, 0x0b}, "undeclared function reference 0"},
		{[]byte{0xff, 0x0b}, "illegal opcode 0xff"},
		{[]byte{0x01}, "unexpected end"},
		{[]byte{0x0b, 0x01}, "operators remaining after end of function"},
	} {
		m := wasmbuild.Command()
		m.CodeSection[0].Body = c.body
		mod := Parse(wasmbuild.Encode(m))
		if len(mod.Problems) != 1 || !strings.Contains(mod.Problems[0].Message, c.want) || mod.Problems[0].Func != 1 {
			t.Errorf("body % x: %+v, want %q in function 1", c.body, mod.Problems, c.want)
		}
	}
}

// TestProblemItems: problems name their section by id and their entry.
func TestProblemItems(t *testing.T) {
	t.Parallel()
	m := wasmbuild.Command()
	m.ImportSection[0].DescFunc = 99
	got := Parse(wasmbuild.Encode(m)).Problems
	if len(got) == 0 || got[0].Section != SectionImport || got[0].Item != "import[0] wasi_snapshot_preview1.fd_write" {
		t.Errorf("bad import type: %+v", got)
	}
	m = wasmbuild.Command()
	m.CodeSection[0].Body = []byte{0x6a, 0x0b} // i32.add on an empty stack
	got = Parse(wasmbuild.Encode(m)).Problems
	if len(got) == 0 || got[0].Section != SectionCode || got[0].Item != "func[1] start" {
		t.Errorf("bad body: %+v", got)
	}
}
