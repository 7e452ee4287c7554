package tooltext

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/rules"
)

// poisonCase is one attack of testdata/poisoned/cases.json: one tool of a
// real list (testdata/real) poisoned with one published attack class.
type poisonCase struct {
	ID, Class, Source, Base, Tool, Op, Pointer string
	Text                                       any
}

// recallMin is the share of poisoned cases that must be caught.
const recallMin = 0.95

// knownMisses are the cases the checker does not catch, each with why
// (docs/tool-text.md lists them too).
var knownMisses = map[string]string{
	"ctx-whatsapp-history": "a messaging package told to read channel history and post it to a fixed user: reading and posting messages is the package's own job, told apart only by intent",
	"fh-rm":                "a destructive side action in the package's own domain (delete pods after a get): no hidden text, no secret, no other tool; only its intent is wrong",
}

// TestPoisonedCorpus: each case is caught on its poisoned tool, and on no
// other tool of its (real) list; at least recallMin of them are caught.
func TestPoisonedCorpus(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("testdata/poisoned/cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []poisonCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	caught, errors := 0, 0
	classes := map[string][2]int{}
	var missed []string
	for _, c := range cases {
		tools := loadReal(t, c.Base)
		idx := -1
		for i, raw := range tools {
			var named struct{ Name string }
			if json.Unmarshal(raw, &named) == nil && named.Name == c.Tool {
				idx = i
			}
		}
		if idx < 0 {
			t.Fatalf("%s: no tool %s in %s", c.ID, c.Tool, c.Base)
		}
		poisoned, err := poison(tools[idx], c)
		if err != nil {
			t.Fatalf("%s: %v", c.ID, err)
		}
		tools[idx] = poisoned
		var on []Signal
		for _, s := range CheckTools(tools) {
			if s.Index != idx {
				t.Errorf("%s: a signal on another tool: %s %s", c.ID, s.Rule.ID, s.Message)
				continue
			}
			on = append(on, s)
		}
		n := classes[c.Class]
		n[1]++
		if len(on) > 0 {
			caught++
			n[0]++
			if worst(on) == rules.Error {
				errors++
			}
			if why, ok := knownMisses[c.ID]; ok {
				t.Errorf("%s is listed as a miss (%s) and is caught now: update knownMisses and docs/tool-text.md", c.ID, why)
			}
		} else {
			missed = append(missed, c.ID)
			if _, ok := knownMisses[c.ID]; !ok {
				t.Errorf("%s (%s) is not caught", c.ID, c.Class)
			}
		}
		classes[c.Class] = n
		if testing.Verbose() {
			var ids []string
			for _, s := range on {
				ids = append(ids, s.Rule.ID)
			}
			t.Logf("%-22s %-24s %s", c.ID, c.Class, strings.Join(ids, " "))
		}
	}
	var names []string
	for k := range classes {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		t.Logf("class %-24s %d/%d", k, classes[k][0], classes[k][1])
	}
	recall := float64(caught) / float64(len(cases))
	t.Logf("%d cases, %d caught (%d at error), recall %.1f%%; missed: %v", len(cases), caught, errors, 100*recall, missed)
	if recall < recallMin {
		t.Errorf("recall %.1f%% is under %.0f%%", 100*recall, 100*recallMin)
	}
}

func worst(sigs []Signal) rules.Severity {
	w := rules.Info
	for _, s := range sigs {
		w = max(w, s.Severity())
	}
	return w
}

func loadReal(t *testing.T, base string) []json.RawMessage {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata/real", base+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var l struct{ Tools []json.RawMessage }
	if err := json.Unmarshal(data, &l); err != nil {
		t.Fatal(err)
	}
	return l.Tools
}

// poison applies a case to a tool: append text to the string at Pointer,
// set the value at Pointer, add one (add_property), or rename the member
// at Pointer to Text (rename_property).
func poison(raw json.RawMessage, c poisonCase) (json.RawMessage, error) {
	var tool any
	if err := json.Unmarshal(raw, &tool); err != nil {
		return nil, err
	}
	tokens := strings.Split(strings.TrimPrefix(c.Pointer, "/"), "/")
	parent := tool
	for _, tok := range tokens[:len(tokens)-1] {
		switch p := parent.(type) {
		case map[string]any:
			next, ok := p[tok]
			if !ok {
				next = map[string]any{}
				p[tok] = next
			}
			parent = next
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i >= len(p) {
				return nil, fmt.Errorf("no %s", c.Pointer)
			}
			parent = p[i]
		default:
			return nil, fmt.Errorf("no %s", c.Pointer)
		}
	}
	obj, ok := parent.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%s: parent is not an object", c.Pointer)
	}
	last := tokens[len(tokens)-1]
	switch c.Op {
	case "append":
		s, ok := obj[last].(string)
		if !ok {
			return nil, fmt.Errorf("%s is not a string", c.Pointer)
		}
		obj[last] = s + c.Text.(string)
	case "set", "add_property":
		obj[last] = c.Text
	case "rename_property":
		v, ok := obj[last]
		if !ok {
			return nil, fmt.Errorf("no %s", c.Pointer)
		}
		delete(obj, last)
		obj[c.Text.(string)] = v
	default:
		return nil, fmt.Errorf("unknown op %s", c.Op)
	}
	return json.Marshal(tool)
}
