package modules

import (
	"context"
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/gowasm"
	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/probe"
	"github.com/subako-ai/subako-go/internal/rules"
)

// TestOneJudge calls testdata/results for one result of each outcome of
// the content-block table, isError, the faults the runtime marks
// (abi.MetaFault), the outputSchema and the text block, through lint's
// probes, call and serve: each names the same rules.
func TestOneJudge(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a wasip1 module")
	}
	t.Parallel()
	mod := gowasm.Path(t, "../../testdata/results")
	ctx := context.Background()
	h, err := host.New(ctx, host.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close(ctx)
	m, err := h.Compile(ctx, gowasm.Build(t, "../../testdata/results"))
	if err != nil {
		t.Fatal(err)
	}
	d := h.Discover(ctx, m, "")
	if d.Stopped != nil {
		t.Fatal(d.Stopped)
	}
	ruleID := regexp.MustCompile(`\b(P0[3-5][0-9]) probe-[a-z-]+ \(`)
	for _, c := range []struct{ which, want string }{
		{"ok", ""},
		{"image-png", ""},
		{"image-bmp", "P043"},
		{"image-bad-base64", "P043"},
		{"link-ok", ""},
		{"link-missing", "P044"},
		{"link-web", "P045"},
		{"audio", "P045"},
		{"unknown-block", "P045"},
		{"no-content", "P030"},
		{"bad-output", "P033"},
		{"text-differs", "P034"},
		{"is-error", ""},
		{"panic", "P053"},
		{"nil-result", "P055"},
		{"result-not-json", "P055"},
	} {
		t.Run(c.which, func(t *testing.T) {
			want := strings.Fields(c.want)
			args := json.RawMessage(`{"which":"` + c.which + `"}`)
			// lint: the probes, with this one case.
			res := probe.Run(ctx, h, m, d.Tools, probe.Options{RunLimit: 2 * time.Second, Cases: func(json.RawMessage) ([]probe.Case, []string) {
				return []probe.Case{{Name: "valid", Args: args, Valid: true}}, nil
			}})
			// P054 (every valid case answered isError) judges the probes'
			// cases together, not one result: call and serve see one.
			var lint []string
			for _, f := range res.Findings {
				if f.Rule != rules.ProbeBudget && f.Rule != rules.ProbeAllErrors && !slices.Contains(lint, f.Rule.ID) {
					lint = append(lint, f.Rule.ID)
				}
			}
			// call and serve print each problem as "ID slug (severity)".
			_, callOut, _ := runCLI("call", mod, "show", string(args))
			call := ids(ruleID, callOut)
			_, _, serveLog := serveWith(t, initialize+"\n"+`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"show","arguments":`+string(args)+`}}`+"\n", "--probes=none", mod)
			serve := ids(ruleID, serveLog)
			for name, got := range map[string][]string{"lint": lint, "call": call, "serve": serve} {
				slices.Sort(got)
				if !slices.Equal(got, want) {
					t.Errorf("%s: got %v, want %v\ncall: %s\nserve: %s", name, got, want, callOut, serveLog)
				}
			}
		})
	}
}

func ids(re *regexp.Regexp, text string) []string {
	var out []string
	for _, m := range re.FindAllStringSubmatch(text, -1) {
		if !slices.Contains(out, m[1]) {
			out = append(out, m[1])
		}
	}
	return out
}
