package tooltext

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/rules"
)

// TestRealCorpus: the unmodified tool lists and instructions of real
// servers give no signal at all (testdata/real/README.md says where each
// comes from).
func TestRealCorpus(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("testdata/real/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	tools := 0
	for _, f := range files {
		sigs, n := checkListFile(t, f)
		tools += n
		for _, s := range sigs {
			t.Errorf("%s: %s %s", filepath.Base(f), s.Rule.ID, s.Message)
		}
	}
	// Servers' instructions (a server/discover or initialize result), read
	// as lint reads them.
	servers, err := filepath.Glob("testdata/real/server/*.json")
	if err != nil || len(servers) == 0 {
		t.Fatalf("no server instructions: %v", err)
	}
	for _, f := range servers {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range CheckServer(data, serverToolNames(t, f)) {
			t.Errorf("server/%s: %s %s", filepath.Base(f), s.Rule.ID, s.Message)
		}
	}
	t.Logf("%d tool lists, %d tools; %d servers' instructions", len(files), tools, len(servers))
}

// serverLists: the tool list of a server whose instructions are in
// testdata/real/server, read with them as lint reads them (the package's
// tool names); the others' lists are not in the corpus.
var serverLists = map[string]string{
	"serena-instructions.json": "serena.json", // names its own tool initial_instructions (attack pass 44f row 1)
}

// serverToolNames: the tool names of the list of server instructions f,
// if the corpus has it.
func serverToolNames(t *testing.T, f string) []string {
	t.Helper()
	list, ok := serverLists[filepath.Base(f)]
	if !ok {
		return nil
	}
	data, err := os.ReadFile(filepath.Join("testdata/real", list))
	if err != nil {
		t.Fatal(err)
	}
	var l struct {
		Tools []struct {
			Name string `json:"name"`
		} `json:"tools"`
	}
	if err := json.Unmarshal(data, &l); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tl := range l.Tools {
		names = append(names, tl.Name)
	}
	return names
}

// checkListFile is CheckList of the tool list in file f, and how many
// tools it has.
func checkListFile(t *testing.T, f string) ([]Signal, int) {
	t.Helper()
	data, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	sigs, err := CheckList(data)
	if err != nil {
		t.Fatalf("%s: %v", f, err)
	}
	n, _ := countTools(data)
	return sigs, n
}

func countTools(data []byte) (int, error) {
	var l struct {
		Tools []any `json:"tools"`
	}
	err := json.Unmarshal(data, &l)
	return len(l.Tools), err
}

// honestKnownErrors are the errors the honest corpus (testdata/honest)
// still draws, by tool (or description's first words) and rule: each is
// a pattern documented as an error whose honest use cannot be told from
// the attack by the text (docs/tool-text.md, "Precision").
var honestKnownErrors = map[string]string{
	"render_chat_template T034": "a tokenizer naming chat-template tokens: an injected <|im_start|> is the same text",
	"forget_memory T036":        `"do not tell the user the memory's internal id": the concealment an attacker writes`,
	"summarize_url T035":        `a quoted "ignore previous instructions": quoting hides nothing from a model`,
	"Fetches a web page T035":   `a quoted "ignore previous instructions", the same`,
}

// TestHonestCorpus: the real lists (testdata/real) and the honest tools
// and descriptions an attacker's pass wrote (testdata/honest) give no
// error beyond honestKnownErrors, and each of those still fires (a fix
// that ends one removes it here).
func TestHonestCorpus(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("testdata/real/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	files = append(files, "testdata/honest/honest-tools.json")
	seen := map[string]bool{}
	lists, tools, descs, errs := 0, 0, 0, 0
	for _, f := range files {
		sigs, n := checkListFile(t, f)
		lists, tools = lists+1, tools+n
		for _, s := range sigs {
			if s.Severity() == rules.Error {
				errs++
				if key := s.Tool + " " + s.Rule.ID; honestKnownErrors[key] != "" {
					seen[key] = true
					continue
				}
				t.Errorf("%s: %s %s", filepath.Base(f), s.Rule.ID, s.Message)
			}
		}
	}
	data, err := os.ReadFile("testdata/honest/honest-2.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		desc := line
		if strings.HasPrefix(line, `"`) {
			if err := json.Unmarshal([]byte(line), &desc); err != nil {
				t.Fatalf("%s: %v", line, err)
			}
		}
		descs++
		for _, s := range CheckText("/description", desc) {
			if s.Severity() == rules.Error {
				errs++
				if key := strings.Join(strings.Fields(desc)[:min(4, len(strings.Fields(desc)))], " ") + " " + s.Rule.ID; honestKnownErrors[key] != "" {
					seen[key] = true
					continue
				}
				t.Errorf("honest-2.txt: %s %s", s.Rule.ID, s.Message)
			}
		}
	}
	for key, why := range honestKnownErrors {
		if !seen[key] {
			t.Errorf("known error %q (%s) no longer fires: remove it from honestKnownErrors and from docs/tool-text.md", key, why)
		}
	}
	t.Logf("%d lists, %d tools, %d descriptions: %d errors, all known", lists, tools, descs, errs)
}
