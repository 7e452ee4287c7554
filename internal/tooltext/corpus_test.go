package tooltext

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
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
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sigs, err := CheckList(data)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		n, _ := countTools(data)
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
		for _, s := range CheckServer(data, nil) {
			t.Errorf("server/%s: %s %s", filepath.Base(f), s.Rule.ID, s.Message)
		}
	}
	t.Logf("%d tool lists, %d tools; %d servers' instructions", len(files), tools, len(servers))
}

func countTools(data []byte) (int, error) {
	var l struct {
		Tools []any `json:"tools"`
	}
	err := json.Unmarshal(data, &l)
	return len(l.Tools), err
}
