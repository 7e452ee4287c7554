package wasmparse

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// parseBothWays parses b with fast and with body alone, and fails if the
// two disagree on anything the module reports.
func parseBothWays(t *testing.T, name string, b []byte) {
	t.Helper()
	withFast := Parse(b)
	useFast = false
	defer func() { useFast = true }()
	alone := Parse(b)
	if !reflect.DeepEqual(withFast.Problems, alone.Problems) {
		t.Errorf("%s: problems differ\nfast: %+v\nbody: %+v", name, withFast.Problems, alone.Problems)
	}
	if withFast.Features != alone.Features {
		t.Errorf("%s: features differ\nfast: %+v\nbody: %+v", name, withFast.Features, alone.Features)
	}
}

// TestFastAgreesWithBody parses every module of the spec suites and the
// committed toolchain and .wat modules with and without fast: the problems
// (message, offset, instruction) and feature uses must be the same.
func TestFastAgreesWithBody(t *testing.T) { // not parallel: parseBothWays switches useFast
	var files []string
	for _, sub := range []string{"v2", "threads", "tail-call", "extended-const", "exception-handling", "typed-function-references"} {
		fs, _ := filepath.Glob(filepath.Join(specDir(t, sub), "*.wasm"))
		files = append(files, fs...)
	}
	for _, pattern := range []string{"../../testdata/wat/*.wasm", "../../testdata/toolchain/*.wasm"} {
		fs, _ := filepath.Glob(pattern)
		files = append(files, fs...)
	}
	if len(files) < 1000 {
		t.Fatalf("only %d modules found", len(files))
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		parseBothWays(t, strings.TrimPrefix(f, filepath.Dir(f)+"/"), b)
	}
	t.Logf("%d modules", len(files))
}

// FuzzFastAgreesWithBody checks the same on arbitrary bytes.
func FuzzFastAgreesWithBody(f *testing.F) {
	seeds(f)
	f.Fuzz(func(t *testing.T, b []byte) { parseBothWays(t, "input", b) })
}
