package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/subako-ai/subako-go/analyzer/model"
	"github.com/subako-ai/subako-go/internal/check/callcheck"
	"github.com/subako-ai/subako-go/internal/check/gocheck"
	"github.com/subako-ai/subako-go/internal/check/pkgcheck"
	"github.com/subako-ai/subako-go/internal/cli"
	"github.com/subako-ai/subako-go/internal/codegen"
	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/report"
	"github.com/subako-ai/subako-go/internal/rules"
	"github.com/subako-ai/subako-go/internal/textutil"
)

func runCheck(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	format := fs.String("format", "text", "output format: text, json or sarif")
	var ignore stringList
	fs.Var(&ignore, "ignore", "leave out findings of this rule, by ID or slug (repeatable)")
	probes := probeFlags(fs)
	engine := engineFlag(fs)
	baseline := baselineFlag(fs)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: subakogo check [--format text|json|sarif] [--engine E] [--probes none|safe|all] [--probe-time 20s] [--ignore ID]...\n"+
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
	for _, id := range ignore {
		if _, ok := rules.Lookup(id); !ok {
			return usageError(stderr, fs, fmt.Errorf("--ignore %s: no such rule", id))
		}
	}
	probeOpt, err := probes()
	if err != nil {
		return usageError(stderr, fs, err)
	}
	ctx := context.Background()
	var files []report.File
	steps := []string{}
	step := func(name string, ok bool) {
		mark := "ok  "
		if !ok {
			mark = "FAIL"
		}
		steps = append(steps, mark+" "+name)
	}

	// 1. The analyzer, on the source as built for wasip1.
	var a *gocheck.Result
	cli.Slow(stderr, "subakogo check", cli.SlowAfter, "loading "+pattern+" and type-checking everything it imports (the first time, with an empty build cache, this takes a while)", func() {
		a, err = gocheck.Analyze(pattern)
	})
	if err != nil {
		fmt.Fprintf(stderr, "subakogo check: %v\n", err)
		return exitUnreadable
	}
	goFiles := a.Findings(relPath)
	step("analyzer ("+textutil.Plural(countFindings(goFiles), "finding")+")", !hasError(goFiles))
	files = append(files, goFiles...)

	// 2. The generated code is current.
	genFiles, genOK := checkGenerated(a)
	step("subako_gen.go up to date", genOK)
	files = append(files, genFiles...)

	// 3. A wasip1 build, then 4. lint with discovery, then 5. the example
	// calls; not with a stale file, whose build fails or tests the past.
	dir := a.Pkg.Dir
	if !genOK {
		steps = append(steps, "skip the wasip1 build, lint and "+callcheck.File+" (run go generate first)")
		return finishCheck(stdout, stderr, f, files, steps, ignore, exitFindings)
	}
	tmp, err := os.MkdirTemp("", "subako-check-")
	if err != nil {
		fmt.Fprintf(stderr, "subakogo check: %v\n", err)
		return exitUnreadable
	}
	defer os.RemoveAll(tmp)
	wasmPath := filepath.Join(tmp, pkgcheck.ModuleName)
	build := exec.Command("go", "build", "-trimpath", "-o", wasmPath, ".")
	build.Dir, build.Env = dir, append(os.Environ(), "GOOS=wasip1", "GOARCH=wasm")
	var out []byte
	cli.Slow(stderr, "subakogo check", cli.SlowAfter, "building "+relDir(dir)+" for wasip1 (GOOS=wasip1 go build; the first build with an empty build cache compiles the Go standard library for wasip1 too, a minute or two)", func() {
		out, err = build.CombinedOutput()
	})
	step("GOOS=wasip1 go build", err == nil)
	if err == nil {
		wasm, _ := os.ReadFile(wasmPath)
		c := pkgcheck.New(host.Options{Engine: *engine})
		c.Probes = probeOpt
		defer c.Close(ctx)
		assets, assetFindings, err := pkgcheck.CheckAssets(dir)
		if err != nil {
			fmt.Fprintf(stderr, "subakogo check: %v\n", err)
			return exitUnreadable
		}
		if len(assetFindings) > 0 {
			files = append(files, report.File{Path: filepath.Join(relDir(dir), pkgcheck.AssetsDir), Size: -1, MIMEType: "inode/directory", Findings: assetFindings})
		}
		findings, d, err := c.Module(ctx, wasm, assets, true)
		if err != nil {
			fmt.Fprintf(stderr, "subakogo check: %v\n", err)
			return exitUnreadable
		}
		calls := callcheck.Check(ctx, c.Host, dir, wasm, assets) // the host that ran discovery: the module is compiled already
		findings = append(findings, calls...)
		mod := report.File{Path: filepath.Join(relDir(dir), "module.wasm (built)"), Size: int64(len(wasm)), SHA256: sha256Hex(wasm), MIMEType: "application/wasm", Findings: findings}
		lintStep := "lint with discovery"
		if probeOpt != nil {
			lintStep += " and the call probes"
		}
		step(lintStep, !hasError([]report.File{{Findings: findings[:len(findings)-len(calls)]}}))
		if _, err := os.Stat(filepath.Join(dir, callcheck.File)); err == nil {
			step(callcheck.File, len(calls) == 0)
		} else {
			steps = append(steps, "skip "+callcheck.File+" (the package has none)")
		}
		files = append(files, mod)
		if *baseline != "" {
			if d == nil || d.Stopped != nil {
				steps = append(steps, "skip --baseline (discovery listed no tools)")
			} else {
				bf, err := compareBaseline(ctx, c, *baseline, d.Tools, stderr)
				if err != nil {
					fmt.Fprintf(stderr, "subakogo check: %v\n", err)
					return exitUnreadable
				}
				step("no breaking change against "+bf.Path+" ("+textutil.Plural(len(bf.Findings), "change")+")", !hasError([]report.File{bf}))
				files = append(files, bf)
			}
		}
	} else {
		stderr.Write(out)
	}

	code := exitOK
	if err != nil {
		code = exitFindings
	}
	return finishCheck(stdout, stderr, f, files, steps, ignore, code)
}

// finishCheck prints the steps and the findings, and returns the exit
// code: code, or exitFindings when an error is left after --ignore.
func finishCheck(stdout, stderr io.Writer, f report.Format, files []report.File, steps []string, ignore []string, code int) int {
	for i := range files {
		files[i].Findings = withoutIgnored(files[i].Findings, ignore)
		if hasError(files[i : i+1]) {
			code = exitFindings
		}
	}
	if f == report.Text {
		for _, s := range steps {
			fmt.Fprintln(stdout, s)
		}
	}
	if err := report.Write(stdout, f, files, report.Options{ToolName: "subakogo", Version: version(), Rules: rules.Catalog, Color: f == report.Text && isTerminal(stdout)}); err != nil {
		fmt.Fprintf(stderr, "subakogo check: %v\n", err)
	}
	return code
}

func hasError(files []report.File) bool {
	for _, f := range files {
		for _, fd := range f.Findings {
			if fd.Severity() == rules.Error {
				return true
			}
		}
	}
	return false
}

func countFindings(files []report.File) int {
	n := 0
	for _, f := range files {
		n += len(f.Findings)
	}
	return n
}

// relPath makes a path relative to the working directory, as SARIF for
// code scanning wants paths relative to the repository root.
var relPath = cli.RelPath

func relDir(dir string) string { return relPath(dir) }

// checkGenerated reports whether subako_gen.go is exactly what generate
// would write now. The analyzer's A017, among its findings, compares the
// model's hash and names what changed; when it has spoken this adds
// nothing, else it catches a hand-edited file.
func checkGenerated(a *gocheck.Result) ([]report.File, bool) {
	if a.Model == nil {
		return nil, true // nothing to generate: a hand-wired package
	}
	for _, d := range a.Diagnostics {
		if d.Category == rules.GoGeneratedStale.ID {
			return nil, false
		}
	}
	code, err := codegen.Generate(a.Model)
	if err != nil {
		return nil, false
	}
	path := filepath.Join(a.Pkg.Dir, model.GeneratedFile)
	old, _ := os.ReadFile(path)
	if bytes.Equal(old, code) {
		return nil, true
	}
	f := report.File{Path: relPath(path), Size: int64(len(old)), MIMEType: "text/x-go",
		Findings: []rules.Finding{{Rule: rules.GoGeneratedStale, Offset: -1, Line: 1, Column: 1,
			Message: model.GeneratedFile + " differs from what subakogo generate writes now: run go generate"}}}
	return []report.File{f}, false
}

func sha256Hex(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}
