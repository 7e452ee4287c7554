// Package generate is the generate command, shared by subakogo generate
// and cmd/subakogo-generate, the lean entry that //go:generate lines run: it loads
// a package, runs the analyzers and writes subako_gen.go with codegen. It
// imports neither the host (wazero), the JSON Schema compiler nor the wasm
// reader, so a first go generate with an empty build cache compiles only
// what generating needs (TestLeanBuild holds it to that).
package generate

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/subako-ai/subako-go/analyzer/model"
	"github.com/subako-ai/subako-go/internal/check/gocheck"
	"github.com/subako-ai/subako-go/internal/cli"
	"github.com/subako-ai/subako-go/internal/codegen"
	"github.com/subako-ai/subako-go/internal/input"
	"github.com/subako-ai/subako-go/internal/outfile"
	"github.com/subako-ai/subako-go/internal/rules"
)

// slowLoad is how long loading may take before the command says how long
// it took: a first run type-checks the package and everything it imports.
var slowLoad = 2 * time.Second

// load is gocheck.Analyze; a test replaces it to see what was written
// before loading began.
var load = gocheck.Analyze

// Command runs the generate command, named prog in its messages
// ("subakogo generate", "subakogo-generate"), with args: [-check] [PACKAGE]. It
// returns the exit code (package cli's). ctx ends the package's load (the
// go command it runs), as cli.Interruptible cancels it on a signal.
func Command(ctx context.Context, prog string, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet(prog, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	check := fs.Bool("check", false, "write nothing; exit 1 and show the difference when "+model.GeneratedFile+" is stale")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: "+prog+" [-check] [PACKAGE]\n\n"+
			"Writes "+model.GeneratedFile+" for a package's //subako:function handlers: static schemas, argument\n"+
			"decoding and validation, encoders, dispatch and main. Run it from go generate:\n"+
			"    //go:generate go tool subakogo-generate")
		fs.PrintDefaults()
	}
	if cli.WantsHelp(args) {
		fs.SetOutput(stdout)
		fs.Usage()
		return cli.OK
	}
	pos, err := cli.Interspersed(fs, args)
	if err == nil && len(pos) > 1 {
		err = fmt.Errorf("want at most one package")
	}
	if err != nil {
		fs.SetOutput(stderr)
		fmt.Fprintf(stderr, "%s: %v\n", prog, err)
		fs.Usage()
		return cli.Usage
	}
	pattern := "."
	if len(pos) == 1 {
		pattern = pos[0]
	}
	a, err := analyze(ctx, prog, pattern, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", prog, err)
		return cli.Unreadable
	}
	code, path, ok := Render(prog, a, stderr)
	if !ok {
		return cli.Findings
	}
	old, err := codegen.ReadGenerated(path, code)
	var nr *input.NotRegularError
	var tl *input.TooLargeError
	if *check {
		switch {
		case errors.As(err, &nr):
			fmt.Fprintf(stdout, "%s is %s, not a regular file: run go generate, which replaces it\n", cli.RelPath(path), input.Kind(nr.Mode))
			return cli.Findings
		case errors.As(err, &tl):
			fmt.Fprintf(stderr, "%s: %s is larger than %d bytes, more than it reads of a generated file: not compared; run go generate, which replaces it\n", prog, cli.RelPath(path), tl.Max)
			return cli.Unreadable
		case err != nil:
			fmt.Fprintf(stderr, "%s: %v\n", prog, err)
			return cli.Unreadable
		case bytes.Equal(old, code):
			return cli.OK
		}
		fmt.Fprintf(stdout, "%s is stale: run go generate\n%s", cli.RelPath(path), LineDiff(cli.RelPath(path), old, code))
		return cli.Findings
	}
	if err != nil && !errors.As(err, &nr) && !errors.As(err, &tl) {
		fmt.Fprintf(stderr, "%s: %v\n", prog, err)
		return cli.Unreadable
	}
	if err := Write(path, old, code); err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", prog, err)
		return cli.Unreadable
	}
	return cli.OK
}

// analyze is gocheck.Analyze, saying first what it loads: before any
// loading work, so that go generate's first line does not wait for it (a
// first run type-checks for seconds, and go generate is otherwise silent
// while it does), and how long it took when that was over slowLoad.
func analyze(ctx context.Context, prog, pattern string, stderr io.Writer) (*gocheck.Result, error) {
	fmt.Fprintf(stderr, "%s: loading %s and type-checking everything it imports, to find its //subako:function handlers...\n", prog, pattern)
	start := time.Now()
	a, err := load(ctx, pattern)
	if took := time.Since(start); err == nil && took > slowLoad {
		fmt.Fprintf(stderr, "%s: loaded in %.1f s\n", prog, took.Seconds())
	}
	return a, err
}

// Render renders a package's subako_gen.go, and returns its path. It
// refuses (after reporting why on stderr) when the analyzer found errors
// other than a stale or missing file, which is what generate is for.
func Render(prog string, a *gocheck.Result, stderr io.Writer) (code []byte, path string, ok bool) {
	failed := false
	for _, d := range a.Diagnostics {
		r, known := rules.Lookup(d.Category)
		if d.Category == rules.GoGeneratedStale.ID || (known && r.Severity == rules.Info) {
			continue // info (A041's hints) is check's and lint's to show, not noise on every go generate
		}
		fmt.Fprintf(stderr, "%s: %s\n", cli.RelPath(d.Position), d.Message)
		failed = failed || !known || r.Severity == rules.Error
	}
	if failed {
		fmt.Fprintln(stderr, prog+": fix the errors above first")
		return nil, "", false
	}
	if a.Model == nil {
		fmt.Fprintf(stderr, "%s: %s has no //subako:function handler\n", prog, a.Pkg.PkgPath)
		return nil, "", false
	}
	code, err := codegen.Generate(a.Model)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", prog, err)
		return nil, "", false
	}
	return code, filepath.Join(a.Pkg.Dir, model.GeneratedFile), true
}

// Write writes code to path unless it holds it already: through a
// temporary file created in the package directory, then renamed, so that a
// failed write cannot leave half a file and nothing a package planted (a
// symbolic link or a FIFO at subako_gen.go or beside it) is written
// through. A subako_gen.go that is not a regular file is replaced even
// when what it leads to holds the code.
func Write(path string, old, code []byte) error {
	if fi, err := os.Lstat(path); err == nil && fi.Mode().IsRegular() && bytes.Equal(old, code) {
		return nil
	}
	return outfile.Replace(path, code, 0o644)
}
