//go:build !wasip1

package subako

import (
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"
)

// goCmd runs the go command in this directory for goos/goarch and returns
// its combined output.
func goCmd(t testing.TB, goos, goarch string, args ...string) string {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Env = append(os.Environ(), "GOOS="+goos, "GOARCH="+goarch, "CGO_ENABLED=0")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("GOOS=%s GOARCH=%s go %s: %v\n%s", goos, goarch, strings.Join(args, " "), err, out)
	}
	return string(out)
}

// The runtime and the JSON package must not pull in reflection, fmt or
// encoding/json, in the module or natively: they cost size and start-up
// time, and TinyGo cannot compile much of them. (internal/reflectlite,
// which errors, io and strconv use, is small and allowed.)
func TestNoReflectionDependencies(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	for _, target := range [][2]string{{"wasip1", "wasm"}, {runtime.GOOS, runtime.GOARCH}} {
		deps := strings.Fields(goCmd(t, target[0], target[1], "list", "-deps", ".", "../abi/jsonwire", "./testdata/hello"))
		if len(deps) < 10 {
			t.Fatalf("%s: implausible dependency list %v", target, deps)
		}
		for _, dep := range deps {
			switch dep {
			case "reflect", "fmt", "encoding/json":
				t.Errorf("%s/%s: the runtime depends on %s", target[0], target[1], dep)
			}
		}
	}
}

// The runtime builds and vets clean for wasip1, where the subako_http
// imports are compiled in.
func TestBuildsForWasip1(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	goCmd(t, "wasip1", "wasm", "build", ".", "../abi/jsonwire")
	goCmd(t, "wasip1", "wasm", "vet", ".", "../abi/jsonwire")
}
