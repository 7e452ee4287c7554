package searchsubjects_test

import (
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/probe"
	"github.com/subako-ai/subako-go/internal/rules"
	"github.com/subako-ai/subako-go/internal/subjects"
)

// signalFaults says which of the module's own signals each planted fault
// needs for --probes=deep to find it within the search's budget (600
// runs): a magic prefix and a number in mid-range need the dictionary
// (the schema sampler and the search's mutations never guess them), the
// staged fault needs the dictionary and the coverage feedback (the three
// constants together are never guessed at once: the search must keep the
// case that entered each stage), and a relation of two members needs
// neither (the sampler's reach and the search's pairing find it).
var signalFaults = []struct {
	v              subjects.Variant
	dict, coverage bool
}{
	{subjects.MagicString, true, false},
	{subjects.MidNumber, true, false},
	{subjects.Staged, true, true},
	{subjects.Relation, false, false},
}

// TestSearchSignals shows that --probes=deep finds faults not by the
// schema sampler alone: in each language, deep with both of the module's
// signals finds every fault of signalFaults, and deep without a signal
// the fault needs does not, while a fault that needs neither is found with
// both switched off. The budget is lint's own (SearchRuns), so that what
// needs coverage is shown to need it within the budget a user gets.
func TestSearchSignals(t *testing.T) {
	if testing.Short() {
		t.Skip("lints 40 subjects with --probes=deep: minutes of CPU")
	}
	found := func(fs []rules.Finding) bool {
		for _, f := range fs {
			if f.Rule.ID == "P030" || f.Rule.ID == "P053" {
				return true
			}
		}
		return false
	}
	for _, lang := range subjects.SearchLangs {
		for _, c := range signalFaults {
			t.Run(string(lang)+"/"+string(c.v), func(t *testing.T) {
				deep := func(without probe.Signals) []rules.Finding {
					return lintWith(t, probe.Options{Level: probe.Deep, Without: without}, lang, c.v)
				}
				if !c.dict && !c.coverage {
					if fs := deep(probe.Signals{Dict: true, Coverage: true}); !found(fs) {
						t.Errorf("deep without the dictionary and coverage missed it, which the sampler's reach alone finds:%s", messages(fs))
					}
					return
				}
				fs := deep(probe.Signals{})
				if !found(fs) {
					t.Fatalf("deep with the module's signals missed it:%s", messages(fs))
				}
				t.Log("with both:" + messages(fs))
				for _, without := range []struct {
					name    string
					signals probe.Signals
					needed  bool
				}{
					{"the dictionary", probe.Signals{Dict: true}, c.dict},
					{"coverage", probe.Signals{Coverage: true}, c.coverage},
				} {
					if !without.needed {
						continue
					}
					if fs := deep(without.signals); found(fs) {
						t.Errorf("deep without %s found it, which should need it:%s", without.name, strings.TrimSpace(messages(fs)))
					}
				}
			})
		}
	}
}
