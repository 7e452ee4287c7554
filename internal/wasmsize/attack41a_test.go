package wasmsize

import (
	"fmt"
	"runtime"
	"testing"
)

// distinctCustomsAttack41a is a module header followed by n custom
// sections of seven bytes each, every one with its own four-byte name and no
// payload.
func distinctCustomsAttack41a(n int) []byte {
	b := []byte("\x00asm\x01\x00\x00\x00")
	for i := range n {
		b = append(b, 0, 5, 4, byte(0x21+i%90), byte(0x21+i/90%90), byte(0x21+i/8100%90), byte(0x21+i/729000%90))
	}
	return b
}

// TestAttack41a_DistinctCustomSections (attack pass 41a, row 3): Analyze
// kept a row for every distinct custom section name, so a file of n
// seven-byte custom sections allocated 36 times its size and `subakogo size`
// printed n lines (2,000,000 sections of 14 MB: 680 MB resident; a module
// may be 1 GiB). Now the first MaxCustomRows names have rows and the rest
// share one counted row, and Analyze stays within 32 times its input, as
// wasmparse's reader of the same bytes does (TestHostileMemory).
func TestAttack41a_DistinctCustomSections(t *testing.T) { // not parallel: measures the process's allocations
	const n = 1_000_000
	b := distinctCustomsAttack41a(n)
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	r, err := Analyze(b, 10)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	alloc := after.TotalAlloc - before.TotalAlloc
	t.Logf("%d bytes: %d sections listed, %d bytes allocated (%.1f per input byte)", len(b), len(r.Sections), alloc, float64(alloc)/float64(len(b)))
	if len(r.Sections) != MaxCustomRows+1 {
		t.Errorf("%d sections listed from a %d-byte input, want %d named and one for the rest", len(r.Sections), len(b), MaxCustomRows)
	}
	if alloc > 32*uint64(len(b)) {
		t.Errorf("Analyze allocated %d bytes for a %d-byte input, more than 32 times it", alloc, len(b))
	}
	rest := fmt.Sprintf("custom (%d more sections past %d names)", n-MaxCustomRows, MaxCustomRows)
	total := 0
	for _, s := range r.Sections {
		total += s.Bytes
		if s.Name == rest && s.Bytes != 7*(n-MaxCustomRows) {
			t.Errorf("%s: %d bytes, want %d", rest, s.Bytes, 7*(n-MaxCustomRows))
		}
	}
	if total != len(b)-8 {
		t.Errorf("the rows add up to %d bytes, the sections are %d", total, len(b)-8)
	}
	if r.Sections[0].Name != rest {
		t.Errorf("largest row %q, want %q", r.Sections[0].Name, rest)
	}
}
