package searchsubjects_test

import (
	"context"
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/check/pkgcheck"
	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/probe"
	"github.com/subako-ai/subako-go/internal/rules"
	"github.com/subako-ai/subako-go/internal/subjects"
)

// malformedNames41g is wasm with its name sections replaced by one whose
// function-names subsection declares two entries and holds one: the
// reader says W055, a warning, and hands engines the module without it.
func malformedNames41g(wasm []byte) []byte {
	out := append([]byte{}, wasm[:8]...)
	for pos := 8; pos < len(wasm); {
		size, n := binary.Uvarint(wasm[pos+1:])
		end := pos + 1 + n + int(size)
		if wasm[pos] == 0 {
			nl, m := binary.Uvarint(wasm[pos+1+n:])
			if name := string(wasm[pos+1+n+m : pos+1+n+m+int(nl)]); name == "name" {
				pos = end
				continue
			}
		}
		out = append(out, wasm[pos:end]...)
		pos = end
	}
	entries := []byte{2, 1, 5, 's', 't', 'a', 'r', 't'}
	payload := append([]byte{4, 'n', 'a', 'm', 'e', 1, byte(len(entries))}, entries...)
	return append(append(out, 0, byte(len(payload))), payload...)
}

// TestMalformedNameSectionKeepsSearch (attack pass 41g, row 3): the
// search's covered module was compiled from the module's own bytes, so a
// name section wazero cannot decode failed that compilation, and the
// search was left out without a word while the plain module (compiled
// without it) passed: the staged subject, whose fault only the search's
// coverage finds (TestSearchSignals), linted clean under --probes=deep but
// for W055. CompileCovered now readies the module on Compile's path, and
// a covered compilation that fails leaves the probes not judged, never a
// search silently left out.
func TestMalformedNameSectionKeepsSearch(t *testing.T) {
	if testing.Short() {
		t.Skip("a deep lint")
	}
	dir := subjects.Package(t, subjects.Go, subjects.Staged)
	path := filepath.Join(dir, "module.wasm")
	wasm, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, malformedNames41g(wasm), 0o644); err != nil {
		t.Fatal(err)
	}
	opt := probe.Options{Level: probe.Deep, RunLimit: 2 * time.Second}
	c := pkgcheck.New(pkgcheck.Options{Host: host.Options{CacheDir: filepath.Join(os.TempDir(), "subako-subjects-test-cache")}, Probes: &opt})
	defer c.Close(context.Background())
	judged, err := c.Dir(context.Background(), dir, true)
	if err != nil {
		t.Fatal(err)
	}
	var found []rules.Finding
	for _, f := range judged.Files {
		found = append(found, f.Findings...)
	}
	ids := strings.Join(ruleIDs(found), " ")
	t.Logf("deep lint of staged with a malformed name section: %q%s", ids, messages(found))
	if judged.Probes == nil || judged.Probes.Coverage == nil {
		t.Errorf("the search did not run")
	}
	if !strings.Contains(ids, "P030") || !strings.Contains(ids, "W055") {
		t.Errorf("deep: got %q, want W055 and P030 (as without the name section's change):%s", ids, messages(found))
	}
}
