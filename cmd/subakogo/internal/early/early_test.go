package early

import "testing"

func TestSupervised(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want bool
	}{
		{[]string{"lint", "module.wasm"}, true},
		{[]string{"explain", "P001"}, true},
		{nil, true}, // the usage message
		{[]string{"version"}, false},
		{[]string{"version", "extra"}, true}, // a usage error, reported by the child
		{[]string{"-V=full"}, false},
		{[]string{"-flags"}, false},
		{[]string{"-json", "/tmp/go-build1/b001/vet.cfg"}, false},
		{[]string{"-test.paniconexit0", "-test.timeout=10m0s"}, false},
		{[]string{"lint", "vet.cfg.d"}, true},
	} {
		if got := supervised(tc.args); got != tc.want {
			t.Errorf("supervised(%q) = %v, want %v", tc.args, got, tc.want)
		}
	}
}
