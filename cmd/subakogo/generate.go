package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/subako-ai/subako-go/analyzer/model"
	"github.com/subako-ai/subako-go/codegen"
	"github.com/subako-ai/subako-go/gocheck"
	"github.com/subako-ai/subako-go/rules"
)

func runGenerate(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("generate", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	check := fs.Bool("check", false, "write nothing; exit 1 and show the difference when "+model.GeneratedFile+" is stale")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: subakogo generate [-check] [PACKAGE]\n\n"+
			"Writes "+model.GeneratedFile+" for a package's //subako:function handlers: static schemas, argument\n"+
			"decoding and validation, encoders, dispatch and main. Run it from go generate:\n"+
			"    //go:generate go tool subakogo generate")
		fs.PrintDefaults()
	}
	pattern, err := packageArg(fs, args)
	if err != nil {
		return usageError(stderr, fs, err)
	}
	a, err := gocheck.Analyze(pattern)
	if err != nil {
		fmt.Fprintf(stderr, "subakogo generate: %v\n", err)
		return exitUnreadable
	}
	code, path, ok := generated(a, stderr)
	if !ok {
		return exitFindings
	}
	old, _ := os.ReadFile(path)
	if *check {
		if bytes.Equal(old, code) {
			return exitOK
		}
		fmt.Fprintf(stdout, "%s is stale: run go generate\n%s", relPath(path), lineDiff(relPath(path), old, code))
		return exitFindings
	}
	if err := writeGenerated(path, old, code); err != nil {
		fmt.Fprintf(stderr, "subakogo generate: %v\n", err)
		return exitUnreadable
	}
	return exitOK
}

// generated renders a package's subako_gen.go, and returns its path. It
// refuses (after reporting why on stderr) when the analyzer found errors
// other than a stale or missing file, which is what generate is for.
func generated(a *gocheck.Result, stderr io.Writer) (code []byte, path string, ok bool) {
	failed := false
	for _, d := range a.Diagnostics {
		if d.Category == rules.GoGeneratedStale.ID {
			continue
		}
		fmt.Fprintf(stderr, "%s: %s\n", d.Position, d.Message)
		failed = failed || isErrorCategory(d.Category)
	}
	if failed {
		fmt.Fprintln(stderr, "subakogo generate: fix the errors above first")
		return nil, "", false
	}
	if a.Model == nil {
		fmt.Fprintf(stderr, "subakogo generate: %s has no //subako:function handler\n", a.Pkg.PkgPath)
		return nil, "", false
	}
	code, err := codegen.Generate(a.Model)
	if err != nil {
		fmt.Fprintf(stderr, "subakogo generate: %v\n", err)
		return nil, "", false
	}
	return code, filepath.Join(a.Pkg.Dir, model.GeneratedFile), true
}

// writeGenerated writes code to path unless it holds it already: beside
// the target, then renamed, so that a failed write cannot leave half a
// file.
func writeGenerated(path string, old, code []byte) error {
	if bytes.Equal(old, code) {
		return nil
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, code, 0o644); err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}

// lineDiff shows how two texts differ, as a unified diff with three
// lines of context (Myers' algorithm, which is quick when the texts are
// close, as a stale generated file and a fresh one are).
func lineDiff(name string, old, new []byte) string {
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
