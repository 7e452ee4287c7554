package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/subako-ai/subako-go/internal/cli"

	"github.com/subako-ai/subako-go/internal/check/callcheck"
	"github.com/subako-ai/subako-go/internal/check/pkgcheck"
	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/input"
	"github.com/subako-ai/subako-go/internal/probe"
	"github.com/subako-ai/subako-go/internal/report"
	"github.com/subako-ai/subako-go/internal/rules"
)

func runLint(args []string, stdout, stderr io.Writer) int {
	return interruptible("lint", stderr, func(ctx context.Context, stderr io.Writer) int { return lintCommand(ctx, args, stdout, stderr) })
}

// lintCommand is lint; a signal cancels ctx (interruptible).
func lintCommand(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("lint", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	format := fs.String("format", "text", "output format: text, json or sarif")
	failOn := fs.String("fail-on", "error", "exit 1 when a finding is at or above this severity: error, warning or info")
	static := fs.Bool("static", false, "check the binary only; do not run the module for discovery (nor the probes)")
	probes := probeFlags(fs)
	saveCases := fs.String("save-cases", "", "write each broken call's smallest arguments (and, with --probes=deep, the cases the search kept) to this file, in testdata/calls.json's format (added to what it holds), for check to replay")
	engine := engineFlag(fs)
	var ignore stringList
	fs.Var(&ignore, "ignore", "leave out findings of this rule, by ID or slug (repeatable)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: subakogo lint [--format text|json|sarif] [--fail-on error|warning|info] [--static] [--engine E]\n"+
			"                    [--probes none|safe|all|deep] [--probe-time 20s] [--wall-start TIME] [--save-cases FILE] [--ignore ID]... PATH...\n\n"+
			"PATH is a .wasm module, a package directory (module.wasm, subako-package.json, assets/),\nor - for standard input. Modules without errors are run for discovery, as at upload."+probeUsage)
		fs.PrintDefaults()
	}
	paths, err := parseInterspersed(fs, args)
	if err != nil {
		return usageError(stderr, fs, err)
	}
	f, err := report.ParseFormat(*format)
	if err != nil {
		return usageError(stderr, fs, err)
	}
	threshold, err := rules.ParseSeverity(*failOn)
	if err != nil {
		return usageError(stderr, fs, err)
	}
	if len(paths) == 0 {
		return usageError(stderr, fs, errors.New("no PATH given"))
	}
	if stdinTwice(paths...) {
		return usageError(stderr, fs, errStdinTwice)
	}
	probeOpt, err := probes()
	if err == nil {
		err = ignoreInProbes(probeOpt, ignore)
	}
	if err != nil {
		return usageError(stderr, fs, err)
	}
	var failing, kept []callcheck.Call
	var cases *callcheck.Cases
	if *saveCases != "" {
		// Opened first: a path that cannot be written is refused before
		// the probes spend their time.
		if cases, err = callcheck.OpenCases(*saveCases); err != nil {
			fmt.Fprintf(stderr, "subakogo lint: --save-cases: %v\n", err)
			return exitUnreadable
		}
	}
	if probeOpt != nil && cases != nil {
		probeOpt.OnFailing = func(tool string, f probe.Failing) {
			failing = append(failing, callcheck.Call{Tool: tool, Arguments: f.Args, IsError: !f.Valid})
		}
		probeOpt.OnKept = func(tool string, args json.RawMessage) {
			kept = append(kept, callcheck.Call{Tool: tool, Arguments: args})
		}
	}
	checkerOpt := pkgcheck.Options{Host: host.Options{Engine: *engine, Backstop: backstops.host}, Probes: probeOpt}
	var files []report.File
	code := exitOK
	for _, p := range paths {
		judged, err := lintPath(ctx, checkerOpt, p, f != report.Text, !*static)
		if ctx.Err() != nil {
			return exitUnreadable // interrupted: nothing judged after the signal is reported
		}
		if err != nil {
			fmt.Fprintf(stderr, "subakogo lint: %v\n", err)
			code = exitUnreadable
			files = append(files, report.File{Path: p, Size: -1, Error: err.Error(), NotJudged: errors.As(err, new(*pkgcheck.NotJudgedError))})
			continue
		}
		for _, file := range judged.Files {
			file.Findings, file.Waived = withoutIgnored(file.Findings, ignore), withoutIgnored(file.Waived, ignore)
			if judged.Probes != nil && file.MIMEType == "application/wasm" {
				file.ProbesWallStart = judged.Probes.WallStart
				if c := judged.Probes.Coverage; c != nil {
					file.Coverage = &report.Coverage{Reached: c.Reached, Functions: c.Funcs, Runs: c.Runs, Kept: c.Kept}
				}
			}
			files = append(files, file)
			for _, fd := range file.Findings {
				if fd.Severity() >= threshold && code == exitOK {
					code = exitFindings
				}
			}
		}
	}
	if cases != nil {
		n, err := cases.Add(failing)
		k := 0
		if err == nil && len(kept) > 0 {
			k, err = cases.Add(kept)
		}
		switch {
		case err != nil:
			// The report is still written, and 3 said after it: a lock
			// another process held on the directory (LockDir's 10 s)
			// lost the lint's report too (attack pass 43g, row 3).
			fmt.Fprintf(stderr, "subakogo lint: --save-cases: %v (the report follows; exit code %d)\n", err, exitUnreadable)
			code = exitUnreadable
		default:
			fmt.Fprintf(stderr, "subakogo lint: %d failing case(s) added to %s (subakogo check replays them, P020)\n", n, *saveCases)
			if len(kept) > 0 {
				fmt.Fprintf(stderr, "subakogo lint: %d case(s) the search kept for reaching new code added to %s\n", k, *saveCases)
			}
		}
	}
	color := f == report.Text && isTerminal(stdout)
	opt := report.Options{ToolName: "subakogo", Version: version(), Rules: rules.Catalog, Color: color}
	if err := report.Write(stdout, f, files, opt); err != nil && !cli.ReaderGone(err) {
		fmt.Fprintf(stderr, "subakogo lint: %v\n", err)
		return exitUnreadable
	}
	return code
}

// lintPath lints a package directory or a module file, on a checker of
// its own: the probes' findings name the module as p does.
func lintPath(ctx context.Context, opt pkgcheck.Options, p string, hash, discover bool) (*pkgcheck.Result, error) {
	if opt.Probes != nil {
		probes := *opt.Probes
		probes.Module = moduleName(p)
		opt.Probes = &probes
	}
	c := pkgcheck.New(opt)
	defer c.Close(ctx)
	if fi, err := os.Stat(p); err == nil && fi.IsDir() {
		return c.Dir(ctx, p, discover) // a package directory, complete or not
	}
	in, err := readModule(ctx, p)
	if err != nil {
		return nil, err
	}
	defer in.Release()
	var judged *pkgcheck.Result
	var lintErr error
	if err := input.Guard(func() { judged, lintErr = lintOne(ctx, c, in, hash, discover) }); err != nil {
		return nil, fmt.Errorf("%s: %w", in.Path, err)
	}
	return judged, lintErr
}

// moduleName is how a finding's subakogo call command names the module of
// a lint PATH.
func moduleName(p string) string {
	if fi, err := os.Stat(p); err == nil && fi.IsDir() {
		return filepath.Join(p, "module.wasm")
	}
	if p == "-" {
		return "module.wasm"
	}
	return p
}

// ignoreInProbes checks that each rule --ignore names exists, and tells
// the probes (opt, nil for none) of them: an error of an ignored rule
// found before their budget ran out does not make a cut judged.
func ignoreInProbes(opt *probe.Options, ignore []string) error {
	for _, id := range ignore {
		r, ok := rules.Lookup(id)
		if !ok {
			return fmt.Errorf("--ignore %s: no such rule", id)
		}
		if opt != nil {
			opt.Ignored = append(opt.Ignored, r)
		}
	}
	return nil
}

// withoutIgnored drops the findings of the rules named by --ignore.
func withoutIgnored(fs []rules.Finding, ignore []string) []rules.Finding {
	if len(ignore) == 0 {
		return fs
	}
	out := fs[:0]
	for _, f := range fs {
		keep := true
		for _, id := range ignore {
			if r, _ := rules.Lookup(id); r == f.Rule {
				keep = false
			}
		}
		if keep {
			out = append(out, f)
		}
	}
	return out
}

// lintOne checks one module. The hash is only worth its time for the
// formats that carry it.
func lintOne(ctx context.Context, c *pkgcheck.Checker, in *input.File, hash, discover bool) (*pkgcheck.Result, error) {
	var sum chan [32]byte
	if hash {
		sum = make(chan [32]byte, 1)
		go func() {
			var s [32]byte
			if input.Guard(func() { s = sha256.Sum256(in.Data) }) == nil {
				sum <- s
			}
			close(sum)
		}()
	}
	judged, err := c.Module(ctx, in.Path, in.Data, "", discover)
	if hash {
		s, ok := <-sum
		if ok && judged != nil {
			judged.Files[0].SHA256 = hex.EncodeToString(s[:])
		}
	}
	return judged, err
}

func isTerminal(w io.Writer) bool {
	if o, ok := w.(interface{ Unwrap() io.Writer }); ok { // cli.Output
		w = o.Unwrap()
	}
	f, ok := w.(*os.File)
	if !ok || os.Getenv("NO_COLOR") != "" {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
