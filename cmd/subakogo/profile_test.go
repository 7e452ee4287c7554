package main

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/gowasm"
)

// TestCallProfile: call --profile on examples/chart writes a pprof
// profile (read back here field by field) whose functions by time, below
// the runtime's entry, are the chart's own.
func TestCallProfile(t *testing.T) {
	if testing.Short() {
		t.Skip("builds examples/chart")
	}
	wasm := gowasm.Path(t, "../../examples/chart")
	file := filepath.Join(t.TempDir(), "chart.prof")
	var out, errOut bytes.Buffer
	code := runCall([]string{"--profile", file, wasm, "bar_chart", `{"values":[3,1,4,1,5,9,2,6,5,3,5],"title":"Pi","inline":true}`}, &out, &errOut)
	if code != exitOK || !strings.Contains(errOut.String(), "profiled into "+file) {
		t.Fatalf("exit %d:\n%s%s", code, out.String(), errOut.String())
	}
	cum := readProfile(t, file)
	var names []string
	for n := range cum {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool { return cum[names[i]] > cum[names[j]] })
	// Below the frames every sample holds (the runtime's entry, the
	// package's dispatch), the most time is the chart's.
	var top []string
	for _, n := range names {
		if cum[n] < cum[names[0]] && !strings.HasPrefix(n, "runtime.") && n != "wasm_pc_f_loop" && !strings.HasPrefix(n, "github.com/subako-ai/subako-go/subako") {
			top = append(top, n)
		}
	}
	top = top[:min(len(top), 4)]
	t.Logf("the top functions: %q", top)
	// The samples fall where they fall: which of the chart's functions and
	// the PNG encoder's come third or fourth varies from run to run; the
	// chart's own come first.
	if len(top) == 0 || !strings.HasPrefix(top[0], "main.") || !slices.Contains(top, "main.barChart") {
		t.Errorf("the top functions are %q: not led by the chart's own, or without main.barChart", top)
	}
}

// readProfile decodes a gzipped profile.proto far enough to sum each
// function's cumulative time (the second sample value) by its name.
func readProfile(t *testing.T, file string) map[string]int64 {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	type sample struct{ locs, values []uint64 }
	var samples []sample
	var table []string
	funcName := map[uint64]uint64{} // function id to its name's index
	locFunc := map[uint64]uint64{}  // location id to function id
	fields(t, b, func(field int, v uint64, sub []byte) {
		switch field {
		case 2:
			var s sample
			fields(t, sub, func(f int, _ uint64, p []byte) {
				for len(p) > 0 {
					x, n := binary.Uvarint(p)
					p = p[n:]
					if f == 1 {
						s.locs = append(s.locs, x)
					} else {
						s.values = append(s.values, x)
					}
				}
			})
			samples = append(samples, s)
		case 4:
			var id, fn uint64
			fields(t, sub, func(f int, x uint64, p []byte) {
				if f == 1 {
					id = x
				}
				if f == 4 {
					fields(t, p, func(f int, x uint64, _ []byte) {
						if f == 1 {
							fn = x
						}
					})
				}
			})
			locFunc[id] = fn
		case 5:
			var id, name uint64
			fields(t, sub, func(f int, x uint64, _ []byte) {
				if f == 1 {
					id = x
				}
				if f == 2 {
					name = x
				}
			})
			funcName[id] = name
		case 6:
			table = append(table, string(sub))
		}
	})
	cum := map[string]int64{}
	for _, s := range samples {
		if len(s.values) != 2 {
			t.Fatalf("a sample with values %v", s.values)
		}
		seen := map[string]bool{}
		for _, l := range s.locs {
			fn, ok := locFunc[l]
			if !ok || int(funcName[fn]) >= len(table) {
				t.Fatalf("location %d names no function", l)
			}
			if n := table[funcName[fn]]; !seen[n] {
				seen[n] = true
				cum[n] += int64(s.values[1])
			}
		}
	}
	if len(cum) == 0 {
		t.Fatal("an empty profile")
	}
	return cum
}

// fields calls f for each field of a protobuf message: its number, its
// value (varints) or its bytes (length-delimited ones).
func fields(t *testing.T, b []byte, f func(field int, v uint64, sub []byte)) {
	t.Helper()
	for len(b) > 0 {
		key, n := binary.Uvarint(b)
		if n <= 0 {
			t.Fatal("a broken key")
		}
		b = b[n:]
		switch key & 7 {
		case 0:
			v, n := binary.Uvarint(b)
			b = b[n:]
			f(int(key>>3), v, nil)
		case 2:
			l, n := binary.Uvarint(b)
			if n <= 0 || int(l) > len(b)-n {
				t.Fatal("a broken length")
			}
			f(int(key>>3), 0, b[n:n+int(l)])
			b = b[n+int(l):]
		default:
			t.Fatalf("wire type %d", key&7)
		}
	}
}
