package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestLeanBuild holds the generator's build to what generating needs: its
// dependencies (go list -deps)
// leave out the host and wazero, the JSON Schema compiler and the wasm
// reader, which subakogo links for lint, call and check.
func TestLeanBuild(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	out, err := exec.Command("go", "list", "-deps", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps: %v\n%s", err, out)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 50 {
		t.Fatalf("go list -deps listed only %d packages:\n%s", len(deps), out)
	}
	for _, d := range deps {
		for _, banned := range []string{
			"github.com/tetratelabs/wazero",
			"github.com/santhosh-tekuri/jsonschema",
			"github.com/subako-ai/subako-go/internal/wasmparse",
			"github.com/subako-ai/subako-go/internal/host",
			"github.com/tetratelabs/wabin",
		} {
			if d == banned || strings.HasPrefix(d, banned+"/") {
				t.Errorf("the generator's build imports %s", d)
			}
		}
	}
	// The check can fail: subakogo's own build has them all.
	full, err := exec.Command("go", "list", "-deps", "../subakogo").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"github.com/tetratelabs/wazero", "github.com/subako-ai/subako-go/internal/wasmparse"} {
		if !strings.Contains(string(full), want+"\n") {
			t.Errorf("subakogo's dependencies miss %s: the test no longer tells a lean build from a full one", want)
		}
	}
}
