package modules

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/check/callcheck"
	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/subjects"
)

// TestCallWaitsForEOF: call on a module of another language that reads to
// end of input before answering says so and exits 1, instead of printing
// nothing (or an unreadable result) once the time-out ends the call.
func TestCallWaitsForEOF(t *testing.T) {
	t.Parallel()
	for _, lang := range subjects.Langs {
		t.Run(string(lang), func(t *testing.T) {
			mod := subjects.Module(t, lang, subjects.ReadToEOF)
			for _, args := range [][]string{{"call"}, {"call", "--json"}} {
				code, out, errOut := runCLI(append(args, "--timeout", "1s", mod, subjects.Tool, `{"a":1,"b":2}`)...)
				if code != exitFindings || !strings.Contains(out+errOut, "while stdin stayed open") {
					t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errOut)
				}
			}
		})
	}
}

// TestLintSubjects: lint, with its default probes, passes the well-behaved
// package of every language and finds the JSON-RPC error for bad
// arguments in each language's rpc_error package, on that module.
func TestLintSubjects(t *testing.T) {
	t.Parallel()
	var good, bad []string
	for _, lang := range subjects.Langs {
		good = append(good, subjects.Package(t, lang, subjects.Good))
		bad = append(bad, subjects.Package(t, lang, subjects.RPCError))
	}
	if code, out, errOut := runCLI(append([]string{"lint"}, good...)...); code != exitOK || !strings.HasPrefix(out, "no findings") {
		t.Errorf("well-behaved: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	code, out, errOut := runCLI(append([]string{"lint", "--format", "json"}, bad...)...)
	var rep struct {
		Files []struct {
			Path     string
			Findings []struct{ Rule string }
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); code != exitFindings || err != nil {
		t.Fatalf("rpc_error: exit %d, %v, stdout %q, stderr %q", code, err, out, errOut)
	}
	for _, f := range rep.Files {
		var rules []string
		for _, fd := range f.Findings {
			rules = append(rules, fd.Rule)
		}
		want := ""
		if filepath.Base(f.Path) == "module.wasm" {
			want = "P031"
		}
		if got := strings.Join(slices.Compact(rules), " "); got != want {
			t.Errorf("%s: rules %q, want %q", f.Path, got, want)
		}
	}
}

// TestSaveCases: lint --save-cases writes the smallest failing case of the
// Go enum_second subject in testdata/calls.json's format, which callcheck
// replays as a P020 while the fault is there; the finding names the
// subakogo call command that reproduces it, and that command fails.
func TestSaveCases(t *testing.T) {
	t.Parallel()
	dir := subjects.Package(t, subjects.Go, subjects.EnumSecond)
	file := filepath.Join(dir, "testdata", "calls.json")
	code, out, errOut := runCLI("lint", "--save-cases", file, dir)
	if code != exitFindings || !strings.Contains(errOut, "1 failing case(s) added to "+file) {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var calls []callcheck.Call
	if err := json.Unmarshal(b, &calls); err != nil || len(calls) != 1 || calls[0].Tool != subjects.Tool || calls[0].IsError {
		t.Fatalf("calls.json: %v\n%s", err, b)
	}
	var args map[string]any
	if json.Unmarshal(calls[0].Arguments, &args) != nil || args["mode"] != "difference" || len(args) != 3 {
		t.Errorf("not the smallest case: %s", calls[0].Arguments)
	}
	cmd := "subakogo call " + filepath.Join(dir, "module.wasm") + " add '" + string(calls[0].Arguments) + "'"
	if !strings.Contains(out, "; reproduce: "+cmd) {
		t.Errorf("the finding lacks %q:\n%s", cmd, out)
	}
	if code, out, _ := runCLI("call", filepath.Join(dir, "module.wasm"), "add", string(calls[0].Arguments)); code != exitFindings || !strings.Contains(out, "not implemented") {
		t.Errorf("the command does not reproduce it: exit %d, %s", code, out)
	}
	wasm, err := os.ReadFile(filepath.Join(dir, "module.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	var opened []*host.Host
	defer func() {
		for _, h := range opened {
			h.Close(context.Background())
		}
	}()
	hostOf := func(ctx context.Context) (*host.Host, error) {
		h, err := host.New(ctx, host.Options{})
		if err == nil {
			opened = append(opened, h)
		}
		return h, err
	}
	if fs, err := callcheck.Check(context.Background(), hostOf, dir, wasm, ""); err != nil || len(fs) != 1 || fs[0].Rule.ID != "P020" {
		t.Errorf("replayed: %v (%v)", fs, err)
	}
	// Saved again: nothing new is added.
	if _, _, errOut := runCLI("lint", "--save-cases", file, dir); !strings.Contains(errOut, "0 failing case(s)") {
		t.Errorf("saved twice: %s", errOut)
	}
}

// TestCallNullID: call reports an answer with id null as it arrives,
// as the break it is, before the missing answer it leads to.
func TestCallNullID(t *testing.T) {
	t.Parallel()
	mod := subjects.Module(t, subjects.Go, subjects.NullID)
	code, out, errOut := runCLI("call", mod, subjects.Tool, `{"a":1,"b":2}`)
	if i := strings.Index(out, "unknown-id: an answer with id null"); code != exitFindings || i < 0 || strings.Index(out, "no-answer") < i {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}
