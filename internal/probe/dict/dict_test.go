package dict

import (
	"encoding/binary"
	"os"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf16"

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
	return module(body, data)
}

// module is a module of one function with body (its locals included) and
// a memory with data at 1024.
func module(body, data []byte) []byte {
	b := []byte("\x00asm\x01\x00\x00\x00")
	b = append(b, wasmbuild.Section(1, []byte{1, 0x60, 0, 0})...)
	b = append(b, wasmbuild.Section(3, []byte{1, 0})...)
	b = append(b, wasmbuild.Section(5, []byte{1, 0, 1})...)
	b = append(b, wasmbuild.Section(10, append([]byte{1, byte(len(body))}, body...))...)
	b = append(b, wasmbuild.Section(11, append([]byte{1, 0, 0x41, 0x80, 0x08, 0x0b, byte(len(data))}, data...))...)
	return b
}

// utf16LE is s in UTF-16LE.
func utf16LE(s string) []byte {
	var b []byte
	for _, u := range utf16.Encode([]rune(s)) {
		b = binary.LittleEndian.AppendUint16(b, u)
	}
	return b
}

// TestUTF16: AssemblyScript's strings are UTF-16LE after a header ending
// in their byte length, and its code holds a pointer to the text: the
// string at the pointer is found as one the code points at, a UTF-16 run
// the code does not point at as data, and ASCII data is not read a second
// time as UTF-16 noise (its byte pairs are CJK characters).
func TestUTF16(t *testing.T) {
	t.Parallel()
	body := []byte{0x00, 0x41, 0x84, 0x08, 0x1a, 0x0b} // i32.const 1028; drop
	data := binary.LittleEndian.AppendUint32(nil, 12)
	data = append(data, utf16LE("admin:")...)
	data = append(data, 0, 0)
	data = append(data, utf16LE("hello there ✓ 𝄞")...)
	data = append(data, "\x00\x00plain ascii text\x00"...)
	b := module(body, data)
	m := wasmparse.Parse(b)
	if len(m.Problems) > 0 {
		t.Fatalf("the hand-made module is broken: %v", m.Problems)
	}
	d := FromModule(b, m, Options{})
	want := map[string]Source{"admin:": Pointed, "hello there ✓ 𝄞": Data, "plain ascii text": Data}
	for _, e := range d.Strings {
		if src, ok := want[e.Value]; ok && e.Source == src {
			delete(want, e.Value)
		}
		if strings.ContainsFunc(e.Value, func(r rune) bool { return unicode.Is(unicode.Han, r) }) {
			t.Errorf("noise read as UTF-16: %q", e.Value)
		}
	}
	if len(want) > 0 {
		t.Errorf("strings %q lack %v", values(d.Strings), want)
	}
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

// TestSubjects: in the search subjects of every language, the planted faults'
// values are in the dictionary near the top: "admin:" (which Go compiles
// into two integer compares, C passes to strncmp, Rust to a slice
// compare, AssemblyScript holds in UTF-16 at a pointer), 613 and 11.
func TestSubjects(t *testing.T) {
	for _, lang := range subjects.SearchLangs {
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

// TestGoStringPointer: Go stores a string's pointer and its length to the
// stack with an offset constant between them; the length two constants
// after the pointer still names the string.
func TestGoStringPointer(t *testing.T) {
	t.Parallel()
	// i32.const 1024; i32.const 16; i32.const 6; drop ×3
	body := []byte{0x00, 0x41, 0x80, 0x08, 0x41, 0x10, 0x41, 0x06, 0x1a, 0x1a, 0x1a, 0x0b}
	wasm := module(body, []byte("admin:rest\x00"))
	d := FromModule(wasm, wasmparse.Parse(wasm), Options{})
	i := slices.IndexFunc(d.Strings, func(e Entry) bool { return e.Value == "admin:" })
	if i < 0 || d.Strings[i].Source != Compared {
		t.Fatalf("no compared \"admin:\" in %+v", d.Strings)
	}
}

// TestIn: the values the fresh functions hold, those of the function
// holding the fewest first, at most n; nothing of the others.
func TestIn(t *testing.T) {
	t.Parallel()
	d := &Dict{
		Numbers: []Entry{
			{Value: "1000", Funcs: []int{3}}, {Value: "10", Funcs: []int{3}}, {Value: "7", Funcs: []int{3}},
			{Value: "347", Funcs: []int{5}}, {Value: "346", Funcs: []int{5}},
			{Value: "271", Funcs: []int{3, 6}}, {Value: "9", Funcs: []int{8}},
		},
		Strings: []Entry{{Value: "long", Funcs: []int{3}}, {Value: "open-sesame!", Funcs: []int{5}}, {Value: "data"}},
	}
	fresh := func(fn int) bool { return fn == 3 || fn == 5 || fn == 6 }
	got := d.In(fresh, 4)
	nums := make([]string, 0, len(got.Numbers))
	for _, n := range got.Numbers {
		nums = append(nums, string(n))
	}
	// Function 6 holds one value, 5 three (two numbers and a string), 3 five.
	if want := []string{"271", "347", "346", "1000"}; !slices.Equal(nums, want) {
		t.Errorf("numbers %v, want %v", nums, want)
	}
	if want := []string{"open-sesame!", "long"}; !slices.Equal(got.Strings, want) {
		t.Errorf("strings %v, want %v", got.Strings, want)
	}
}
