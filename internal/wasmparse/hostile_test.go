package wasmparse

import (
	"runtime"
	"strings"
	"testing"

	"github.com/tetratelabs/wabin/leb128"
)

// The hostile inputs of issue 8, built here at a smaller scale: each is a
// repeated small pattern that once cost the reader 20 to 200 times its
// size in memory, or a panic per section.

func section(id byte, payload []byte) []byte {
	return append(append([]byte{id}, leb128.EncodeUint32(uint32(len(payload)))...), payload...)
}

func module(sections ...[]byte) []byte {
	out := []byte("\x00asm\x01\x00\x00\x00")
	for _, s := range sections {
		out = append(out, s...)
	}
	return out
}

// vector is a count followed by n copies of item.
func vector(n int, item []byte) []byte {
	out := leb128.EncodeUint32(uint32(n))
	for i := 0; i < n; i++ {
		out = append(out, item...)
	}
	return out
}

var emptyFuncType = section(1, []byte{1, 0x60, 0, 0})

// oneFunction is a module with one function of type () -> () and the body.
func oneFunction(body []byte) []byte {
	code := append(leb128.EncodeUint32(uint32(len(body))), body...)
	return module(emptyFuncType, section(3, []byte{1, 0}), section(10, append([]byte{1}, code...)))
}

// memoryImports is n imports of a memory, each five bytes.
func memoryImports(n int) []byte { return module(section(2, vector(n, []byte{0, 0, 2, 0, 0}))) }

// unclosedBlocks is one function opening n blocks and closing none.
func unclosedBlocks(n int) []byte {
	return oneFunction(append([]byte{0}, []byte(strings.Repeat("\x02\x40", n))...))
}

// emptyCustoms is n custom sections with an empty name and no payload.
func emptyCustoms(n int) []byte { return module([]byte(strings.Repeat("\x00\x01\x00", n))) }

// zeroPayloadSections is n custom sections of size 0: not even a name.
func zeroPayloadSections(n int) []byte { return module([]byte(strings.Repeat("\x00\x00", n))) }

// brokenBodies is n functions whose bodies lack their final end.
func brokenBodies(n int) []byte {
	return module(emptyFuncType, section(3, vector(n, []byte{0})), section(10, vector(n, []byte{1, 0})))
}

// funcImports is n imports of a function of type 0 with empty names, four bytes each.
func funcImports(n int) []byte {
	return module(emptyFuncType, section(2, vector(n, []byte{0, 0, 0, 0})))
}

// globalImports is n imports of an i32 global with empty names, five bytes each.
func globalImports(n int) []byte { return module(section(2, vector(n, []byte{0, 0, 3, 0x7f, 0}))) }

// emptyFuncTypes is n function types () -> (), three bytes each.
func emptyFuncTypes(n int) []byte { return module(section(1, vector(n, []byte{0x60, 0, 0}))) }

// oneParamFuncTypes is n function types (i32) -> (), four bytes each.
func oneParamFuncTypes(n int) []byte {
	return module(section(1, vector(n, []byte{0x60, 1, 0x7f, 0})))
}

// passiveDatas is n passive data segments of no bytes, two bytes each.
func passiveDatas(n int) []byte { return module(section(11, vector(n, []byte{1, 0}))) }

// passiveElems is n passive element segments of no functions, three bytes each.
func passiveElems(n int) []byte { return module(section(9, vector(n, []byte{1, 0, 0}))) }

// misplacedSections is n copies of a type section: all but one duplicates.
func misplacedSections(n int) []byte {
	return module([]byte(strings.Repeat("\x01\x01\x00", n)))
}

var hostile = []struct {
	name  string
	build func(n int) []byte
	n     int    // at this count, the input is about 1 MB
	want  string // in the problems
	keep  int    // at most this many times the input is kept
}{
	{"memory imports", memoryImports, 200000, "200000 imports, more than the limit of 100000", 10},
	// An import is kept in 32 bytes (its names in one shared string), and
	// its place in the function or global index space.
	{"function imports under the limit", funcImports, 100000, "", 10},
	{"global imports under the limit", globalImports, 100000, "", 10},
	// A type entry is 12 bytes; its value types sit in one array.
	{"empty function types under the limit", emptyFuncTypes, 330000, "", 10},
	{"one-parameter function types under the limit", oneParamFuncTypes, 250000, "", 10},
	// Data segments are checked as they are read and only counted.
	{"empty data segments under the limit", passiveDatas, 100000, "", 10},
	{"empty element segments under the limit", passiveElems, 100000, "", 10},
	{"unclosed blocks", unclosedBlocks, 500000, "10001 nested blocks in one function, more than the limit of 10000", 10},
	{"empty custom sections", emptyCustoms, 330000, "", 10},
	{"zero-payload sections", zeroPayloadSections, 500000, "unexpected end", 10},
	{"broken function bodies", brokenBodies, 300000, "unexpected end", 10},
	{"duplicate sections", misplacedSections, 330000, "duplicate type section", 10},
}

// TestHostileMemory: the memory the reader keeps (what is live after a
// collection, the module included) is at most 10 times the input, and what
// it allocates in all, garbage included, at most 32 times.
func TestHostileMemory(t *testing.T) { // not parallel: measures the process's memory
	for _, h := range hostile {
		t.Run(h.name, func(t *testing.T) {
			b := h.build(h.n)
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			m := Parse(b)
			runtime.ReadMemStats(&after)
			total := after.TotalAlloc - before.TotalAlloc
			runtime.GC()
			runtime.ReadMemStats(&after)
			live := int64(after.HeapAlloc) - int64(before.HeapAlloc)
			got := problemsOf(m)
			if h.want == "" && got != "" || !strings.Contains(got, h.want) {
				t.Errorf("problems %q, want %q", got, h.want)
			}
			t.Logf("%d bytes: keeps %.1fx, allocates %.1fx; %d problems (%d repeats folded), %d sections kept, %d more",
				len(b), float64(live)/float64(len(b)), float64(total)/float64(len(b)), len(m.Problems), repeats(m), len(m.Sections), m.MoreSections)
			if live > int64(h.keep)*int64(len(b)) {
				t.Errorf("keeps %d bytes for a %d-byte input", live, len(b))
			}
			if total > 32*uint64(len(b)) {
				t.Errorf("allocates %d bytes for a %d-byte input", total, len(b))
			}
			runtime.KeepAlive(m)
			runtime.KeepAlive(b)
		})
	}
}

func repeats(m *Module) int {
	n := 0
	for _, p := range m.Problems {
		n += p.Repeats
	}
	return n
}

// TestProblemsFold: a problem repeated at many offsets is stored once, with
// the count of its repeats, and nothing is stored past maxProblems.
func TestProblemsFold(t *testing.T) {
	t.Parallel()
	m := Parse(zeroPayloadSections(5000))
	if len(m.Problems) != 1 || m.Problems[0].Repeats != 4999 || m.Problems[0].Offset != 10 {
		t.Fatalf("5000 zero-payload sections: %+v", m.Problems)
	}
	m = Parse(emptyCustoms(5000))
	if len(m.Customs) != maxSections || len(m.Sections) != maxSections+13 || m.MoreSections != 5000-len(m.Sections) {
		t.Errorf("%d sections and %d customs kept, %d more", len(m.Sections), len(m.Customs), m.MoreSections)
	}
	// Distinct problems: section ids 14 to 255, each repeated.
	var b []byte
	for i := 0; i < 10; i++ {
		for id := 14; id < 256; id++ {
			b = append(b, byte(id), 0)
		}
	}
	m = Parse(module(b))
	if len(m.Problems) != 242 || m.Problems[0].Repeats != 9 {
		t.Errorf("242 bad section ids, 10 times each: %d problems, first %+v", len(m.Problems), m.Problems[0])
	}
}

// BenchmarkHostile parses each hostile input at two sizes, the second four
// times the first: time per byte (MB/s) stays the same, so time is linear.
//
//	go test -run '^$' -bench Hostile -benchmem ./internal/wasmparse
func BenchmarkHostile(b *testing.B) {
	for _, h := range hostile {
		for _, scale := range []int{1, 4} {
			n := h.n * scale / 4
			b.Run(h.name+"/"+itoa(int64(n)), func(b *testing.B) {
				in := h.build(n)
				b.SetBytes(int64(len(in)))
				b.ReportAllocs()
				for b.Loop() {
					Parse(in)
				}
			})
		}
	}
}
