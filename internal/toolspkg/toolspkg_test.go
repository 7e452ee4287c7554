package toolspkg

import (
	"bytes"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/gowasm"
)

// TestSource: a package of n tools has n handlers, tool 0 the same in
// every package, and refuses counts Subako does not allow.
func TestSource(t *testing.T) {
	t.Parallel()
	one, err := Source(1)
	if err != nil {
		t.Fatal(err)
	}
	three, err := Source(3)
	if err != nil {
		t.Fatal(err)
	}
	f, err := parser.ParseFile(token.NewFileSet(), "tools.go", three, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(three, []byte("\n//subako:function\n")); n != 3 || len(f.Decls) != 1+3*3 {
		t.Errorf("3 tools: %d handlers, %d declarations", n, len(f.Decls))
	}
	if tool0 := one[bytes.Index(one, []byte("package main")):]; !bytes.Contains(three, tool0) {
		t.Error("tool 0 differs between the packages of 1 and 3 tools")
	}
	for _, n := range []int{0, 65} {
		if _, err := Source(n); err == nil {
			t.Errorf("Source(%d) did not fail", n)
		}
	}
}

// TestDir writes and generates the package of 2 tools, builds it for
// wasip1, and writes nothing the second time.
func TestDir(t *testing.T) {
	dir := Dir(t, 2)
	gen, err := os.ReadFile(filepath.Join(dir, "subako_gen.go"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(gen), "greet01") {
		t.Errorf("subako_gen.go does not dispatch greet01")
	}
	if wasm := gowasm.PathEnv(t, dir, Env); wasm == "" {
		t.Fatal("no module")
	}
	gomod := filepath.Join(filepath.Dir(dir), "go.mod")
	before, _ := os.Stat(gomod)
	made[2] = nil // write again, as the next run will
	if again := Dir(t, 2); again != dir {
		t.Errorf("the second time in %s, not %s", again, dir)
	}
	if after, _ := os.Stat(gomod); !after.ModTime().Equal(before.ModTime()) {
		t.Error("go.mod was written again")
	}
}
