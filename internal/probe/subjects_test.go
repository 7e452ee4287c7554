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
	c := pkgcheck.New(pkgcheck.Options{Host: host.Options{CacheDir: filepath.Join(os.TempDir(), "subako-subjects-test-cache")},
		Probes: &probe.Options{RunLimit: 2 * time.Second}})
	t.Cleanup(func() { c.Close(context.Background()) })
	for _, lang := range subjects.Langs {
		for _, v := range subjects.Variants {
			t.Run(string(lang)+"/"+string(v), func(t *testing.T) {
				judged, err := c.Dir(context.Background(), subjects.Package(t, lang, v), true)
				if err != nil {
					t.Fatal(err)
				}
				var found []rules.Finding
				for _, f := range judged.Files {
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
	c := pkgcheck.New(pkgcheck.Options{Host: host.Options{CacheDir: filepath.Join(os.TempDir(), "subako-subjects-test-cache")},
		Probes: &probe.Options{Level: probe.Deep, RunLimit: 2 * time.Second}})
	t.Cleanup(func() { c.Close(context.Background()) })
	for _, v := range []subjects.Variant{subjects.EdgeGood, subjects.EnumSecond, subjects.NullMember, subjects.MaxItems, subjects.MaxTrap} {
		t.Run(string(v), func(t *testing.T) {
			judged, err := c.Dir(context.Background(), subjects.Package(t, subjects.Go, v), true)
			if err != nil {
				t.Fatal(err)
			}
			var found []rules.Finding
			for _, f := range judged.Files {
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
