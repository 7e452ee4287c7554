package probe

import (
	"flag"
	"slices"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/cli"
)

// TestReproduceDashNames (attack pass 41q, row 2): a tool name may start
// with '-' (lint draws no finding for "--json"), and the subakogo call
// command a probe finding ends with put it among call's flags, which call
// reads anywhere: "--json" became call's flag and the arguments the tool.
// Such a name now comes after "--", which call's parser honours wherever
// it stands.
func TestReproduceDashNames(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ module, tool string }{
		{"m.wasm", "--json"},
		{"m.wasm", "-timeout"},
		{"-m.wasm", "add"},
		{"m.wasm", "add"},
	} {
		r := &runner{opt: Options{Module: c.module}}
		cmd := r.reproduce(c.tool, []byte(`{}`))
		fields := strings.Fields(cmd) // no spaces inside the quotes here; the shell would strip them
		fs := flag.NewFlagSet("call", flag.ContinueOnError)
		fs.Bool("json", false, "")
		fs.Duration("timeout", 0, "")
		pos, err := cli.Interspersed(fs, fields[2:])
		if err != nil {
			t.Fatalf("%s: %v", cmd, err)
		}
		if want := []string{c.module, c.tool, shellQuote("{}")}; !slices.Equal(pos, want) {
			t.Errorf("%s: call reads the positional arguments %q, want %q", cmd, pos, want)
		}
	}
}
