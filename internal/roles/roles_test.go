package roles

import (
	"testing"

	"github.com/subako-ai/subako-go/internal/host/workerenv"
)

func TestOf(t *testing.T) {
	for _, tc := range []struct {
		args        []string
		mark, build string // supervise's mark and a compile worker's job
		want        Role
	}{
		{[]string{"lint", "module.wasm"}, "", "", Supervisor},
		{[]string{"explain", "P001"}, "", "", Supervisor},
		{nil, "", "", Supervisor}, // the usage message
		{[]string{"version"}, "", "", Command},
		{[]string{"version", "extra"}, "", "", Supervisor}, // a usage error, reported by the child
		{[]string{"-V=full"}, "", "", Vettool},
		{[]string{"-flags"}, "", "", Vettool},
		{[]string{"-json", "/tmp/go-build1/b001/vet.cfg"}, "", "", Vettool},
		{[]string{"-test.paniconexit0", "-test.timeout=10m0s"}, "", "", Command},
		{[]string{"lint", "vet.cfg.d"}, "", "", Supervisor},
		{[]string{"lint", "module.wasm"}, "1", "", Child},
		{[]string{"version"}, "1", "", Child},
		{nil, "", `{"Cache":"/tmp/c"}`, CompileWorker},                     // not a supervisor, though started with no arguments
		{nil, "1", `{"Cache":"/tmp/c"}`, CompileWorker},                    // started by a supervised child, whose mark it inherits
		{[]string{"-test.run=X"}, "", `{"Cache":"/tmp/c"}`, CompileWorker}, // a test binary the host started as its worker
	} {
		t.Setenv("SUBAKO_SUPERVISED_CHILD", tc.mark)
		t.Setenv(workerenv.Job, tc.build)
		if got := Of(tc.args); got != tc.want {
			t.Errorf("Of(%q) with mark %q, job %q = %v, want %v", tc.args, tc.mark, tc.build, got, tc.want)
		}
	}
	// Vettool's child (attack pass 41n, row 2): marked, and vet's arguments.
	t.Setenv("SUBAKO_SUPERVISED_CHILD", "")
	t.Setenv(workerenv.Job, "")
	t.Setenv(VetChildEnv, "1")
	if got := Of([]string{"/tmp/go-build1/b001/vet.cfg"}); got != VetChild {
		t.Errorf("the marked vet child is %v", got)
	}
	if got := Of([]string{"lint", "module.wasm"}); got != Supervisor {
		t.Errorf("a command with the vet child's mark is %v", got)
	}
}
