// Package check is subakogo check's pipeline, for CI: the analyzer on the
// source as built for wasip1, the generated code up to date, a wasip1 build
// (internal/pipeline/gobuild), lint with discovery and the call probes, the
// example calls in testdata/calls.json and, with a baseline, the tool list
// compared with the last published one. It returns the steps and the
// findings; the command parses the flags and renders them.
package check

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/subako-ai/subako-go/analyzer/model"
	"github.com/subako-ai/subako-go/internal/check/callcheck"
	"github.com/subako-ai/subako-go/internal/check/gocheck"
	"github.com/subako-ai/subako-go/internal/check/pkgcheck"
	"github.com/subako-ai/subako-go/internal/codegen"
	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/input"
	"github.com/subako-ai/subako-go/internal/pipeline/gobuild"
	"github.com/subako-ai/subako-go/internal/pipeline/progress"
	"github.com/subako-ai/subako-go/internal/probe"
	"github.com/subako-ai/subako-go/internal/report"
	"github.com/subako-ai/subako-go/internal/rules"
	"github.com/subako-ai/subako-go/internal/textutil"
)

// Options say what to check and how.
type Options struct {
	Pattern string         // the package, as go list takes it
	Engine  host.Engine    // how modules run
	Probes  *probe.Options // the call probes; nil for none
	// Backstop overrides the host's wall-clock backstop (host.Options;
	// tests force it small).
	Backstop time.Duration
	// Baseline, when set, compares what discovery listed (the tools and
	// the server/discover result) with the last published version's
	// (subakogo diff's comparison), as one report file.
	// It loads the baseline on a checker of its own: this one's probes are
	// not the baseline's.
	Baseline func(ctx context.Context, d *host.Discovery) (report.File, error)
	// Stderr gets the build's errors.
	Stderr io.Writer
	// Progress runs the steps that may take long (loading, the build, the
	// lint), and may say what each does; nil says nothing.
	Progress progress.Reporter
}

// Result is what check found.
type Result struct {
	Steps  []string      // "ok  NAME", "FAIL NAME" or "skip ...", in order
	Files  []report.File // the findings, by file (absolute paths, but a baseline's)
	Failed bool          // a step failed whatever findings are ignored: the build, or a stale generated file
}

// Run runs the pipeline on the package. An error is an input that cannot
// be read or a host that cannot be set up (exit 3); a failed step is in the
// Result.
func Run(ctx context.Context, opt Options) (*Result, error) {
	r := &Result{Steps: []string{}}
	step := func(name string, ok bool) {
		mark := "ok  "
		if !ok {
			mark = "FAIL"
		}
		r.Steps = append(r.Steps, mark+" "+name)
	}
	stderr := opt.Stderr
	if stderr == nil {
		stderr = io.Discard
	}

	// 1. The analyzer, on the source as built for wasip1.
	var a *gocheck.Result
	var err error
	opt.Progress.Run("loading "+opt.Pattern+" and type-checking everything it imports (the first time, with an empty build cache, this takes a while)", func() {
		a, err = gocheck.Analyze(ctx, opt.Pattern)
	})
	if err != nil {
		return nil, err
	}
	goFiles := a.Findings(filepath.Clean)
	step("analyzer ("+textutil.Plural(countFindings(goFiles), "finding")+")", !HasError(goFiles))
	r.Files = append(r.Files, goFiles...)

	// 2. The generated code is current.
	genFiles, genOK, err := Generated(a)
	if err != nil {
		return nil, err
	}
	step("subako_gen.go up to date", genOK)
	r.Files = append(r.Files, genFiles...)

	// 3. A wasip1 build, then 4. lint with discovery, then 5. the example
	// calls; not with a stale file, whose build fails or tests the past.
	dir := a.Pkg.Dir
	if !genOK {
		r.Steps = append(r.Steps, "skip the wasip1 build, lint and "+callcheck.File+" (run go generate first)")
		r.Files = append(r.Files, notBuilt(dir, "subako_gen.go is not current, so the module was not built"))
		r.Failed = true
		return r, nil
	}
	// A package of //subako:package and no tools has no generated main to
	// link: its build would fail with the linker's "function main is
	// undeclared", which says nothing A004 does not.
	if (a.Model == nil || len(a.Model.Tools) == 0) && hasRule(goFiles, rules.GoToolCount) {
		r.Steps = append(r.Steps, "skip the wasip1 build, lint and "+callcheck.File+" (the package has no tools: mark a handler with //subako:function)")
		r.Files = append(r.Files, notBuilt(dir, "the package has no tools, so the module was not built"))
		r.Failed = true
		return r, nil
	}
	tmp, err := os.MkdirTemp("", "subako-check-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	wasmPath := filepath.Join(tmp, pkgcheck.ModuleName)
	var out bytes.Buffer
	opt.Progress.Run(gobuild.Slow(opt.Pattern), func() {
		err = gobuild.Wasm(ctx, dir, ".", wasmPath, &out)
	})
	var special *input.SpecialSourceError
	var stalled *input.GoStalledError
	if errors.As(err, &special) || errors.As(err, &stalled) || ctx.Err() != nil {
		return nil, err // a file made special since the load, or the backstop (exit 3); or the interruption
	}
	step("GOOS=wasip1 go build", err == nil)
	if err != nil {
		_, _ = stderr.Write(out.Bytes())
		r.Files = append(r.Files, notBuilt(dir, "GOOS=wasip1 go build failed: "+firstGoError(out.Bytes())))
		r.Failed = true
		return r, nil
	}
	wasm, err := os.ReadFile(wasmPath)
	if err != nil {
		return nil, fmt.Errorf("the module go build wrote: %w", err)
	}
	if err := lint(ctx, opt, r, dir, wasm, step); err != nil {
		return nil, err
	}
	return r, nil
}

// builtPath names the module check built from the package in dir.
func builtPath(dir string) string { return filepath.Join(dir, "module.wasm (built)") }

// notBuilt is the module check did not build, and why: not judged, in
// every report format. A step line alone left SARIF a successful run
// without results and JSON no file, which a code-scanning viewer showed
// as a passing check (attack pass 46b, row 1: a failed build; pass 46e,
// row 5: a stale subako_gen.go or no tools, with their findings ignored).
func notBuilt(dir, why string) report.File {
	return report.File{Path: builtPath(dir), Size: -1, MIMEType: "application/wasm", Error: why, NotJudged: true}
}

// firstGoError is the first error line go build wrote.
func firstGoError(goOutput []byte) string {
	for line := range strings.Lines(string(goOutput)) {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			return textutil.OneLine(line, 300)
		}
	}
	return "see its errors on stderr"
}

// lint runs steps 4 and 5 and the baseline comparison on the built module.
func lint(ctx context.Context, opt Options, r *Result, dir string, wasm []byte, step func(string, bool)) error {
	c := pkgcheck.New(pkgcheck.Options{Host: host.Options{Engine: opt.Engine, Backstop: opt.Backstop}, Probes: opt.Probes})
	defer c.Close(ctx)
	assets, assetFindings, err := pkgcheck.CheckAssets(dir)
	if err != nil {
		return err
	}
	if len(assetFindings) > 0 {
		r.Files = append(r.Files, report.File{Path: filepath.Join(dir, pkgcheck.AssetsDir), Size: -1, MIMEType: "inode/directory", Findings: assetFindings})
	}
	var judged *pkgcheck.Result
	what := "linting the module: discovery"
	if opt.Probes != nil {
		what += fmt.Sprintf(", then the call probes (each tool's generated cases, within a budget of %v, --probe-time)", opt.Probes.BudgetOrDefault())
	}
	what += " (the first run also compiles the module for this machine)"
	opt.Progress.Run(what, func() {
		judged, err = c.Module(ctx, pkgcheck.ModuleName, wasm, assets, true)
	})
	if err != nil {
		return err
	}
	findings, d := judged.Files[0].Findings, judged.Discovery
	calls, err := callcheck.Check(ctx, c.Host, dir, wasm, assets) // the host that ran discovery: the module is compiled already
	if err != nil {
		return err // not judged: the machine's condition, or the caller's
	}
	findings = append(findings, calls...)
	mod := report.File{Path: builtPath(dir), Size: int64(len(wasm)), SHA256: sha256Hex(wasm), MIMEType: "application/wasm", Findings: findings}
	lintStep := "lint with discovery"
	if opt.Probes != nil {
		lintStep += " and the call probes"
	}
	step(lintStep, !HasError([]report.File{{Findings: findings[:len(findings)-len(calls)]}}))
	if _, err := os.Stat(filepath.Join(dir, callcheck.File)); err == nil {
		step(callcheck.File, len(calls) == 0)
	} else {
		r.Steps = append(r.Steps, "skip "+callcheck.File+" (the package has none)")
	}
	r.Files = append(r.Files, mod)
	if opt.Baseline == nil {
		return nil
	}
	if d == nil || d.Stopped != nil {
		r.Steps = append(r.Steps, "skip --baseline (discovery listed no tools)")
		return nil
	}
	bf, err := opt.Baseline(ctx, d)
	if err != nil {
		return err
	}
	step("no breaking change against "+bf.Path+" ("+textutil.Plural(len(bf.Findings), "change")+")", !HasError([]report.File{bf}))
	r.Files = append(r.Files, bf)
	return nil
}

// Generated reports whether subako_gen.go is exactly what generate would
// write now, with a finding when it is not. The analyzer's A017, among its
// findings, compares the model's hash and names what changed; when it has
// spoken this adds nothing, else it catches a hand-edited file (its path
// absolute: the command shortens paths as it shows them). The error
// is a generated file that exists but cannot be read.
func Generated(a *gocheck.Result) ([]report.File, bool, error) {
	if a.Model == nil {
		return nil, true, nil // nothing to generate: a hand-wired package
	}
	for _, d := range a.Diagnostics {
		if d.Category == rules.GoGeneratedStale.ID {
			return nil, false, nil
		}
	}
	code, genErr := codegen.Generate(a.Model)
	if genOK := genErr == nil; !genOK {
		return nil, false, nil // the analyzer's findings say why
	}
	path := filepath.Join(a.Pkg.Dir, model.GeneratedFile)
	if _, err := os.Lstat(path); errors.Is(err, fs.ErrNotExist) {
		return []report.File{staleGenerated(path, nil, true)}, false, nil
	}
	// A link, FIFO or device, or a file past what a generated file
	// weighs, is not what generate writes: stale, and never opened.
	old, err := codegen.ReadGenerated(path, code)
	var nr *input.NotRegularError
	var tl *input.TooLargeError
	switch {
	case errors.As(err, &nr) || errors.As(err, &tl):
		return []report.File{staleGenerated(path, nil, false)}, false, nil
	case err != nil:
		return nil, false, err
	case bytes.Equal(old, code):
		return nil, true, nil
	}
	return []report.File{staleGenerated(path, old, false)}, false, nil
}

// staleGenerated is the finding on a generated file that is not what
// generate writes now: one that is missing has no line to point at, and
// says it is missing as the analyzer does.
func staleGenerated(path string, old []byte, missing bool) report.File {
	fd := rules.Finding{Rule: rules.GoGeneratedStale, Offset: -1, Line: 1, Column: 1,
		Message: model.GeneratedFile + " differs from what subakogo generate writes now: run go generate"}
	if missing {
		fd.Line, fd.Column = 0, 0
		fd.Message = model.GeneratedFile + " is missing: run go generate (//go:generate go tool subakogo-generate)"
	}
	return report.File{Path: path, Size: int64(len(old)), MIMEType: "text/x-go", Findings: []rules.Finding{fd}}
}

// HasError reports whether any of the files has a finding of error
// severity.
func HasError(files []report.File) bool {
	for _, f := range files {
		for _, fd := range f.Findings {
			if fd.Severity() == rules.Error {
				return true
			}
		}
	}
	return false
}

// hasRule says whether files hold a finding of rule r.
func hasRule(files []report.File, r *rules.Rule) bool {
	for _, f := range files {
		for _, fd := range f.Findings {
			if fd.Rule == r {
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

func sha256Hex(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}
