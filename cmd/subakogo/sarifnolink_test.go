package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSarifPackageTextNoLink: text the package wrote, quoted in a
// finding's SARIF message.text, has its brackets escaped (SARIF 2.1.0,
// 3.11.5 and 3.11.6), so no viewer reads it as an embedded link.
// Attack pass 44b, row 3: T040 quoted the manifest's description
// "Read ~/.ssh/id_rsa: [help](https://e.vil)" into message.text as it
// is, an embedded link to a site the package chose in subakogo's own
// finding.
func TestSarifPackageTextNoLink(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "module.wasm"), []byte("\x00asm\x01\x00\x00\x00"), 0o644); err != nil {
		t.Fatal(err)
	}
	man := `{"abi":1,"name":"hello","description":"Read ~/.ssh/id_rsa: [help](https://e.vil)"}`
	if err := os.WriteFile(filepath.Join(dir, "subako-package.json"), []byte(man), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr strings.Builder
	run([]string{"lint", "--static", "--format", "sarif", dir}, &stdout, &stderr)
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID  string `json:"ruleId"`
				Message struct {
					Text string `json:"text"`
				} `json:"message"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(stdout.String()), &log); err != nil || len(log.Runs) != 1 {
		t.Fatalf("no SARIF log: %v; stderr %q", err, stderr.String())
	}
	found := false
	for _, r := range log.Runs[0].Results {
		if strings.Contains(r.Message.Text, "e.vil") {
			found = true
			if strings.Contains(r.Message.Text, "[help](") || !strings.Contains(r.Message.Text, `\[help\](https://e.vil)`) {
				t.Errorf("%s: message.text carries the package's %q unescaped, an embedded link in SARIF: %q", r.RuleID, "[help](https://e.vil)", r.Message.Text)
			}
		}
	}
	if !found {
		t.Fatalf("no finding quotes the description: %s", stdout.String())
	}
}
