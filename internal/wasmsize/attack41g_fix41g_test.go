package wasmsize

import (
	"encoding/binary"
	"runtime"
	"strconv"
	"testing"
)

// section41g encodes one section.
func section41g(id byte, payload []byte) []byte {
	return append(append([]byte{id}, binary.AppendUvarint(nil, uint64(len(payload)))...), payload...)
}

// shapes41g are modules of n entries of the shapes Analyze kept one record
// of each: empty code bodies (1 byte each: a body size of 0), passive empty
// data segments (2 bytes each), function names (3 bytes each: a two-byte
// index and an empty name).
func shapes41g(n int) map[string][]byte {
	head := []byte("\x00asm\x01\x00\x00\x00")
	code := binary.AppendUvarint(nil, uint64(n))
	code = append(code, make([]byte, n)...)
	data := binary.AppendUvarint(nil, uint64(n))
	for range n {
		data = append(data, 1, 0)
	}
	names := binary.AppendUvarint(nil, uint64(n))
	for i := range n {
		names = binary.AppendUvarint(names, uint64(i))
		names = append(names, 0)
	}
	sub := append(append([]byte{1}, binary.AppendUvarint(nil, uint64(len(names)))...), names...)
	name := append([]byte{4, 'n', 'a', 'm', 'e'}, sub...)
	return map[string][]byte{
		"empty code bodies":     append(append([]byte{}, head...), section41g(10, code)...),
		"passive data segments": append(append([]byte{}, head...), section41g(11, data)...),
		"function names":        append(append([]byte{}, head...), section41g(0, name)...),
		"named bodies":          append(append(append([]byte{}, head...), section41g(10, code)...), section41g(0, name)...),
	}
}

// TestAnalyzeRecordsPerEntry (attack pass 41g, row 1): Analyze kept a
// record for every code body (8 bytes for one byte of input), every data
// segment (24 for two) and every function name (a map entry for three)
// before keeping the --top largest: 40, 66 and 25 times the input (a 40 MB
// file of data segments took `subakogo size` 1.8 GB). Now it keeps running
// totals, the largest segments in a heap of --top and the names joined to
// the bodies as it walks both: its memory no longer grows with the
// entries, far under the 32 times its input TestAttack41a_DistinctCustomSections
// holds it to.
func TestAnalyzeRecordsPerEntry(t *testing.T) { // not parallel: measures the process's allocations
	const n = 4_000_000
	for name, b := range shapes41g(n) {
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		r, err := Analyze(b, 10)
		runtime.ReadMemStats(&after)
		alloc := after.TotalAlloc - before.TotalAlloc
		t.Logf("%-22s %9d bytes: %11d allocated (%.2f per input byte), err %v", name, len(b), alloc, float64(alloc)/float64(len(b)), err)
		if err != nil {
			t.Fatal(err)
		}
		if alloc > 1<<20 {
			t.Errorf("%s: Analyze allocated %d bytes for a %d-byte input: it keeps a record per entry", name, alloc, len(b))
		}
		switch name {
		case "passive data segments":
			if len(r.Data) != 10 || r.Data[0].Index != 0 || r.Data[9].Index != 9 {
				t.Errorf("data %v: want the first ten of equal size, in order", r.Data)
			}
		case "named bodies":
			if len(r.Packages) != 1 || r.Packages[0].Name != "(other)" || r.Named != 0 || r.Code != 0 {
				t.Errorf("packages %v, %d of %d code bytes named", r.Packages, r.Named, r.Code)
			}
		}
	}
}

// TestAnalyzeTopAndJoin: the heap keeps the largest segments, the earliest
// of equal ones first, across data sections; names join their bodies
// through imports, in increasing order only, and packages past
// MaxPackageRows share one row.
func TestAnalyzeTopAndJoin(t *testing.T) {
	head := []byte("\x00asm\x01\x00\x00\x00")
	seg := func(sizes ...int) []byte {
		p := binary.AppendUvarint(nil, uint64(len(sizes)))
		for _, s := range sizes {
			p = binary.AppendUvarint(append(p, 1), uint64(s))
			p = append(p, make([]byte, s)...)
		}
		return section41g(11, p)
	}
	b := append(append(append([]byte{}, head...), seg(3, 9, 1, 9)...), seg(4, 9, 12)...)
	r, err := Analyze(b, 3)
	if err != nil {
		t.Fatal(err)
	}
	want := []Segment{{Index: 2, Bytes: 12}, {Index: 1, Bytes: 9}, {Index: 3, Bytes: 9}}
	if len(r.Data) != 3 || r.DataSize != 47 {
		t.Fatalf("data %v (%d bytes)", r.Data, r.DataSize)
	}
	for i, w := range want {
		if r.Data[i].Index != w.Index || r.Data[i].Bytes != w.Bytes {
			t.Errorf("data %v, want %v first", r.Data, want)
			break
		}
	}
	if r.Data[1].Offset >= r.Data[2].Offset || r.Data[0].Offset <= r.Data[2].Offset {
		t.Errorf("offsets %v", r.Data)
	}

	// One imported function, then bodies of 1..k bytes named p1.f, p2.f,
	// ... in order; a name out of order is not joined.
	const k = MaxPackageRows + 10
	imp := section41g(2, []byte{1, 1, 'm', 1, 'f', 0, 0})
	code := binary.AppendUvarint(nil, k)
	for i := 1; i <= k; i++ {
		code = binary.AppendUvarint(code, uint64(i))
		code = append(code, make([]byte, i)...)
	}
	names := binary.AppendUvarint(nil, k+1)
	for i := 1; i <= k; i++ {
		names = binary.AppendUvarint(names, uint64(i))
		sym := []byte("p" + strconv.Itoa(i) + ".f")
		names = append(binary.AppendUvarint(names, uint64(len(sym))), sym...)
	}
	names = append(names, 1, 3, 'x', '.', 'f') // index 1 again: out of order
	sub := append(append([]byte{1}, binary.AppendUvarint(nil, uint64(len(names)))...), names...)
	b = append(append(append(append([]byte{}, head...), imp...), section41g(0, append([]byte{4, 'n', 'a', 'm', 'e'}, sub...))...), section41g(10, code)...)
	r, err = Analyze(b, 3)
	if err != nil {
		t.Fatal(err)
	}
	if r.Code != k*(k+1)/2 || r.Named != r.Code || len(r.Packages) != MaxPackageRows+1 {
		t.Fatalf("%d of %d code bytes named, %d packages", r.Named, r.Code, len(r.Packages))
	}
	sum := 0
	for _, p := range r.Packages {
		sum += p.Bytes
		if p.Name == "x" {
			t.Errorf("a name out of order was joined: %v", p)
		}
	}
	rest := r.Packages[0]
	if sum != r.Named || rest.Bytes != (k-MaxPackageRows)*(MaxPackageRows+1+k)/2 {
		t.Errorf("rows add up to %d of %d; largest %v", sum, r.Named, rest)
	}
}
