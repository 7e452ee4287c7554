package modulecheck

import (
	"encoding/json"
	"github.com/subako-ai/subako-go/rules"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestToolchainCorpus lints modules built by real toolchains and hand-written
// .wat files (testdata/toolchain and testdata/wat, each with the script that
// rebuilds it) and compares with the verdicts recorded beside them.
func TestToolchainCorpus(t *testing.T) {
	for _, dir := range []string{"../testdata/toolchain", "../testdata/wat"} {
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
				errs, feats := map[string]bool{}, map[string]bool{}
				for _, f := range fs {
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
				for _, r := range e.Rules {
					if rule, ok := rules.Lookup(r); ok && rule.Severity == rules.Error && !errs[r] {
						t.Errorf("expected %s, got %v", r, errs)
					}
				}
				for r := range errs {
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
