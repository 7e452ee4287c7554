package dict

import (
	"os"
	"slices"
	"testing"

	"github.com/subako-ai/subako-go/internal/subjects"
	"github.com/subako-ai/subako-go/internal/wasmbuild"
	"github.com/subako-ai/subako-go/internal/wasmparse"
)

// handModule compares 5 with 42 and passes a pointer to "admin:" with its
// length 6; its data segment at 1024 holds "admin:rest", a NUL and a
// C string.
func handModule() []byte {
	body := []byte{0x00, 0x41, 0x05, 0x41, 0x2a, 0x46, 0x1a, 0x41, 0x80, 0x08, 0x41, 0x06, 0x1a, 0x1a,
		0x41, 0x8b, 0x08, 0x1a, 0x0b}
	data := []byte("admin:rest\x00C-string\x00\x01\x02plain text here")
	b := []byte("\x00asm\x01\x00\x00\x00")
	b = append(b, wasmbuild.Section(1, []byte{1, 0x60, 0, 0})...)
	b = append(b, wasmbuild.Section(3, []byte{1, 0})...)
	b = append(b, wasmbuild.Section(5, []byte{1, 0, 1})...)
	b = append(b, wasmbuild.Section(10, append([]byte{1, byte(len(body))}, body...))...)
	b = append(b, wasmbuild.Section(11, append([]byte{1, 0, 0x41, 0x80, 0x08, 0x0b, byte(len(data))}, data...))...)
	return b
}

func values(es []Entry) []string {
	var out []string
	for _, e := range es {
		out = append(out, e.Value)
	}
	return out
}

// TestHandModule: the compared constant and its neighbours, the string at
// a pointer with its length, the C string at a pointer, the data's
// printable runs; the constants not compared (5 is, 6 only as a length)
// are left out.
func TestHandModule(t *testing.T) {
	t.Parallel()
	b := handModule()
	m := wasmparse.Parse(b)
	if len(m.Problems) > 0 {
		t.Fatalf("the hand-made module is broken: %v", m.Problems)
	}
	d := FromModule(b, m, Options{})
	nums, strs := values(d.Numbers), values(d.Strings)
	for _, want := range []string{"42", "41", "43", "5"} {
		if !slices.Contains(nums, want) {
			t.Errorf("numbers %v lack %s", nums, want)
		}
	}
	if slices.Contains(nums, "1024") {
		t.Errorf("a pointer taken for a compared number: %v", nums)
	}
	for _, want := range []string{"admin:", "C-string", "admin:rest", "plain text here"} {
		if !slices.Contains(strs, want) {
			t.Errorf("strings %q lack %q", strs, want)
		}
	}
	if i, j := slices.Index(strs, "admin:"), slices.Index(strs, "plain text here"); i > j {
		t.Errorf("a string the code points at ranks after a data run: %q", strs)
	}
	small := FromModule(b, m, Options{MaxStrings: 2, MaxNumbers: 1})
	if len(small.Strings) != 2 || len(small.Numbers) != 1 {
		t.Errorf("bounds ignored: %v %v", small.Strings, small.Numbers)
	}
}

// TestBrokenModules: truncated and corrupted modules end the scan without
// a panic.
func TestBrokenModules(t *testing.T) {
	t.Parallel()
	b := handModule()
	for n := range len(b) {
		cut := b[:n]
		FromModule(cut, wasmparse.Parse(cut), Options{})
		bad := slices.Clone(b)
		bad[n] ^= 0xff
		FromModule(bad, wasmparse.Parse(bad), Options{})
	}
}

// TestSubjects: in the Go, C and Rust search subjects, the planted faults'
// values are in the dictionary near the top: "admin:" (which Go compiles
// into two integer compares, C passes to strncmp, Rust to a slice
// compare), 613 and 11.
func TestSubjects(t *testing.T) {
	for _, lang := range []subjects.Lang{subjects.Go, subjects.C, subjects.Rust} {
		t.Run(string(lang), func(t *testing.T) { searchSubjects(t, lang) })
	}
}

func searchSubjects(t *testing.T, lang subjects.Lang) {
	for v, want := range map[subjects.Variant][2]string{
		subjects.MagicString: {"admin:", ""},
		subjects.MidNumber:   {"", "613"},
		subjects.ExactLength: {"", "11"},
	} {
		b, err := os.ReadFile(subjects.Module(t, lang, v))
		if err != nil {
			t.Fatal(err)
		}
		d := FromModule(b, wasmparse.Parse(b), Options{})
		if s := want[0]; s != "" {
			if i := slices.Index(values(d.Strings), s); i < 0 || i > 200 {
				t.Errorf("%s: %q at %d of %d strings", v, s, i, len(d.Strings))
			}
		}
		if n := want[1]; n != "" {
			if i := slices.Index(values(d.Numbers), n); i < 0 || i > 400 {
				t.Errorf("%s: %s at %d of %d numbers", v, n, i, len(d.Numbers))
			}
		}
	}
}
