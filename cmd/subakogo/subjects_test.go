package main

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/subjects"
)

// TestCallWaitsForEOF: call on a module of another language that reads to
// end of input before answering says so and exits 1, instead of printing
// nothing (or an unreadable result) once the time-out ends the call.
func TestCallWaitsForEOF(t *testing.T) {
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
