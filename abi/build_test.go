package abi_test

import (
	"os/exec"
	"strings"
	"testing"
)

// abi runs inside modules, so it and its subpackages (the JSON scanner
// among them) depend on nothing but the standard library, and not on
// reflection, fmt or encoding/json (see subako's TestNoReflectionDependencies),
// in a wasip1 build as natively; and they build for wasip1.
func TestDependencies(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	for _, goos := range []string{"wasip1", ""} {
		cmd := exec.Command("go", "list", "-deps", "-f", "{{.Standard}} {{.ImportPath}}", "./...")
		if goos != "" {
			cmd.Env = append(cmd.Environ(), "GOOS=wasip1", "GOARCH=wasm")
		}
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("GOOS=%s go list: %v\n%s", goos, err, out)
		}
		for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			std, path, _ := strings.Cut(line, " ")
			switch {
			case path == "reflect" || path == "fmt" || path == "encoding/json":
				t.Errorf("GOOS=%s: abi depends on %s", goos, path)
			case std != "true" && path != "github.com/subako-ai/subako-go/abi" && !strings.HasPrefix(path, "github.com/subako-ai/subako-go/abi/"):
				t.Errorf("GOOS=%s: abi depends on %s, outside the standard library", goos, path)
			}
		}
	}
	if out, err := exec.Command("env", "GOOS=wasip1", "GOARCH=wasm", "go", "vet", "./...").CombinedOutput(); err != nil {
		t.Errorf("GOOS=wasip1 go vet ./...: %v\n%s", err, out)
	}
}
