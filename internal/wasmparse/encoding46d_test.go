package wasmparse

import (
	"strings"
	"testing"
)

// TestCountPastLimitExceeds: a vector count past its implementation limit
// is Exceeds (W054 and its kin), with the limit's message at the count's
// offset, however few bytes follow it. Attack pass 46d, row 1: countMax
// checked the count against the bytes left first, so a 15-byte module
// declaring 2^32-1 imports was only malformed ("length out of bounds"),
// which the host did not refuse, and wazero allocated for 2^32-1 imports
// before reading one (a fatal out of memory in `call`).
func TestCountPastLimitExceeds(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name  string
		wasm  []byte
		limit Limit
	}{
		{"2^32-1 imports", module(section(2, []byte{0xff, 0xff, 0xff, 0xff, 0x0f})), LimitImports},
		{"2^24 functions", module(section(3, []byte{0x80, 0x80, 0x80, 0x08})), LimitFunctions},
		{"2^32-1 data segments", module(section(11, []byte{0xff, 0xff, 0xff, 0xff, 0x0f})), LimitDataSegments},
		{"1,000,001 types", module(section(1, []byte{0xc1, 0x84, 0x3d})), LimitTypes},
	} {
		m := Parse(c.wasm)
		if len(m.Problems) != 1 {
			t.Errorf("%s: %d problems, want 1: %s", c.name, len(m.Problems), problemsOf(m))
			continue
		}
		p := m.Problems[0]
		if p.Kind != Exceeds || p.Limit != c.limit || p.Offset != 10 || !strings.Contains(p.Message, "more than the limit of") {
			t.Errorf("%s: %v limit %v at %#x: %s; want past the limit of %s at 0xa", c.name, kindName(p.Kind), p.Limit, p.Offset, p.Message, c.limit.What())
		}
		if _, ok := m.Exceeded(); !ok {
			t.Errorf("%s: Exceeded() is false", c.name)
		}
	}
}
