package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/subako-ai/subako-go/internal/check/gocheck"
	"github.com/subako-ai/subako-go/internal/rules"
	"github.com/subako-ai/subako-go/internal/serve"
)

// TestServeHTTPToken: serve --http-public takes its bearer token from
// $SUBAKOGO_HTTP_TOKEN (refusing a short one, and printing none), or makes
// one and prints it; a non-loopback --http without --http-public is a
// usage error that does not invite the flag (refused before any bind).
func TestServeHTTPToken(t *testing.T) {
	t.Setenv(httpTokenEnv, "")
	var stderr bytes.Buffer
	made, err := httpToken(true, &stderr)
	if err != nil || len(made) < serve.MinTokenLength || !strings.Contains(stderr.String(), "Authorization: Bearer "+made+"\n") {
		t.Errorf("made: %q, %v; stderr %q", made, err, stderr.String())
	}
	if tok, err := httpToken(false, &stderr); tok != "" || err != nil {
		t.Errorf("loopback: %q, %v", tok, err)
	}
	chosen := strings.Repeat("k", serve.MinTokenLength)
	t.Setenv(httpTokenEnv, chosen)
	stderr.Reset()
	if tok, err := httpToken(true, &stderr); tok != chosen || err != nil || stderr.Len() != 0 {
		t.Errorf("chosen: %q, %v; stderr %q", tok, err, stderr.String())
	}
	t.Setenv(httpTokenEnv, "short")
	if _, err := httpToken(true, &stderr); err == nil {
		t.Error("a short token was taken")
	}
	code, _, errOut := runCLI("serve", "--http", "0.0.0.0:0", "examples/hello")
	if first, _, _ := strings.Cut(errOut, "\n"); code != exitUsage || !strings.Contains(first, "not a loopback address") || strings.Contains(first, "public") {
		t.Errorf("--http 0.0.0.0:0: exit %d, %s", code, errOut)
	}
}

// TestSourceTools: serve lists a Go package's tools from its source while
// it is built only when the analyzer found no error (a stale
// subako_gen.go, regenerated, aside), and as the analyzer's one renderer
// writes them.
func TestSourceTools(t *testing.T) {
	a, err := gocheck.Analyze(context.Background(), "../../examples/hello")
	if err != nil {
		t.Fatal(err)
	}
	want, err := a.Model.ToolsJSON()
	if err != nil {
		t.Fatal(err)
	}
	if got := sourceTools(a); string(got) != string(want) {
		t.Errorf("sourceTools = %s, want %s", got, want)
	}
	at := func(rule *rules.Rule) gocheck.Diagnostic {
		return gocheck.Diagnostic{Diagnostic: analysis.Diagnostic{Category: rule.ID, Message: rule.Slug}}
	}
	a.Diagnostics = []gocheck.Diagnostic{at(rules.GoGeneratedStale), at(rules.GoDescriptionMissing)}
	if sourceTools(a) == nil {
		t.Error("no list for a package with a warning and a regenerated subako_gen.go")
	}
	a.Diagnostics = append(a.Diagnostics, at(rules.GoToolName))
	if got := sourceTools(a); got != nil {
		t.Errorf("a list for a package with an analyzer error: %s", got)
	}
	if sourceTools(nil) != nil || sourceTools(&gocheck.Result{}) != nil {
		t.Error("a list without a model")
	}
}
