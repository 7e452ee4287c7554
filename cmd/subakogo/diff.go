package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/subako-ai/subako-go/internal/cli"

	"github.com/subako-ai/subako-go/internal/check/pkgcheck"
	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/input"
	"github.com/subako-ai/subako-go/internal/report"
	"github.com/subako-ai/subako-go/internal/rules"
	"github.com/subako-ai/subako-go/internal/termsafe"
	"github.com/subako-ai/subako-go/internal/textutil"
	"github.com/subako-ai/subako-go/internal/tooldiff"
)

// maxToolsFile bounds a committed tool list: Subako takes 256 KiB of
// compact JSON, which indented may take a few times that.
const maxToolsFile = 16 << 20

func runDiff(args []string, stdout, stderr io.Writer) int {
	return interruptible("diff", stderr, func(ctx context.Context, stderr io.Writer) int { return diffCommand(ctx, args, stdout, stderr) })
}

// diffCommand is diff; a signal cancels ctx (interruptible): the build
// directories and volumes of its discoveries are removed.
func diffCommand(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("diff", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	format := fs.String("format", "text", "output format: text, json or sarif")
	failOn := fs.String("fail-on", "error", "exit 1 when a change is at or above this severity: error (breaking), warning or info")
	engine := engineFlag(fs)
	var ignore stringList
	fs.Var(&ignore, "ignore", "leave out changes of this rule, by ID or slug (repeatable)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: subakogo diff [--format text|json|sarif] [--fail-on error|warning|info] [--engine E] [--ignore ID]... OLD NEW\n\n"+
			"Compares two versions of a package's tool list and says what each change does to the agents\n"+
			"built against OLD: breaking (error), warning, compatible or cosmetic (info). OLD and NEW are each\n"+
			"a package directory, a .wasm module or a Go package (built as pack builds it), run for discovery\n"+
			"as at upload; or a .json file holding a tools/list result or the tools array (subakogo schema\n"+
			"prints one). The changes are the D rules: subakogo explain D001. See docs/diff.md.")
		fs.PrintDefaults()
	}
	pos, err := parseInterspersed(fs, args)
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
	if len(pos) != 2 {
		return usageError(stderr, fs, errors.New("want OLD and NEW"))
	}
	for _, id := range ignore {
		if _, ok := rules.Lookup(id); !ok {
			return usageError(stderr, fs, fmt.Errorf("--ignore %s: no such rule", id))
		}
	}
	c := pkgcheck.New(pkgcheck.Options{Host: host.Options{Engine: *engine}})
	defer c.Close(ctx)
	var lists [2]listing
	for i, p := range pos {
		if lists[i], err = loadToolList(ctx, c, p, stderr); err != nil {
			fmt.Fprintf(stderr, "subakogo diff: %v\n", err)
			return exitUnreadable
		}
	}
	file := report.File{Path: pos[1], Size: -1, Findings: withoutIgnored(compareListings(ctx, lists[0], lists[1]), ignore)}
	code := exitOK
	for _, fd := range file.Findings {
		if fd.Severity() >= threshold {
			code = exitFindings
		}
	}
	if f == report.Text {
		fmt.Fprintf(stdout, "%s (%s) -> %s (%s)\n", termsafe.Line(pos[0]), textutil.Plural(len(lists[0].tools), "tool"), termsafe.Line(pos[1]), textutil.Plural(len(lists[1].tools), "tool"))
	}
	opt := report.Options{ToolName: "subakogo", Version: version(), Rules: rules.Catalog, Color: f == report.Text && isTerminal(stdout)}
	if err := report.Write(stdout, f, []report.File{file}, opt); err != nil && !cli.ReaderGone(err) {
		fmt.Fprintf(stderr, "subakogo diff: %v\n", err)
		return exitUnreadable
	}
	return code
}

// listing is what one version lists: its tools, its server/discover
// result (nil for a committed tools JSON, which has none) and its
// subako-package.json (nil but for a package directory).
type listing struct {
	tools    []json.RawMessage
	discover json.RawMessage
	manifest []byte
}

// compareListings is the changes from old to new as findings: the tools',
// then the server's own text's, then the manifest's. A signal (ctx)
// stops the tools' comparison between its steps (tooldiff.CompareContext):
// a tool's judgment ran on past SIGTERM (attack pass 51e, row 1's diff),
// its loops never looking at ctx; interruptible then reports the stop.
func compareListings(ctx context.Context, old, new listing) []rules.Finding {
	changes := tooldiff.CompareContext(ctx, old.tools, new.tools)
	changes = append(changes, tooldiff.CompareServer(old.discover, new.discover, old.tools, new.tools)...)
	changes = append(changes, tooldiff.CompareManifest(old.manifest, new.manifest)...)
	return tooldiff.Findings(changes)
}

// loadToolList is the tool list of path: a committed .json file as it
// holds it; else what upload discovery lists, for a package directory, a
// module, or a Go package built first as pack builds it (serveSource).
func loadToolList(ctx context.Context, c *pkgcheck.Checker, path string, stderr io.Writer) (listing, error) {
	if missingFile(path) {
		return listing{}, fmt.Errorf("%s: no such file", path)
	}
	if isJSONFile(ctx, path) {
		in, err := input.Arg(ctx, path, maxToolsFile)
		if err != nil {
			return listing{}, err
		}
		defer in.Release()
		var list []json.RawMessage
		if gerr := input.Guard(func() { list, err = tooldiff.ParseList(in.Data) }); gerr != nil {
			return listing{}, fmt.Errorf("%s: %w", path, gerr)
		}
		if err != nil {
			return listing{}, fmt.Errorf("%s:%w", path, err) // "tools.json:2:17: ..."
		}
		return listing{tools: list}, nil
	}
	sp, err := resolveServed(ctx, "diff", path)
	if err != nil {
		return listing{}, err
	}
	src, _, _, cleanup, err := serveSource(ctx, sp, false, nil, stderr)
	if err != nil {
		return listing{}, err
	}
	defer cleanup()
	var judged *pkgcheck.Result
	if fi, err := os.Stat(src); err == nil && fi.IsDir() {
		if judged, err = c.Dir(ctx, src, true); err != nil {
			return listing{}, fmt.Errorf("%s: %w", path, err)
		}
	} else {
		in, err := readModule(ctx, src)
		if err != nil {
			return listing{}, err
		}
		defer in.Release()
		if gerr := input.Guard(func() { judged, err = c.Module(ctx, path, in.Data, "", true) }); gerr != nil {
			return listing{}, fmt.Errorf("%s: %w", path, gerr)
		}
		if err != nil {
			return listing{}, fmt.Errorf("%s: %w", path, err)
		}
	}
	d := judged.Discovery
	switch {
	case d == nil:
		return listing{}, fmt.Errorf("%s: the module was not run for discovery, as its binary has errors (subakogo lint %s names them)", path, path)
	case d.Stopped != nil:
		return listing{}, fmt.Errorf("%s: discovery stopped, so there is no tool list: %s (subakogo lint %s says more)", path, d.Stopped, path)
	}
	return listing{tools: d.Tools, discover: d.Discover, manifest: judged.Manifest}, nil
}

// missingFile reports whether path names a file or directory that is not
// there, rather than a Go package to build: a .json or .wasm name, or a
// path from the root or the current directory.
func missingFile(path string) bool {
	if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
		return false
	}
	ext := strings.ToLower(filepath.Ext(path))
	return ext == ".json" || ext == ".wasm" || filepath.IsAbs(path) || strings.HasPrefix(path, ".")
}

// isJSONFile reports whether path is a file to read as a tool list: named
// .json, or not .wasm and starting with '{' or '['.
func isJSONFile(ctx context.Context, path string) bool {
	fi, err := os.Stat(path)
	switch {
	case err != nil || fi.IsDir():
		return false
	case strings.EqualFold(filepath.Ext(path), ".json"):
		return true
	case strings.EqualFold(filepath.Ext(path), ".wasm") || !fi.Mode().IsRegular():
		return false
	}
	in, err := input.Arg(ctx, path, maxToolsFile) // mapped: only the head is read
	if err != nil {
		return false
	}
	defer in.Release()
	var first byte
	gerr := input.Guard(func() {
		if head := bytes.TrimLeft(in.Data[:min(len(in.Data), 512)], " \t\r\n"); len(head) > 0 {
			first = head[0]
		}
	})
	return gerr == nil && (first == '{' || first == '[')
}

// baselineFlag adds --baseline to fs, for check and pack.
func baselineFlag(fs *flag.FlagSet) *string {
	return fs.String("baseline", "", "compare the tool list with this earlier version (a package directory, .wasm, Go package or tools JSON): a breaking change is an error")
}

// compareBaseline compares what discovery listed (the tools and the
// server/discover result) with the baseline's, as one report file named
// for the baseline. The baseline is only run for discovery, on a checker
// of its own (engine's), never probed.
func compareBaseline(ctx context.Context, engine host.Engine, baseline string, now listing, stderr io.Writer) (report.File, error) {
	c := pkgcheck.New(pkgcheck.Options{Host: host.Options{Engine: engine, Backstop: backstops.host}})
	defer c.Close(ctx)
	old, err := loadToolList(ctx, c, baseline, stderr)
	if err != nil {
		return report.File{}, fmt.Errorf("--baseline %w", err)
	}
	return report.File{Path: relPath(baseline), Size: -1, Findings: compareListings(ctx, old, now)}, nil
}
