package main

import (
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
