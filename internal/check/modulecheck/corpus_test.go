package modulecheck

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/subako-ai/subako-go/internal/rules"
	"github.com/subako-ai/subako-go/internal/wasmparse"
)

// TestToolchainCorpus lints modules built by real toolchains and hand-written
// .wat files (testdata/toolchain and testdata/wat, each with the script that
// rebuilds it) and compares with the verdicts recorded beside them.
func TestToolchainCorpus(t *testing.T) {
	t.Parallel()
	for _, dir := range []string{"../../../testdata/toolchain", "../../../testdata/wat"} {
		raw, err := os.ReadFile(filepath.Join(dir, "expected.json"))
		if err != nil {
			t.Fatal(err)
		}
		var entries []struct {
			File     string   `json:"file"`
			Verdict  string   `json:"verdict"`
			Rules    []string `json:"rules"`
			Features []string `json:"features"`
			MayAlso  []string `json:"may_also"`
		}
		if err := json.Unmarshal(raw, &entries); err != nil {
			t.Fatal(err)
		}
		if len(entries) < 10 {
			t.Fatalf("%s: only %d entries", dir, len(entries))
		}
		for _, e := range entries {
			t.Run(e.File, func(t *testing.T) {
				b, err := os.ReadFile(filepath.Join(dir, e.File))
				if err != nil {
					t.Fatal(err)
				}
				_, fs := Check(b)
				for _, r := range append(append([]string(nil), e.Rules...), e.MayAlso...) {
					if _, ok := rules.Lookup(r); !ok && !slices.Contains(e.Features, r) && !isFeature(r) {
						t.Errorf("expected.json names %q, which is no rule slug", r)
					}
				}
				got, errs, feats := map[string]bool{}, map[string]bool{}, map[string]bool{}
				for _, f := range fs {
					got[f.Rule.Slug] = true
					if f.Severity() == rules.Error {
						errs[f.Rule.Slug] = true
					}
					if f.Feature != "" {
						feats[f.Feature] = true
					}
				}
				if (len(errs) == 0) != (e.Verdict == "pass") {
					t.Errorf("verdict %s, but errors are %v", e.Verdict, errs)
				}
				// Every expected rule, at every severity, is reported, and
				// nothing else is (may_also lists what a toolchain version
				// may add).
				for _, r := range e.Rules {
					if !got[r] {
						t.Errorf("expected %s, got %v", r, keys(got))
					}
				}
				for r := range got {
					if !slices.Contains(e.Rules, r) && !slices.Contains(e.MayAlso, r) {
						t.Errorf("unexpected %s", r)
					}
				}
				for _, f := range e.Features {
					if !feats[f] {
						t.Errorf("feature %s not reported (got %v)", f, feats)
					}
				}
				for f := range feats {
					if !slices.Contains(e.Features, f) && !slices.Contains(e.MayAlso, f) {
						t.Errorf("unexpected feature %s", f)
					}
				}
			})
		}
	}
}

// isFeature reports whether s is a feature slug (may_also lists features too).
func isFeature(s string) bool {
	for _, f := range wasmparse.AllFeatures() {
		if f.Slug() == s {
			return true
		}
	}
	return false
}

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
