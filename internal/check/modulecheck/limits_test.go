package modulecheck

import (
	"bytes"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/rules"
	"github.com/subako-ai/subako-go/internal/textutil"
	"github.com/subako-ai/subako-go/internal/wasmbuild"
	"github.com/subako-ai/subako-go/internal/wasmparse"
	"github.com/tetratelabs/wabin/leb128"
)

// withCode replaces the command's code section with one body.
func withCode(body []byte) []byte {
	code := append([]byte{1}, leb128.EncodeUint32(uint32(len(body)))...)
	return wasmbuild.ReplaceSection(build(nil), 10, append(code, body...))
}

// TestShapeLimits: each shape beyond what toolchains emit is an error of
// its own rule, so the module is never compiled.
func TestShapeLimits(t *testing.T) {
	t.Parallel()
	nested := append([]byte{0}, bytes.Repeat([]byte{0x02, 0x40}, 10001)...)
	nested = append(nested, bytes.Repeat([]byte{0x0b}, 10002)...)
	brTable := append([]byte{0, 0x41, 0, 0x0e}, leb128.EncodeUint32(65521)...)
	brTable = append(append(brTable, make([]byte, 65522)...), 0x0b)
	imports := append(leb128.EncodeUint32(100001), bytes.Repeat([]byte{0, 0, 0, 0}, 100001)...)
	for _, c := range []struct {
		name   string
		module []byte
		rule   *rules.Rule
	}{
		// Issue 8: 56 bytes that once killed the linter through wazero.
		{"2^32-1 locals", withCode([]byte{1, 0xff, 0xff, 0xff, 0xff, 0x0f, 0x7f, 0x0b}), rules.TooManyLocals},
		{"10,001 nested blocks", withCode(nested), rules.NestingTooDeep},
		{"br_table of 65,521", withCode(brTable), rules.BrTableTooLarge},
		{"100,001 imports", wasmbuild.ReplaceSection(build(nil), 2, imports), rules.ModuleLimit},
	} {
		_, fs := Check(c.module)
		var got *rules.Finding
		for i := range fs {
			if fs[i].Rule == c.rule {
				got = &fs[i]
			}
		}
		if got == nil || got.Severity() != rules.Error || got.Offset <= 8 {
			t.Errorf("%s: %v, want an error of %s", c.name, fs, c.rule.ID)
		}
	}
}

// TestLimitDocs: every limit's value is written in its rule's doc (the
// docs spell numbers with thousands separators).
func TestLimitDocs(t *testing.T) {
	t.Parallel()
	for _, l := range wasmparse.AllLimits() {
		r := rules.ModuleLimit
		if lr, ok := limitRules[l]; ok {
			r = lr
		}
		if n := textutil.Commas(l.Max()); !strings.Contains(r.Why, n) {
			t.Errorf("%s does not say the limit of %s %s", r.ID, n, l.What())
		}
	}
}

// TestFindingsFold: 100,000 identical imports of a global draw one finding
// with a count.
func TestFindingsFold(t *testing.T) {
	t.Parallel()
	imports := append(leb128.EncodeUint32(100000), bytes.Repeat([]byte{0, 0, 3, 0x7f, 0}, 100000)...)
	_, fs := Check(wasmbuild.ReplaceSection(build(nil), 2, imports))
	n := 0
	for _, f := range fs {
		if f.Rule == rules.ImportNotFunction {
			n++
			if !strings.Contains(f.Message, "repeated 99999 more times") {
				t.Errorf("message %q", f.Message)
			}
		}
	}
	if n != 1 {
		t.Errorf("%d import-not-function findings: %v", n, fs)
	}
}
