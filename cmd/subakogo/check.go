package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/subako-ai/subako-go/internal/cli"
	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/pipeline/check"
	"github.com/subako-ai/subako-go/internal/pipeline/progress"
	"github.com/subako-ai/subako-go/internal/report"
	"github.com/subako-ai/subako-go/internal/rules"
	"github.com/subako-ai/subako-go/internal/termsafe"
)

func runCheck(args []string, stdout, stderr io.Writer) int {
	return interruptible("check", stderr, func(ctx context.Context, stderr io.Writer) int { return checkCommand(ctx, args, stdout, stderr) })
}

// checkCommand is check; a signal cancels ctx (interruptible).
func checkCommand(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	format := fs.String("format", "text", "output format: text, json or sarif")
	var ignore stringList
	fs.Var(&ignore, "ignore", "leave out findings of this rule, by ID or slug (repeatable)")
	probes := probeFlags(fs)
	engine := engineFlag(fs)
	baseline := baselineFlag(fs)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: subakogo check [--format text|json|sarif] [--engine E] [--probes none|safe|all] [--probe-time 20s] [--wall-start TIME] [--ignore ID]...\n"+
			"                     [--baseline PATH] [PACKAGE]\n\n"+
			"For CI: the analyzer, generated code up to date, a GOOS=wasip1 build, lint of the module with\n"+
			"discovery and the call probes, and the example calls in testdata/calls.json; with --baseline,\n"+
			"the tool list compared with the last published one (subakogo diff). One exit code."+probeUsage)
		fs.PrintDefaults()
	}
	pattern, err := packageArg(fs, args)
	if err != nil {
		return usageError(stderr, fs, err)
	}
	f, err := report.ParseFormat(*format)
	if err != nil {
		return usageError(stderr, fs, err)
	}
	probeOpt, err := probes()
	if err == nil {
		err = ignoreInProbes(probeOpt, ignore)
	}
	if err != nil {
		return usageError(stderr, fs, err)
	}
	opt := check.Options{Pattern: pattern, Engine: *engine, Probes: probeOpt, Stderr: stderr, Progress: slowNotes(ctx, stderr, "subakogo check"), Backstop: backstops.host}
	if *baseline != "" {
		opt.Baseline = func(ctx context.Context, d *host.Discovery) (report.File, error) {
			return compareBaseline(ctx, *engine, *baseline, listing{tools: d.Tools, discover: d.Discover}, stderr)
		}
	}
	res, err := check.Run(ctx, opt)
	if err != nil {
		fmt.Fprintf(stderr, "subakogo check: %v\n", err)
		return exitUnreadable
	}
	shortenPaths(res.Files)
	code := exitOK
	if res.Failed {
		code = exitFindings
	}
	return finishCheck(stdout, stderr, f, res.Files, res.Steps, ignore, code)
}

// finishCheck prints the steps and the findings, and returns the exit
// code: code, or exitFindings when an error is left after --ignore.
func finishCheck(stdout, stderr io.Writer, f report.Format, files []report.File, steps []string, ignore []string, code int) int {
	for i := range files {
		files[i].Findings, files[i].Waived = withoutIgnored(files[i].Findings, ignore), withoutIgnored(files[i].Waived, ignore)
		if hasError(files[i : i+1]) {
			code = exitFindings
		}
	}
	if f == report.Text {
		for _, s := range steps {
			fmt.Fprintln(stdout, termsafe.Line(s))
		}
	}
	if err := report.Write(stdout, f, files, report.Options{ToolName: "subakogo", Version: version(), Rules: rules.Catalog, Color: f == report.Text && isTerminal(stdout)}); err != nil && !cli.ReaderGone(err) {
		fmt.Fprintf(stderr, "subakogo check: %v\n", err)
	}
	return code
}

// relPath makes a path relative to the working directory, as SARIF for
// code scanning wants paths relative to the repository root.
var relPath = cli.RelPath

// shortenPaths makes the paths a pipeline reports relative to the working
// directory where they lie beneath it: paths read as the user typed them.
func shortenPaths(files []report.File) {
	for i := range files {
		files[i].Path = relPath(files[i].Path)
	}
}

// slowNotes renders a pipeline's progress as prog's notes on stderr: what
// a step does once it has run cli.SlowAfter, then how long it took (the
// first build with an empty build cache takes minutes, and silence reads
// as a hang).
// A step interrupted is not said to be done.
func slowNotes(ctx context.Context, stderr io.Writer, prog string) progress.Reporter {
	return func(what string, step func()) { cli.Slow(ctx, stderr, prog, cli.SlowAfter, what, step) }
}

// hasError reports whether any of the files has an error.
var hasError = check.HasError
