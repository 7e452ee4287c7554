package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	iofs "io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/subako-ai/subako-go/internal/check/manifestcheck"
	"github.com/subako-ai/subako-go/internal/check/pkgcheck"
	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/input"
	"github.com/subako-ai/subako-go/internal/pipeline/gobuild"
	"github.com/subako-ai/subako-go/internal/pipeline/pkgdir"
	"github.com/subako-ai/subako-go/internal/report"
	"github.com/subako-ai/subako-go/internal/rules"
)

func runPack(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("pack", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	out := fs.String("o", "", "the package directory to write (required)")
	format := fs.String("format", "text", "lint output format: text, json or sarif")
	regenerate := fs.Bool("generate", false, "write subako_gen.go first when it is missing or stale, instead of refusing")
	baseline := baselineFlag(fs)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: subakogo pack [--generate] [--baseline PATH] ./pkg -o DIR\n\n"+
			"Builds a Go package for wasip1 and writes the directory Subako takes: module.wasm,\n"+
			"subako-package.json (from the package's own --subako-manifest) and assets/ (from the\n"+
			"package's assets folder, if any). Then lints it, and leaves nothing behind if it has errors.\n"+
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
	pkg := pos[0]
	src := gobuild.Dir(pkg)
	if err := packTarget(*out, src); err != nil {
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
		if err := report.Write(stdout, f, files, report.Options{ToolName: "subakogo", Version: version(), Rules: rules.Catalog, Color: f == report.Text && isTerminal(stdout)}); err != nil {
			fmt.Fprintf(stderr, "subakogo pack: %v\n", err)
		}
		fmt.Fprintf(stderr, "subakogo pack: %s has links or special files in assets/; nothing was written\n", pkg)
		return exitFindings
	}
	if code := ensureGenerated(pkg, *regenerate, f, stdout, stderr); code != exitOK {
		return code
	}
	parent := filepath.Dir(filepath.Clean(*out))
	if err := os.MkdirAll(parent, 0o755); err != nil {
		fmt.Fprintf(stderr, "subakogo pack: %v\n", err)
		return exitUnreadable
	}
	// Build beside the target, so the final rename is atomic.
	staging, err := os.MkdirTemp(parent, ".subako-pack-")
	if err != nil {
		fmt.Fprintf(stderr, "subakogo pack: %v\n", err)
		return exitUnreadable
	}
	defer os.RemoveAll(staging)
	if err := pkgdir.Build(pkg, assets, staging, stderr); err != nil {
		fmt.Fprintf(stderr, "subakogo pack: %v\n", err)
		return exitFindings
	}
	ctx := context.Background()
	c := pkgcheck.New(host.Options{})
	defer c.Close(ctx)
	files, d, err := c.DirDiscovery(ctx, staging, true)
	if err != nil {
		fmt.Fprintf(stderr, "subakogo pack: %v\n", err)
		return exitUnreadable
	}
	failed := false
	for i := range files {
		rel, _ := filepath.Rel(staging, files[i].Path)
		files[i].Path = filepath.Join(*out, rel)
		for _, fd := range files[i].Findings {
			failed = failed || fd.Severity() == rules.Error
		}
	}
	broken := false
	if *baseline != "" && d != nil && d.Stopped == nil { // else lint has errors already
		bf, err := compareBaseline(ctx, c, *baseline, d.Tools, stderr)
		if err != nil {
			fmt.Fprintf(stderr, "subakogo pack: %v; nothing was written\n", err)
			return exitUnreadable
		}
		files = append(files, bf)
		broken = hasError([]report.File{bf})
	}
	if err := report.Write(stdout, f, files, report.Options{ToolName: "subakogo", Version: version(), Rules: rules.Catalog, Color: f == report.Text && isTerminal(stdout)}); err != nil {
		fmt.Fprintf(stderr, "subakogo pack: %v\n", err)
	}
	if broken && !failed {
		fmt.Fprintf(stderr, "subakogo pack: %s breaks what callers of %s use (subakogo explain names each change); nothing was written\n", pkg, *baseline)
		return exitFindings
	}
	if failed {
		fmt.Fprintf(stderr, "subakogo pack: %s has errors; nothing was written\n", pkg)
		return exitFindings
	}
	if err := os.RemoveAll(*out); err != nil {
		fmt.Fprintf(stderr, "subakogo pack: %v\n", err)
		return exitUnreadable
	}
	if err := os.Chmod(staging, 0o755); err != nil { // MkdirTemp made it private
		fmt.Fprintf(stderr, "subakogo pack: %v\n", err)
		return exitUnreadable
	}
	if err := os.Rename(staging, *out); err != nil {
		fmt.Fprintf(stderr, "subakogo pack: %v\n", err)
		return exitUnreadable
	}
	return exitOK
}

// packTarget checks that pack may replace dir with what it builds: dir is
// not the source package src, not inside it (where the next pack would
// find its output among the sources, and assets/ would copy into itself)
// and does not hold it; and dir is missing, empty, or a package directory
// pack wrote (module.wasm, subako-package.json and assets/, nothing else).
// So pack never deletes anything it did not write.
func packTarget(dir, src string) error {
	realDir, realSrc := resolved(dir), resolved(src)
	if realDir == realSrc {
		return fmt.Errorf("-o %s is the package's own directory: its sources would be replaced", dir)
	}
	if within(realDir, realSrc) {
		beside := relPath(filepath.Join(filepath.Dir(realSrc), "dist", filepath.Base(realSrc)))
		return fmt.Errorf("-o %s is inside the package %s: write the package directory outside the source, such as -o %s", dir, src, beside)
	}
	if within(realSrc, realDir) {
		return fmt.Errorf("-o %s holds the package %s: it would be replaced", dir, src)
	}
	fi, err := os.Lstat(dir)
	switch {
	case errors.Is(err, iofs.ErrNotExist):
		return nil
	case err != nil:
		return err
	case !fi.IsDir():
		return fmt.Errorf("-o %s is %s, not a package directory", dir, input.Kind(fi.Mode()))
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	module := false
	for _, e := range entries {
		switch {
		case e.Name() == pkgcheck.ModuleName && e.Type().IsRegular():
			module = true
		case e.Name() == manifestcheck.FileName && e.Type().IsRegular():
		case e.Name() == pkgcheck.AssetsDir && e.IsDir():
		default:
			return fmt.Errorf("-o %s holds %s, which is not part of a package directory: give a new or empty directory, or one pack wrote", dir, e.Name())
		}
	}
	if len(entries) > 0 && !module {
		return fmt.Errorf("-o %s is not empty and has no %s: give a new or empty directory, or one pack wrote", dir, pkgcheck.ModuleName)
	}
	return nil
}

// resolved is path made absolute with the symbolic links of its longest
// existing prefix resolved, so two spellings of a directory compare equal.
func resolved(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return filepath.Clean(path)
	}
	rest := ""
	for p := abs; ; p = filepath.Dir(p) {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			return filepath.Join(real, rest)
		}
		if filepath.Dir(p) == p {
			return abs
		}
		rest = filepath.Join(filepath.Base(p), rest)
	}
}

// within reports whether path is dir or below it.
func within(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}
