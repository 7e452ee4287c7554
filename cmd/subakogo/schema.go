package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"

	"github.com/subako-ai/subako-go/internal/check/gocheck"
	"github.com/subako-ai/subako-go/internal/cli"
	"github.com/subako-ai/subako-go/internal/rules"
)

func runSchema(args []string, stdout, stderr io.Writer) int {
	return cli.Interruptible("subakogo schema", "", stderr, func(ctx context.Context, stderr io.Writer) int {
		return schemaCommand(goBackstop(ctx), args, stdout, stderr)
	})
}

// schemaCommand is schema; a signal cancels ctx, which ends the package's
// load.
func schemaCommand(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("schema", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: subakogo schema [PACKAGE]\n\nPrints the tool list a Go package's module will answer to tools/list, from its source.\n\n"+
			"Saved and committed, it is the baseline that diff, check --baseline and pack --baseline compare\n"+
			"the next version with (docs/diff.md):\n\n"+
			"    subakogo schema ./pkg > pkg/tools.json\n\n"+
			"Write it again when you publish a version; any tools/list result ({\"tools\": [...]}) serves as well.")
	}
	pattern, err := packageArg(fs, args)
	if err != nil {
		return usageError(stderr, fs, err)
	}
	a, err := gocheck.Analyze(ctx, pattern)
	if err != nil {
		fmt.Fprintf(stderr, "subakogo schema: %v\n", err)
		return exitUnreadable
	}
	if printDiagnostics(stderr, a) || a.Model == nil {
		if a.Model == nil {
			fmt.Fprintf(stderr, "subakogo schema: %s has no //subako:function\n", pattern)
		}
		return exitFindings
	}
	tools, err := a.Model.ToolsJSON()
	if err != nil {
		fmt.Fprintf(stderr, "subakogo schema: %v\n", err)
		return exitFindings
	}
	var pretty bytes.Buffer
	if err := json.Indent(&pretty, tools, "", "  "); err != nil {
		fmt.Fprintf(stderr, "subakogo schema: %v\n", err)
		return exitFindings
	}
	pretty.WriteByte('\n')
	stdout.Write(pretty.Bytes())
	return exitOK
}

// printDiagnostics writes the analyzers' findings, compiler style, and
// reports whether any is an error.
func printDiagnostics(w io.Writer, a *gocheck.Result) bool {
	failed := false
	for _, d := range a.Diagnostics {
		fmt.Fprintf(w, "%s: %s\n", d.Position, d.Message)
		failed = failed || isErrorCategory(d.Category)
	}
	return failed
}

// isErrorCategory looks a diagnostic's rule up in the catalog.
func isErrorCategory(id string) bool {
	r, ok := rules.Lookup(id)
	return !ok || r.Severity == rules.Error
}
