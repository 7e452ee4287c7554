package probe_test

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

// TestSubjectsInOtherLanguages lints internal/subjects' packages in C,
// Rust, AssemblyScript and Go (without the subako runtime) as lint does,
// probes included with their default cases: the well-behaved one of each
// language draws no finding at all, and each variant exactly the one rule
// it breaks, in findings that name the probe and the tool.
func TestSubjectsInOtherLanguages(t *testing.T) {
	want := map[subjects.Variant]string{
		subjects.Good:         "",
		subjects.RPCError:     "P031",
		subjects.ReadToEOF:    "P035",
		subjects.SlowExit:     "P039",
		subjects.AnswerNotify: "P037",
		subjects.BadOutput:    "P033",
		subjects.StringID:     "P038",
		subjects.MaxTrap:      "P030",
		subjects.EdgeGood:     "",
		subjects.EnumSecond:   "P030",
		subjects.EmptyString:  "P030",
		subjects.NonASCII:     "P030",
		subjects.NullMember:   "P030",
		subjects.MaxItems:     "P030",
		subjects.EmptyArray:   "P030",
		subjects.Buffered:     "P035",
		subjects.NullID:       "P038",
	}
	// Subako's exit grace, as lint has it; a shorter wait for an answer,
	// since every answer here is immediate or never comes.
	c := pkgcheck.New(host.Options{CacheDir: filepath.Join(os.TempDir(), "subako-subjects-test-cache")})
	c.Probes = &probe.Options{RunLimit: 2 * time.Second}
	t.Cleanup(func() { c.Close(context.Background()) })
	for _, lang := range subjects.Langs {
		for _, v := range subjects.Variants {
			t.Run(string(lang)+"/"+string(v), func(t *testing.T) {
				files, err := c.Dir(context.Background(), subjects.Package(t, lang, v), true)
				if err != nil {
					t.Fatal(err)
				}
				var found []rules.Finding
				for _, f := range files {
					found = append(found, f.Findings...)
				}
				got := map[string]bool{}
				for _, id := range ruleIDs(found) {
					got[id] = true
				}
				if testing.Verbose() {
					t.Log(messages(found))
				}
				if w := want[v]; len(got) != len(strings.Fields(w)) || (w != "" && !got[w]) {
					t.Errorf("got %v, want %q:%s", ruleIDs(found), w, messages(found))
				}
				// The two causes of P035 told apart.
				diagnosis := map[subjects.Variant]string{subjects.ReadToEOF: "so it reads to end of input", subjects.Buffered: "so it buffers its output until it exits"}[v]
				if diagnosis != "" && !strings.Contains(messages(found), diagnosis) {
					t.Errorf("P035 without %q:%s", diagnosis, messages(found))
				}
				for _, f := range found {
					if strings.Contains(f.Message, "; arguments ") && !strings.Contains(f.Message, "; reproduce: subakogo call module.wasm add '{") {
						t.Errorf("a broken call's finding without the command that reproduces it: %s", f.Message)
					}
					if !strings.HasPrefix(f.Message, "probe ") || !strings.Contains(f.Message, `on tool "`+subjects.Tool+`"`) {
						t.Errorf("a finding that does not name its probe and tool: %s", f.Message)
					}
				}
			})
		}
	}
}

// TestDeepSubjects probes the Go edge subjects with --probes=deep within
// the default budget: the well-behaved one stays clean through every
// generated case, and each broken one is found.
func TestDeepSubjects(t *testing.T) {
	c := pkgcheck.New(host.Options{CacheDir: filepath.Join(os.TempDir(), "subako-subjects-test-cache")})
	c.Probes = &probe.Options{Level: probe.Deep, RunLimit: 2 * time.Second}
	t.Cleanup(func() { c.Close(context.Background()) })
	for _, v := range []subjects.Variant{subjects.EdgeGood, subjects.EnumSecond, subjects.NullMember, subjects.MaxItems, subjects.MaxTrap} {
		t.Run(string(v), func(t *testing.T) {
			files, err := c.Dir(context.Background(), subjects.Package(t, subjects.Go, v), true)
			if err != nil {
				t.Fatal(err)
			}
			var found []rules.Finding
			for _, f := range files {
				found = append(found, f.Findings...)
			}
			want := "P030"
			if v == subjects.EdgeGood {
				want = ""
			}
			if got := strings.Join(slices.Compact(ruleIDs(found)), " "); got != want {
				t.Errorf("got %q, want %q:%s", got, want, messages(found))
			}
		})
	}
}

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
	cache := filepath.Join(os.TempDir(), "subako-subjects-test-cache")
	lint := func(t *testing.T, level probe.Level, lang subjects.Lang, v subjects.Variant) []rules.Finding {
		c := pkgcheck.New(host.Options{CacheDir: cache})
		// A shorter search than lint's: the machine is shared, and the
		// same seed makes the same runs whatever their number.
		c.Probes = &probe.Options{Level: level, RunLimit: 2 * time.Second, SearchRuns: 150}
		defer c.Close(context.Background())
		files, err := c.Dir(context.Background(), subjects.Package(t, lang, v), true)
		if err != nil {
			t.Fatal(err)
		}
		var found []rules.Finding
		for _, f := range files {
			found = append(found, f.Findings...)
		}
		return found
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
