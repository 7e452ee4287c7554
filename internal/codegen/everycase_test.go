package codegen_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/gowasm"
	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/probe/argsgen"
	"github.com/subako-ai/subako-go/internal/probe/resultcheck"
)

// Every generated package takes every argument case the probes send:
// each valid case gives a CallToolResult that passes the result checks
// (an isError one is allowed: weather cannot reach its API here), each
// invalid one an isError result; never a JSON-RPC error, a trap or a slow
// exit. Run on the golden packages and on examples/*.
func TestEveryArgumentCase(t *testing.T) {
	everythingPackage(t)
	extraPackage(t)
	mods := map[string]*host.Module{}
	var h *host.Host
	for _, name := range []string{"everything", "extra"} {
		h, mods[name] = wasmModule(t, name)
	}
	examples, err := filepath.Glob("../../examples/*/subako_gen.go")
	if err != nil || len(examples) < 3 {
		t.Fatalf("examples: %v %v", examples, err)
	}
	for _, f := range examples {
		dir := filepath.Dir(f)
		wasm, err := os.ReadFile(gowasm.Path(t, dir))
		if err != nil {
			t.Fatal(err)
		}
		hostMu.Lock()
		m, err := theHost.Compile(context.Background(), wasm)
		hostMu.Unlock()
		if err != nil {
			t.Fatal(err)
		}
		mods["examples/"+filepath.Base(dir)] = m
	}
	for name, m := range mods {
		t.Run(name, func(t *testing.T) {
			d := h.Discover(context.Background(), m, "")
			if d.Stopped != nil {
				t.Fatalf("discovery stopped: %s", d.Stopped)
			}
			calls := 0
			for _, raw := range d.Tools {
				var tool struct {
					Name         string          `json:"name"`
					InputSchema  json.RawMessage `json:"inputSchema"`
					OutputSchema json.RawMessage `json:"outputSchema"`
				}
				if err := json.Unmarshal(raw, &tool); err != nil {
					t.Fatal(err)
				}
				cases, notes := argsgen.Cases(tool.InputSchema, argsgen.Options{MaxCases: 40})
				if len(notes) > 0 || len(cases) == 0 {
					t.Errorf("%s: %d cases, notes %q", tool.Name, len(cases), notes)
				}
				for _, c := range cases {
					calls++
					// As the probes call: an empty volume of its own each time.
					vol := t.TempDir()
					if err := os.Mkdir(filepath.Join(vol, "tmp"), 0o755); err != nil {
						t.Fatal(err)
					}
					call := h.Call(context.Background(), m, tool.Name, c.Args, host.CallConfig{Timeout: 20 * time.Second, Mounts: host.Mounts{Volume: vol}})
					r := call.Record
					at := tool.Name + " " + c.Name + " " + string(c.Args)
					if bs := r.Breaks(); len(bs) > 0 || !r.Exited || r.ExitCode != 0 || call.Result == nil {
						t.Errorf("%s: breaks %v, exited %v with %d, response %s\nstderr: %s", at, bs, r.Exited, r.ExitCode, call.Response, r.Stderr)
						continue
					}
					for _, p := range resultcheck.Check(call.Result, tool.OutputSchema) {
						if p.Kind == resultcheck.ResultFault && name == "extra" && tool.Name == "report" {
							continue // a nil result on {"nil":true}, on purpose (TestCallExtra)
						}
						t.Errorf("%s: %s: %s\nresult %s", at, p.Kind, p.Detail, call.Result)
					}
					var res struct{ IsError bool }
					if err := json.Unmarshal(call.Result, &res); err != nil {
						t.Fatal(err)
					}
					if !c.Valid && !res.IsError {
						t.Errorf("%s: invalid arguments taken: %s", at, call.Result)
					}
					if c.Valid && res.IsError && name != "examples/weather" {
						t.Logf("%s: valid arguments refused: %s", at, call.Result)
					}
				}
			}
			t.Logf("%d tools, %d calls", len(d.Tools), calls)
		})
	}
}
