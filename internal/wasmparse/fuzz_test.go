package wasmparse

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
)

// seeds adds the committed modules (real toolchains and .wat builds) to a fuzz target.
func seeds(f *testing.F) {
	for _, pattern := range []string{"../../testdata/wat/*.wasm", "../../testdata/toolchain/*.wasm"} {
		files, _ := filepath.Glob(pattern)
		for _, name := range files {
			// Go's fuzzer slows to a crawl on large inputs; the large modules are tested elsewhere.
			if b, err := os.ReadFile(name); err == nil && len(b) < 8<<10 {
				f.Add(b)
			}
		}
	}
	f.Add([]byte("\x00asm\x01\x00\x00\x00"))
}

// FuzzParse feeds arbitrary bytes to the reader and validator. It must not
// panic, and everything it reports must point inside the input.
func FuzzParse(f *testing.F) {
	seeds(f)
	f.Fuzz(func(t *testing.T, b []byte) {
		m := Parse(b)
		for _, p := range m.Problems {
			if p.Offset < 0 || p.Offset > len(b) {
				t.Fatalf("problem offset %d outside the %d-byte input: %+v", p.Offset, len(b), p)
			}
			if p.Message == "" {
				t.Fatalf("problem without a message: %+v", p)
			}
		}
		for _, f := range AllFeatures() {
			if u := m.Uses(f); u.Count > 0 && (u.Offset < 0 || u.Offset > len(b)) {
				t.Fatalf("%s use at %d outside the input", f.Slug(), u.Offset)
			}
		}
		for _, s := range m.Sections {
			if s.PayloadOffset+s.PayloadSize > len(b) {
				t.Fatalf("section %s runs past the input", s.Name)
			}
		}
	})
}

// FuzzValidateAgainstWazero checks the validator against an independent
// one: whatever wasmparse accepts as a plain 2.0 module, wazero (which is
// more lenient, not less) must compile too.
func FuzzValidateAgainstWazero(f *testing.F) {
	seeds(f)
	ctx := context.Background()
	cfg := wazero.NewRuntimeConfigInterpreter().WithCoreFeatures(api.CoreFeaturesV2)
	f.Fuzz(func(t *testing.T, b []byte) {
		m := Parse(b)
		if m.Kind != CoreModule || len(m.Problems) > 0 || usesAny(m) {
			return
		}
		rt := wazero.NewRuntimeWithConfig(ctx, cfg)
		defer rt.Close(ctx)
		if _, err := rt.CompileModule(ctx, withoutCustomSections(m, b)); err != nil {
			t.Fatalf("wasmparse accepts a module that wazero refuses: %v", err)
		}
	})
}

// withoutCustomSections drops custom sections, whose contents the spec does
// not validate: wazero refuses some valid ones (an empty name, for one),
// which is not what this differential test is about.
func withoutCustomSections(m *Module, b []byte) []byte {
	out := append([]byte{}, b[:8]...)
	for _, s := range m.Sections {
		if s.ID != 0 {
			out = append(out, b[s.Offset:s.PayloadOffset+s.PayloadSize]...)
		}
	}
	return out
}
