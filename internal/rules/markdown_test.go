package rules

import (
	"bytes"
	"os"
	"testing"
)

//go:generate go run ../cmd/rulesdoc -o ../../docs/rules.md

// TestRuleReferenceCurrent fails when docs/rules.md no longer matches the
// catalog: run go generate ./internal/rules.
func TestRuleReferenceCurrent(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	if err := WriteMarkdown(&b); err != nil {
		t.Fatal(err)
	}
	committed, err := os.ReadFile("../../docs/rules.md")
	if err != nil {
		t.Fatalf("%v (run go generate ./internal/rules)", err)
	}
	if !bytes.Equal(committed, b.Bytes()) {
		t.Fatal("docs/rules.md is stale: run go generate ./internal/rules")
	}
	for _, r := range Catalog {
		if !bytes.Contains(committed, []byte("### "+r.ID+"\n")) {
			t.Errorf("%s missing from the reference", r.ID)
		}
	}
}
