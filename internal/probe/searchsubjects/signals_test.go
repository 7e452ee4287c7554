package searchsubjects_test

import (
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/probe"
	"github.com/subako-ai/subako-go/internal/rules"
	"github.com/subako-ai/subako-go/internal/subjects"
)

// The cheap languages (a deep lint of C or Rust costs 5 to 15 s, of
// AssemblyScript 30 to 60, of Go about 60), where the faults beside the
// staged one are shown.
var cheap = []subjects.Lang{subjects.C, subjects.Rust}

// signalCases say which of the module's own signals each planted fault
// needs for --probes=deep to find it within lint's budget (SearchRuns):
// deep without the signals switched off (Options.Without) finds the fault
// or misses it.
//   - The staged fault (level 347, note "open-sesame!" and from 271, each
//     compared in a function of its own) needs coverage: the search
//     keeps the case that entered each stage and splices the constants
//     of the stage's function into it; without coverage the three values
//     are never guessed together in 600 runs, in any of the five
//     languages. It needs the dictionary too (the three constants).
//   - The magic prefix, the mid-range number and the exact length (the
//     length is a compared constant) need the dictionary alone
//     (TestSearchSubjects finds them with a quarter of the search).
//   - The relation of two members and the leap day need neither: the
//     schema sampler's reach (argsgen) and the search's pairing find them
//     with both signals off.
var signalCases = []struct {
	v       subjects.Variant
	without probe.Signals
	found   bool
	langs   []subjects.Lang
}{
	{subjects.Staged, probe.Signals{}, true, subjects.SearchLangs},
	{subjects.Staged, probe.Signals{Coverage: true}, false, subjects.SearchLangs},
	{subjects.Staged, probe.Signals{Dict: true}, false, []subjects.Lang{subjects.C}},
	{subjects.MagicString, probe.Signals{Dict: true}, false, cheap},
	{subjects.MidNumber, probe.Signals{Dict: true}, false, cheap},
	{subjects.Relation, probe.Signals{Dict: true, Coverage: true}, true, cheap},
	{subjects.ExactLength, probe.Signals{Dict: true}, false, []subjects.Lang{subjects.C}},
	{subjects.LeapDate, probe.Signals{Dict: true, Coverage: true}, true, []subjects.Lang{subjects.C}},
}

// TestSearchSignals shows that --probes=deep finds faults not by the
// schema sampler alone: each fault of signalCases is found, or missed,
// by deep with the module's signals that the case switches off, within
// lint's own budget of runs (the one a user gets); and the staged fault's
// search, run twice, finds the same.
func TestSearchSignals(t *testing.T) {
	if testing.Short() {
		t.Skip("lints 21 subjects with --probes=deep: minutes of CPU")
	}
	for _, c := range signalCases {
		for _, lang := range c.langs {
			t.Run(string(lang)+"/"+string(c.v)+"/without_"+signals(c.without), func(t *testing.T) {
				fs := lintWith(t, probe.Options{Level: probe.Deep, Without: c.without}, lang, c.v)
				switch got := found(fs); {
				case got && !c.found:
					t.Errorf("deep without %s found it, which should need it:%s", signals(c.without), messages(fs))
				case !got && c.found:
					t.Errorf("deep without %s missed it:%s", signals(c.without), messages(fs))
				}
				// The search is seeded from the module: a second run of
				// the coverage-led search finds the same, word for word.
				if lang == subjects.C && c.v == subjects.Staged && c.without == (probe.Signals{}) {
					if again := lintWith(t, probe.Options{Level: probe.Deep}, lang, c.v); messages(again) != messages(fs) {
						t.Errorf("two runs differ:%s\nand:%s", messages(fs), messages(again))
					}
				}
				t.Log(messages(fs))
			})
		}
	}
}

// signals names the signals switched off.
func signals(s probe.Signals) string {
	var names []string
	if s.Dict {
		names = append(names, "dictionary")
	}
	if s.Coverage {
		names = append(names, "coverage")
	}
	if len(names) == 0 {
		return "nothing"
	}
	return strings.Join(names, "_and_")
}

// found tells whether the findings hold the fault: a call that broke
// (P030), or a panic the subako runtime marked (P053).
func found(fs []rules.Finding) bool {
	for _, f := range fs {
		if f.Rule.ID == "P030" || f.Rule.ID == "P053" {
			return true
		}
	}
	return false
}
