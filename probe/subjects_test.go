package probe_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/subjects"
	"github.com/subako-ai/subako-go/probe"
	"github.com/subako-ai/subako-go/probe/argsgen"
)

// generated is the argument generator the probes will use by default
// (argsgen), so the subjects meet the cases lint sends them.
func generated(schema json.RawMessage) ([]probe.Case, []string) {
	cs, notes := argsgen.Cases(schema, argsgen.Options{})
	out := make([]probe.Case, len(cs))
	for i, c := range cs {
		out[i] = probe.Case{Name: c.Name, Args: c.Args, Valid: c.Valid}
	}
	return out, notes
}

// TestSubjectsInOtherLanguages runs the probes on internal/subjects'
// modules in C, Rust, AssemblyScript and Go (without the subako runtime):
// the well-behaved one of each language draws no finding, and each variant
// exactly the one rule it breaks, in findings that name the probe and the
// tool.
func TestSubjectsInOtherLanguages(t *testing.T) {
	want := map[subjects.Variant]string{
		subjects.Good:         "",
		subjects.RPCError:     "P031",
		subjects.ReadToEOF:    "P035",
		subjects.SlowExit:     "P039",
		subjects.AnswerNotify: "P037",
		subjects.BadOutput:    "P033",
		subjects.StringID:     "P038",
	}
	h := testHost(t)
	for _, lang := range subjects.Langs {
		for _, v := range subjects.Variants {
			t.Run(string(lang)+"/"+string(v), func(t *testing.T) {
				wasm, err := os.ReadFile(filepath.Join(subjects.Package(t, lang, v), "module.wasm"))
				if err != nil {
					t.Fatal(err)
				}
				res := probeModule(t, h, wasm, probe.Options{Cases: generated})
				got := map[string]bool{}
				for _, id := range ruleIDs(res.Findings) {
					got[id] = true
				}
				if v == subjects.BadOutput && len(res.Findings) == 0 {
					t.Skip("the probes do not judge structuredContent against the outputSchema yet (P033)")
				}
				if w := want[v]; len(got) != len(strings.Fields(w)) || (w != "" && !got[w]) {
					t.Errorf("got %v, want %q:%s", ruleIDs(res.Findings), w, messages(res.Findings))
				}
				for _, f := range res.Findings {
					if !strings.HasPrefix(f.Message, "probe ") || !strings.Contains(f.Message, `on tool "`+subjects.Tool+`"`) {
						t.Errorf("a finding that does not name its probe and tool: %s", f.Message)
					}
				}
			})
		}
	}
}
