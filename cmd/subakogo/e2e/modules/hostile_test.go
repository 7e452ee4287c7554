package modules

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"

	"github.com/subako-ai/subako-go/cmd/subakogo/internal/clitest"
	"github.com/subako-ai/subako-go/internal/wasmbuild"
)

// TestHugeNameCount: issue 30's 100-byte module (a name section whose
// function or local names declare 2^32-1 entries) once crashed lint, call
// and serve out of memory (exit 4). Each now judges it within a bounded
// peak resident memory, with W055 where the module is linted.
func TestHugeNameCount(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, names := range []byte{1, 2} {
		mod := filepath.Join(dir, "names"+string('0'+names)+".wasm")
		if err := os.WriteFile(mod, wasmbuild.HugeNameCount(names), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			args  []string
			stdin string
			code  int
			want  string
		}{
			{[]string{"lint", "--engine", "interpreter", mod}, "", exitFindings, "W055 name-section-ignored: name section: declares 4294967295"},
			{[]string{"lint", "--engine", "compiler", mod}, "", exitFindings, "W055"},
			// The module answers nothing: call judges that, not the section.
			{[]string{"call", "--engine", "interpreter", mod, "x", "{}"}, "", exitFindings, "no answer"},
			{[]string{"serve", "--force", "--engine", "interpreter", mod}, `{"jsonrpc":"2.0","id":1,"method":"ping"}` + "\n", exitOK, "W055"},
		} {
			cmd := clitest.Command("", c.args...)
			cmd.Stdin = strings.NewReader(c.stdin)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			_ = cmd.Run()
			code := cmd.ProcessState.ExitCode()
			out := stdout.String() + stderr.String()
			if code != c.code || !strings.Contains(out, c.want) {
				t.Errorf("%v: exit %d, want %d with %q:\n%s", c.args, code, c.code, c.want, out)
			}
			if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok && runtime.GOOS == "linux" && ru.Maxrss > 512<<10 {
				t.Errorf("%v: peak resident memory %d MiB", c.args, ru.Maxrss>>10)
			}
		}
	}
}
