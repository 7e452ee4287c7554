package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"

	"github.com/subako-ai/subako-go/internal/cli"

	"github.com/subako-ai/subako-go/internal/check/pkgcheck"
	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/pipeline/gobuild"
	"github.com/subako-ai/subako-go/internal/pipeline/pack"
	"github.com/subako-ai/subako-go/internal/report"
	"github.com/subako-ai/subako-go/internal/rules"
	"github.com/subako-ai/subako-go/internal/termsafe"
)

func runPack(args []string, stdout, stderr io.Writer) int {
	return interruptible("pack", stderr, func(ctx context.Context, stderr io.Writer) int { return packCommand(ctx, args, stdout, stderr) })
}

// packCommand is pack; a signal cancels ctx (interruptible).
func packCommand(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("pack", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	out := fs.String("o", "", "the package directory to write (required)")
	format := fs.String("format", "text", "lint output format: text, json or sarif")
	regenerate := fs.Bool("generate", false, "write subako_gen.go first when it is missing or stale, instead of refusing")
	baseline := baselineFlag(fs)
	probes := probeFlags(fs)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: subakogo pack [--generate] [--baseline PATH] [--probes none|safe|all|deep] [--probe-time 20s] [--wall-start TIME] ./pkg -o DIR\n\n"+
			"Builds a Go package for wasip1 and writes the directory Subako takes: module.wasm,\n"+
			"subako-package.json (from the package's own --subako-manifest) and assets/ (from the\n"+
			"package's assets folder, if any). Then lints it with discovery and the call probes, as check\n"+
			"does, and leaves nothing behind if it has errors.\n"+
			"A missing or stale subako_gen.go is refused, as check reports it, unless --generate writes it.\n"+
			"With --baseline, a tool list that breaks the baseline's callers (subakogo diff) is refused too.")
		fs.PrintDefaults()
	}
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return usageError(stderr, fs, err)
	}
	if len(pos) != 1 || *out == "" {
		return usageError(stderr, fs, errors.New("want one package and -o DIR"))
	}
	f, err := report.ParseFormat(*format)
	if err != nil {
		return usageError(stderr, fs, err)
	}
	probeOpt, err := probes()
	if err != nil {
		return usageError(stderr, fs, err)
	}
	pkg := pos[0]
	src := gobuild.Dir(ctx, pkg)
	target, err := pack.Resolve(*out) // once: the check, the staging and the commit name this one
	if err != nil {
		fmt.Fprintf(stderr, "subakogo pack: %v; nothing was written\n", err)
		return exitUsage
	}
	if err := pack.Target(target, src, relPath); err != nil {
		fmt.Fprintf(stderr, "subakogo pack: %v; nothing was written\n", err)
		return exitUsage
	}
	assets, assetFindings, err := pkgcheck.CheckAssets(src)
	if err != nil {
		fmt.Fprintf(stderr, "subakogo pack: %v\n", err)
		return exitUnreadable
	}
	if len(assetFindings) > 0 {
		files := []report.File{{Path: filepath.Join(src, pkgcheck.AssetsDir), Size: -1, MIMEType: "inode/directory", Findings: assetFindings}}
		if err := report.Write(stdout, f, files, report.Options{ToolName: "subakogo", Version: version(), Rules: rules.Catalog, Color: f == report.Text && isTerminal(stdout)}); err != nil && !cli.ReaderGone(err) {
			fmt.Fprintf(stderr, "subakogo pack: %v\n", err)
		}
		fmt.Fprintf(stderr, "subakogo pack: %s has links or special files in assets/; nothing was written\n", pkg)
		return exitFindings
	}
	if code := ensureGenerated(ctx, pkg, *regenerate, f, stdout, stderr); code != exitOK {
		return code
	}
	var compare func(context.Context, *host.Discovery) (report.File, error)
	if *baseline != "" {
		compare = func(ctx context.Context, d *host.Discovery) (report.File, error) {
			return compareBaseline(ctx, host.EngineAuto, *baseline, listing{tools: d.Tools, discover: d.Discover}, stderr)
		}
	}
	staged, err := pack.Stage(ctx, pack.Options{Pkg: pkg, Out: target, Shown: *out, Assets: assets, Baseline: compare, Probes: probeOpt, Stderr: stderr, Progress: slowNotes(ctx, stderr, "subakogo pack")})
	var buildErr *pack.BuildError
	var baselineErr *pack.BaselineError
	switch {
	case errors.As(err, &buildErr):
		fmt.Fprintf(stderr, "subakogo pack: %v\n", err)
		return exitFindings
	case errors.As(err, &baselineErr):
		fmt.Fprintf(stderr, "subakogo pack: %v; nothing was written\n", err)
		return exitUnreadable
	case err != nil:
		fmt.Fprintf(stderr, "subakogo pack: %v\n", err)
		return exitUnreadable
	}
	defer staged.Close()
	if err := report.Write(stdout, f, staged.Files, report.Options{ToolName: "subakogo", Version: version(), Rules: rules.Catalog, Color: f == report.Text && isTerminal(stdout)}); err != nil && !cli.ReaderGone(err) {
		fmt.Fprintf(stderr, "subakogo pack: %v\n", err)
	}
	if staged.Broken && !staged.Failed {
		fmt.Fprintf(stderr, "subakogo pack: %s breaks what callers of %s use (subakogo explain names each change); nothing was written\n", pkg, *baseline)
		return exitFindings
	}
	if staged.Failed {
		fmt.Fprintf(stderr, "subakogo pack: %s has errors; nothing was written\n", pkg)
		return exitFindings
	}
	if err := staged.Commit(); err != nil {
		var changed *pack.TargetChangedError
		if errors.As(err, &changed) {
			fmt.Fprintf(stderr, "subakogo pack: %s; nothing was written\n", termsafe.Line(err.Error()))
			return exitUnreadable
		}
		fmt.Fprintf(stderr, "subakogo pack: %s\n", termsafe.Line(err.Error()))
		return exitUnreadable
	}
	return exitOK
}
