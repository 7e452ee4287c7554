// Package searchsubjects holds TestSearchSubjects and TestSearchSignals,
// in a test package of their own for their minutes of CPU (some 50 deep
// lints; the README's test command gives a package 30 minutes), and out
// of the busy-machine block of .ci/run, which runs internal/probe under 8
// busy loops (their verdicts at 3% of a core are internal/throttled's
// TestThrottledSearchVerdicts).
package searchsubjects_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/check/pkgcheck"
	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/probe"
	"github.com/subako-ai/subako-go/internal/rules"
	"github.com/subako-ai/subako-go/internal/subjects"
)

// TestSearchSubjects lints the search subjects in Go (by hand and with the
// subako runtime), C, Rust and AssemblyScript, whose faults sit
// inside their schema (a magic prefix, a number in mid-range, two members
// one apart, an exact length, a leap day): the default probes, a schema
// sampler alone, find none of them; --probes=deep, with the module's
// dictionary and its coverage-guided search, finds each as P030 (P053, a
// panic the runtime marked, in Go with the subako runtime) with the
// command that reproduces it, and the well-behaved twin stays clean. Run
// twice, the same module gives the same findings.
func TestSearchSubjects(t *testing.T) {
	if testing.Short() {
		t.Skip("lints 30 subjects with --probes=deep: minutes of CPU")
	}
	lint := func(t *testing.T, level probe.Level, lang subjects.Lang, v subjects.Variant) []rules.Finding {
		// A shorter search than lint's: the machine is shared, and the
		// same seed makes the same runs whatever their number.
		return lintWith(t, probe.Options{Level: level, SearchRuns: 150}, lang, v)
	}
	for _, lang := range subjects.SearchLangs {
		for _, v := range subjects.SearchVariants {
			t.Run(string(lang)+"/"+string(v), func(t *testing.T) {
				// One at a time: each deep lint uses its budget of CPU.
				if safe := lint(t, probe.Safe, lang, v); len(safe) != 0 {
					t.Errorf("the default probes found %v:%s", ruleIDs(safe), messages(safe))
				}
				deep := lint(t, probe.Deep, lang, v)
				want := "P030"
				if lang == subjects.GoRuntime {
					want = "P053" // the runtime marks a handler's panic
				}
				if v == subjects.SearchGood {
					want = ""
				}
				if got := strings.Join(slices.Compact(ruleIDs(deep)), " "); got != want {
					t.Fatalf("deep: got %q, want %q:%s", got, want, messages(deep))
				}
				if want != "" && !strings.Contains(messages(deep), "reproduce: subakogo call module.wasm add '{") {
					t.Errorf("no command that reproduces it:%s", messages(deep))
				}
				if lang == subjects.Go && (v == subjects.MagicString || v == subjects.SearchGood) {
					if again := lint(t, probe.Deep, lang, v); messages(again) != messages(deep) {
						t.Errorf("two runs differ:%s\nand:%s", messages(deep), messages(again))
					}
				}
				t.Log(messages(deep))
			})
		}
	}
}

// lintWith lints the subject with the probes' options opt (a run's wait of
// 2 s) and returns its findings.
func lintWith(t *testing.T, opt probe.Options, lang subjects.Lang, v subjects.Variant) []rules.Finding {
	t.Helper()
	opt.RunLimit = 2 * time.Second
	c := pkgcheck.New(pkgcheck.Options{Host: host.Options{CacheDir: filepath.Join(os.TempDir(), "subako-subjects-test-cache")}, Probes: &opt})
	defer c.Close(context.Background())
	judged, err := c.Dir(context.Background(), subjects.Package(t, lang, v), true)
	if err != nil {
		t.Fatal(err)
	}
	var found []rules.Finding
	for _, f := range judged.Files {
		found = append(found, f.Findings...)
	}
	return found
}

func ruleIDs(fs []rules.Finding) []string {
	var ids []string
	for _, f := range fs {
		ids = append(ids, f.Rule.ID)
	}
	return ids
}

func messages(fs []rules.Finding) string {
	var b strings.Builder
	for _, f := range fs {
		b.WriteString("\n  " + f.Rule.ID + " " + f.Message)
	}
	return b.String()
}
