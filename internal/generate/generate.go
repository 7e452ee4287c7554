// Package generate is the generate command, shared by subakogo generate
// and cmd/subakogo-generate, the lean entry that //go:generate lines run: it loads
// a package, runs the analyzers and writes subako_gen.go with codegen. It
// imports neither the host (wazero), the JSON Schema compiler nor the wasm
// reader, so a first go generate with an empty build cache compiles only
// what generating needs (TestLeanBuild holds it to that).
package generate

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/subako-ai/subako-go/analyzer/model"
	"github.com/subako-ai/subako-go/internal/check/gocheck"
	"github.com/subako-ai/subako-go/internal/cli"
	"github.com/subako-ai/subako-go/internal/codegen"
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
// returns the exit code (package cli's).
func Command(prog string, args []string, stdout, stderr io.Writer) int {
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
	a, err := analyze(prog, pattern, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", prog, err)
		return cli.Unreadable
	}
	code, path, ok := Render(prog, a, stderr)
	if !ok {
		return cli.Findings
	}
	old, _ := os.ReadFile(path)
	if *check {
		if bytes.Equal(old, code) {
			return cli.OK
		}
		fmt.Fprintf(stdout, "%s is stale: run go generate\n%s", cli.RelPath(path), LineDiff(cli.RelPath(path), old, code))
		return cli.Findings
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
func analyze(prog, pattern string, stderr io.Writer) (*gocheck.Result, error) {
	fmt.Fprintf(stderr, "%s: loading %s and type-checking everything it imports, to find its //subako:function handlers...\n", prog, pattern)
	start := time.Now()
	a, err := load(pattern)
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

// LineDiff shows how two texts differ, as a unified diff with three
// lines of context (Myers' algorithm, which is quick when the texts are
// close, as a stale generated file and a fresh one are).
func LineDiff(name string, old, new []byte) string {
	ops := myers(lines(old), lines(new))
	var s strings.Builder
	fmt.Fprintf(&s, "--- %s (on disk)\n+++ %s (generated)\n", name, name)
	const context = 3
	for i := 0; i < len(ops); {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		// A hunk: from context lines before this change to context after the
		// last change that is within 2*context of the next.
		start := max(i-context, 0)
		end := i
		for j := i; j < len(ops); j++ {
			if ops[j].kind != ' ' {
				end = j
			} else if j-end > 2*context {
				break
			}
		}
		end = min(end+context+1, len(ops))
		fmt.Fprintf(&s, "@@ -%d +%d @@\n", ops[start].a+1, ops[start].b+1)
		for _, op := range ops[start:end] {
			s.WriteString(string(op.kind) + strings.TrimSuffix(op.text, "\n") + "\n")
		}
		i = end
	}
	return s.String()
}

type diffOp struct {
	kind rune // ' ', '-' or '+'
	text string
	a, b int // line numbers (0-based) in old and new
}

// myers computes a shortest edit script between line lists.
func myers(a, b []string) []diffOp {
	n, m := len(a), len(b)
	maxD := n + m
	v := make([]int, 2*maxD+2)
	var trace [][]int
	for d := 0; d <= maxD; d++ {
		trace = append(trace, append([]int(nil), v...))
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || (k != d && v[maxD+k-1] < v[maxD+k+1]) {
				x = v[maxD+k+1]
			} else {
				x = v[maxD+k-1] + 1
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x, y = x+1, y+1
			}
			v[maxD+k] = x
			if x >= n && y >= m {
				return backtrack(trace, a, b, d, maxD)
			}
		}
	}
	return nil
}

func backtrack(trace [][]int, a, b []string, d, maxD int) []diffOp {
	var ops []diffOp
	x, y := len(a), len(b)
	for ; d > 0; d-- {
		v := trace[d]
		k := x - y
		var prevK int
		if k == -d || (k != d && v[maxD+k-1] < v[maxD+k+1]) {
			prevK = k + 1
		} else {
			prevK = k - 1
		}
		prevX := v[maxD+prevK]
		prevY := prevX - prevK
		for x > prevX && y > prevY {
			x, y = x-1, y-1
			ops = append(ops, diffOp{' ', a[x], x, y})
		}
		if x == prevX {
			y--
			ops = append(ops, diffOp{'+', b[y], x, y})
		} else {
			x--
			ops = append(ops, diffOp{'-', a[x], x, y})
		}
	}
	for x > 0 && y > 0 {
		x, y = x-1, y-1
		ops = append(ops, diffOp{' ', a[x], x, y})
	}
	for i, j := 0, len(ops)-1; i < j; i, j = i+1, j-1 {
		ops[i], ops[j] = ops[j], ops[i]
	}
	return ops
}

// lines splits text after each newline, without an empty last line.
func lines(b []byte) []string {
	ls := strings.SplitAfter(string(b), "\n")
	if len(ls) > 0 && ls[len(ls)-1] == "" {
		ls = ls[:len(ls)-1]
	}
	return ls
}
