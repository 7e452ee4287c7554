package roles

import "testing"

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
		{nil, "exempt", "", Command},
		{nil, "exempt", `{"Cache":"/tmp/c"}`, CompileWorker},
		{[]string{"-test.run=X"}, "", `{"Cache":"/tmp/c"}`, CompileWorker}, // a test binary the host started as its worker
	} {
		t.Setenv("SUBAKO_SUPERVISED_CHILD", tc.mark)
		t.Setenv(CompileWorkerEnv, tc.build)
		if got := Of(tc.args); got != tc.want {
			t.Errorf("Of(%q) with mark %q, job %q = %v, want %v", tc.args, tc.mark, tc.build, got, tc.want)
		}
	}
}
