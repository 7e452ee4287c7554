package wasmparse

import (
	"bytes"
	"testing"

	"github.com/tetratelabs/wabin/leb128"
)

func u32(n int) []byte { return leb128.EncodeUint32(uint32(n)) }

// withLocals is a function declaring the local runs given as count, type pairs.
func withLocals(runs ...int) []byte {
	body := u32(len(runs) / 2)
	for i := 0; i < len(runs); i += 2 {
		body = append(append(body, u32(runs[i])...), byte(runs[i+1]))
	}
	return oneFunction(append(body, 0x0b))
}

// nested is a function of depth nested blocks, properly closed.
func nested(depth int) []byte {
	body := append([]byte{0}, bytes.Repeat([]byte{0x02, 0x40}, depth)...)
	return oneFunction(append(body, bytes.Repeat([]byte{0x0b}, depth+1)...))
}

// brTable is a function with one br_table of n targets, all to the function.
func brTable(n int) []byte {
	body := append([]byte{0, 0x41, 0, 0x0e}, u32(n)...)
	body = append(body, make([]byte, n+1)...)
	return oneFunction(append(body, 0x0b))
}

// funcType is a type section with one function type of np i32 parameters and nr results.
func funcType(np, nr int) []byte {
	p := append([]byte{1, 0x60}, u32(np)...)
	p = append(append(p, bytes.Repeat([]byte{0x7f}, np)...), u32(nr)...)
	return module(section(1, append(p, bytes.Repeat([]byte{0x7f}, nr)...)))
}

// fatTypes is a type section of n function types of 1,000 i32 parameters
// and 1,000 i32 results, then one of extra parameters.
func fatTypes(n, extra int) []byte {
	fat := append(append([]byte{0x60}, u32(1000)...), bytes.Repeat([]byte{0x7f}, 1000)...)
	fat = append(append(fat, u32(1000)...), bytes.Repeat([]byte{0x7f}, 1000)...)
	p := u32(n + 1)
	p = append(p, bytes.Repeat(fat, n)...)
	p = append(append(append(p, 0x60), u32(extra)...), bytes.Repeat([]byte{0x7f}, extra)...)
	return module(section(1, append(p, 0)))
}

func TestLimits(t *testing.T) {
	t.Parallel()
	name := func(n int) []byte { return append(u32(n), bytes.Repeat([]byte{'a'}, n)...) }
	for _, c := range []struct {
		name  string
		in    []byte
		limit Limit // 0: no problem at all
	}{
		// Issue 8: 56 bytes that once made wazero allocate for every local.
		{"2^32-1 locals", withLocals(0xffffffff, 0x7f), LimitLocals},
		{"two runs of 2^30 locals", withLocals(1<<30, 0x7f, 1<<30, 0x7e), LimitLocals},
		{"50,000 locals", withLocals(25000, 0x7f, 25000, 0x7e), 0},
		{"50,001 locals", withLocals(25000, 0x7f, 25001, 0x7e), LimitLocals},
		{"10,000 nested blocks", nested(10000), 0},
		{"10,001 nested blocks", nested(10001), LimitNesting},
		{"br_table of 65,520", brTable(65520), 0},
		{"br_table of 65,521", brTable(65521), LimitBrTable},
		{"1,000 parameters", funcType(1000, 1), 0},
		{"1,001 parameters", funcType(1001, 0), LimitParams},
		{"1,001 results", funcType(0, 1001), LimitResults},
		// Attack pass 41a, follow-up: fat types. wazero keys each type in
		// time quadratic in its length: four of 1,000 parameters and 1,000
		// results weigh the limit, one value more is past it.
		{"signature weight of 16,000,000", fatTypes(4, 0), 0},
		{"signature weight of 16,000,001", fatTypes(4, 1), LimitSignatureWeight},
		{"1,000,000 types of one value", module(section(1, vector(1000000, []byte{0x60, 1, 0x7f, 0}))), 0},
		{"1,000,001 types", module(section(1, vector(1000001, []byte{0x60, 0, 0}))), LimitTypes},
		{"100,001 imports", module(emptyFuncType, section(2, vector(100001, []byte{0, 0, 0, 0}))), LimitImports},
		{"1,000,001 functions", module(emptyFuncType, section(3, vector(1000001, []byte{0}))), LimitFunctions},
		{"101 tables", module(section(4, vector(101, []byte{0x70, 0, 0}))), LimitTables},
		{"101 memories", module(section(5, vector(101, []byte{0, 0}))), LimitMemories},
		{"1,000,001 globals", module(section(6, vector(1000001, []byte{0x7f, 0, 0x41, 0, 0x0b}))), LimitGlobals},
		{"100,001 exports", module(section(7, vector(100001, []byte{0, 0, 0}))), LimitExports},
		{"100,001 element segments", module(section(9, vector(100001, []byte{1, 0, 0}))), LimitElemSegments},
		{"10,000,001 element entries", module(section(9, append([]byte{1, 1, 0}, vector(10000001, []byte{0})...))), LimitElemEntries},
		{"100,001 data segments", module(section(11, vector(100001, []byte{1, 0}))), LimitDataSegments},
		{"1,000,001 tags", module(emptyFuncType, section(13, vector(1000001, []byte{0, 0}))), LimitTags},
		{"an export name of 100,001 bytes", module(section(7, append(append([]byte{1}, name(100001)...), 0, 0))), LimitName},
		{"a function of 7,654,322 bytes", oneFunction(append(append([]byte{0}, bytes.Repeat([]byte{0x01}, 7654320)...), 0x0b)), LimitFunctionSize},
	} {
		m := Parse(c.in)
		var got []Problem
		for _, p := range m.Problems {
			if p.Kind == Exceeds || c.limit == 0 {
				got = append(got, p)
			}
		}
		switch {
		case c.limit == 0 && len(got) > 0:
			t.Errorf("%s: %s", c.name, problemsOf(m))
		case c.limit != 0 && (len(got) == 0 || got[0].Limit != c.limit):
			t.Errorf("%s: want a problem of limit %q, got %s", c.name, c.limit.What(), problemsOf(m))
		case c.limit != 0 && (got[0].Offset <= 8 || got[0].Offset >= len(c.in)):
			t.Errorf("%s: offset %d outside the module", c.name, got[0].Offset)
		}
	}
}

// TestLocalsCheap: refusing 2^32-1 locals costs no allocation per local.
func TestLocalsCheap(t *testing.T) { // not parallel: AllocsPerRun
	b := withLocals(0xffffffff, 0x7f)
	if len(b) > 56 {
		t.Fatalf("the module is %d bytes", len(b))
	}
	if allocs := testing.AllocsPerRun(5, func() { Parse(b) }); allocs > 50 {
		t.Errorf("parsing allocates %v times", allocs)
	}
	m := Parse(b)
	if len(m.Problems) != 1 || m.Problems[0].Func != 0 || m.Problems[0].Limit != LimitLocals {
		t.Errorf("problems %+v", m.Problems)
	}
}

func TestLimitDocs(t *testing.T) {
	t.Parallel()
	for _, l := range AllLimits() {
		if l.Max() <= 0 || l.What() == "" || l.Source() == "" {
			t.Errorf("limit %d lacks its value or docs", l)
		}
	}
}
