package dict

import (
	"encoding/binary"
	"runtime"
	"testing"

	"github.com/subako-ai/subako-go/internal/wasmbuild"
	"github.com/subako-ai/subako-go/internal/wasmparse"
)

// bigModule is a module of one function whose body (its locals included)
// and data segment at 1024 may be any size (LEB128 lengths).
func bigModule(body, data []byte) []byte {
	b := []byte("\x00asm\x01\x00\x00\x00")
	b = append(b, wasmbuild.Section(1, []byte{1, 0x60, 0, 0})...)
	b = append(b, wasmbuild.Section(3, []byte{1, 0})...)
	b = append(b, wasmbuild.Section(5, []byte{1, 0, 1})...)
	code := binary.AppendUvarint([]byte{1}, uint64(len(body)))
	b = append(b, wasmbuild.Section(10, append(code, body...))...)
	seg := binary.AppendUvarint([]byte{1, 0, 0x41, 0x80, 0x08, 0x0b}, uint64(len(data)))
	b = append(b, wasmbuild.Section(11, append(seg, data...))...)
	return b
}

// distinctCompares is a body of n compares of distinct constants
// (i32.const N; i32.eq), each 3 apart so that N and its neighbours are
// all new values: 3n values for the dictionary's collector.
func distinctCompares(n int) []byte {
	body := make([]byte, 0, 7*n+2)
	body = append(body, 0x00)
	for i := range n {
		body = append(body, 0x41)
		v := int64(1<<28) + 3*int64(i)
		for {
			c := byte(v & 0x7f)
			v >>= 7
			if (v == 0 && c&0x40 == 0) || (v == -1 && c&0x40 != 0) {
				body = append(body, c)
				break
			}
			body = append(body, c|0x80)
		}
		body = append(body, 0x46)
	}
	return append(body, 0x0b)
}

// distinctRuns is data of n distinct printable runs of 4 bytes, each
// ended by a NUL.
func distinctRuns(n int) []byte {
	data := make([]byte, 0, 5*n)
	for i := range n {
		x := i
		for range 4 {
			data = append(data, byte('!'+x%94))
			x /= 94
		}
		data = append(data, 0)
	}
	return data
}

// TestDictionaryWorkingMemoryBounded (attack pass 40s): the collectors
// weighed every distinct value read before keeping the best 1,024
// numbers and 4,096 strings, so a module whose dead code is distinct
// compares and whose data is distinct short strings made a heap in
// proportion to the 32 MiB of code and 8 MiB of data read: 3.3 GB, in
// the linter's own process (at the 8 MiB and 2 MiB here, 1.3 GB
// allocated). They now weigh at most MaxTracked values each; past it a
// new value is not weighed. Here with MaxTracked at 16,384 the read
// allocates 254 MB in all, the walk's short-lived garbage (a number's
// text and its neighbours' for each of 1.2 million compares) with the
// two collectors' 32,768 entries, against 1.3 GB when every value was
// weighed.
func TestDictionaryWorkingMemoryBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 10 MiB of code and data")
	}
	const codeBytes, dataBytes = 8 << 20, 2 << 20
	wasm := bigModule(distinctCompares((codeBytes-64)/7), distinctRuns((dataBytes-64)/5))
	m := wasmparse.Parse(wasm)
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	d := FromModule(wasm, m, Options{MaxTracked: 1 << 14})
	runtime.ReadMemStats(&after)
	alloc := after.TotalAlloc - before.TotalAlloc
	t.Logf("module %d bytes: %d numbers, %d strings kept; %d MB allocated while it was read", len(wasm), len(d.Numbers), len(d.Strings), alloc>>20)
	if alloc > 512<<20 {
		t.Errorf("the dictionary of a %d-byte module allocated %d MB while it was read, weighing at most 16,384 values of each kind", len(wasm), alloc>>20)
	}
	if len(d.Numbers) != 1024 || len(d.Strings) != 4096 {
		t.Errorf("kept %d numbers and %d strings, want the full 1,024 and 4,096", len(d.Numbers), len(d.Strings))
	}
}
