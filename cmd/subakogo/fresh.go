package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/subako-ai/subako-go/internal/cli"

	"github.com/subako-ai/subako-go/analyzer/model"
	"github.com/subako-ai/subako-go/internal/check/gocheck"
	"github.com/subako-ai/subako-go/internal/codegen"
	"github.com/subako-ai/subako-go/internal/generate"
	"github.com/subako-ai/subako-go/internal/input"
	"github.com/subako-ai/subako-go/internal/pipeline/check"
	"github.com/subako-ai/subako-go/internal/report"
	"github.com/subako-ai/subako-go/internal/rules"
)

// ensureGenerated is pack's guard: it refuses a package whose
// subako_gen.go is missing or stale, with check's findings, or with
// regenerate writes the file first. A package without //subako:function
// handlers (wired by hand) passes.
func ensureGenerated(ctx context.Context, pkg string, regenerate bool, f report.Format, stdout, stderr io.Writer) int {
	code, _ := analyzeGenerated(ctx, pkg, regenerate, f, stdout, stderr)
	return code
}

// analyzeGenerated is ensureGenerated, which also returns the analysis it
// judged (nil when the package could not be loaded): serve lists the
// tools of its model while the package is built.
func analyzeGenerated(ctx context.Context, pkg string, regenerate bool, f report.Format, stdout, stderr io.Writer) (int, *gocheck.Result) {
	a, err := gocheck.Analyze(ctx, pkg)
	if err != nil {
		fmt.Fprintf(stderr, "subakogo pack: %v\n", err)
		return exitUnreadable, nil
	}
	return generatedCode(a, regenerate, f, stdout, stderr), a
}

func generatedCode(a *gocheck.Result, regenerate bool, f report.Format, stdout, stderr io.Writer) int {
	if a.Model == nil {
		return exitOK
	}
	if regenerate {
		code, path, ok := generate.Render("subakogo pack", a, stderr)
		if !ok {
			return exitFindings
		}
		// Read as generate reads it (input.Read, capped): a link, FIFO or
		// device at subako_gen.go is replaced, never read.
		old, err := codegen.ReadGenerated(path, code)
		var nr *input.NotRegularError
		var tl *input.TooLargeError
		if err != nil && !errors.As(err, &nr) && !errors.As(err, &tl) {
			fmt.Fprintf(stderr, "subakogo pack: %v\n", err)
			return exitUnreadable
		}
		if err := generate.Write(path, old, code); err != nil {
			fmt.Fprintf(stderr, "subakogo pack: %v\n", err)
			return exitUnreadable
		}
		return exitOK
	}
	files, ok, err := check.Generated(a)
	if err != nil {
		fmt.Fprintf(stderr, "subakogo pack: %v\n", err)
		return exitUnreadable
	}
	shortenPaths(files)
	if ok {
		return exitOK
	}
	for _, gf := range a.Findings(relPath) {
		gf.Findings = onlyRule(gf.Findings, rules.GoGeneratedStale)
		if len(gf.Findings) > 0 {
			files = append(files, gf)
		}
	}
	if err := report.Write(stdout, f, files, report.Options{ToolName: "subakogo", Version: version(), Rules: rules.Catalog, Color: f == report.Text && isTerminal(stdout)}); err != nil && !cli.ReaderGone(err) {
		fmt.Fprintf(stderr, "subakogo pack: %v\n", err)
	}
	fmt.Fprintf(stderr, "subakogo pack: %s does not match the source: run go generate (or pack --generate); nothing was written\n", model.GeneratedFile)
	return exitFindings
}

func onlyRule(fs []rules.Finding, r *rules.Rule) []rules.Finding {
	var out []rules.Finding
	for _, fd := range fs {
		if fd.Rule == r {
			out = append(out, fd)
		}
	}
	return out
}
