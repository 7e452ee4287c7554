// Package pack is pack's pipeline: it builds a Go package's directory
// (module.wasm, subako-package.json, assets/) in a staging directory
// beside the target, lints it there, compares its tools with a baseline,
// and replaces the target only when the caller commits, so a package with
// errors leaves nothing behind. cmd/subakogo parses pack's flags, checks
// the generated file and renders the findings.
package pack

import (
	"cmp"
	"context"
	"errors"
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
	"github.com/subako-ai/subako-go/internal/outfile"
	"github.com/subako-ai/subako-go/internal/pipeline/pkgdir"
	"github.com/subako-ai/subako-go/internal/pipeline/progress"
	"github.com/subako-ai/subako-go/internal/probe"
	"github.com/subako-ai/subako-go/internal/report"
	"github.com/subako-ai/subako-go/internal/rules"
)

// Options say what to pack and where.
type Options struct {
	Pkg    string // the Go package, as go build takes it
	Out    string // the package directory to write: Resolve's result
	Shown  string // Out as given, for the report; "" for Out
	Assets string // the package's assets folder (pkgcheck.CheckAssets), "" for none
	// Baseline, when set, compares what discovery listed (the tools and
	// the server/discover result) with the last published version's
	// (subakogo diff's comparison), as one report file.
	// It loads the baseline on a checker of its own: this one's probes are
	// not the baseline's.
	Baseline func(ctx context.Context, d *host.Discovery) (report.File, error)
	// Probes are the call probes run after discovery passes, as check and
	// lint run them; nil runs none.
	Probes *probe.Options
	// Stderr gets the build's errors.
	Stderr io.Writer
	// Progress runs the steps that may take long (the builds, the lint),
	// and may say what each does; nil says nothing.
	Progress progress.Reporter
}

// Staged is a package directory built and linted beside its target. Its
// findings name the files where Commit puts them.
type Staged struct {
	Files  []report.File
	Failed bool // lint found errors
	Broken bool // the tools break what the baseline's callers use
	out    string
	dir    string
}

// BuildError is a package that did not build for wasip1: the package's
// fault (exit 1), where other errors are the machine's (exit 3).
type BuildError struct{ Err error }

func (e *BuildError) Error() string { return e.Err.Error() }
func (e *BuildError) Unwrap() error { return e.Err }

// BaselineError is a baseline that could not be read or compared.
type BaselineError struct{ Err error }

func (e *BaselineError) Error() string { return e.Err.Error() }
func (e *BaselineError) Unwrap() error { return e.Err }

// Stage builds the package directory in a new directory beside opt.Out
// (so Commit's rename is atomic), lints it with discovery, and compares
// its tools with the baseline. The caller must Close it.
func Stage(ctx context.Context, opt Options) (*Staged, error) {
	out, err := Resolve(opt.Out)
	if err != nil {
		return nil, err
	}
	parent := filepath.Dir(out)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp(parent, ".subako-pack-")
	if err != nil {
		return nil, err
	}
	s := &Staged{out: out, dir: dir}
	if err := pkgdir.Build(ctx, opt.Pkg, opt.Assets, dir, opt.Stderr, opt.Progress); err != nil {
		s.Close()
		var me *pkgdir.ManifestError
		var special *input.SpecialSourceError
		var stalled *input.GoStalledError
		if errors.As(err, &me) || errors.As(err, &special) || errors.As(err, &stalled) || ctx.Err() != nil {
			return nil, err // not the package's build failing: exit 3, or the interruption's
		}
		return nil, &BuildError{err}
	}
	c := pkgcheck.New(pkgcheck.Options{Probes: opt.Probes})
	defer c.Close(ctx)
	var judged *pkgcheck.Result
	what := "linting the package directory: discovery"
	if opt.Probes != nil {
		what += fmt.Sprintf(", then the call probes (each tool's generated cases, within a budget of %v, --probe-time)", opt.Probes.BudgetOrDefault())
	}
	opt.Progress.Run(what+" (the first run also compiles the module for this machine)", func() {
		judged, err = c.Dir(ctx, dir, true)
	})
	if err != nil {
		s.Close()
		return nil, err
	}
	files, d := judged.Files, judged.Discovery
	for i := range files {
		rel, _ := filepath.Rel(dir, files[i].Path)
		files[i].Path = filepath.Join(cmp.Or(opt.Shown, opt.Out), rel)
		for _, f := range files[i].Findings {
			s.Failed = s.Failed || f.Severity() == rules.Error
		}
	}
	if opt.Baseline != nil && d != nil && d.Stopped == nil { // else lint has errors already
		bf, err := opt.Baseline(ctx, d)
		if err != nil {
			s.Close()
			return nil, &BaselineError{err}
		}
		files = append(files, bf)
		for _, f := range bf.Findings {
			s.Broken = s.Broken || f.Severity() == rules.Error
		}
	}
	s.Files = files
	return s, nil
}

// Commit replaces the target with the staged directory. The target is
// checked again first (Target's check of what it holds: the build, the
// lint and the probes take a minute or more, in which anything may have
// been written there; attack pass 41i, row 5), then moved aside, checked
// once more where nothing else writes by name, and only then is the
// staged directory renamed in and the old one removed: a target that
// holds what pack did not write is put back and refused, a
// *TargetChangedError.
func (s *Staged) Commit() error {
	if err := replaceable(s.out, s.out); err != nil {
		return &TargetChangedError{err}
	}
	if err := os.Chmod(s.dir, 0o755); err != nil { // MkdirTemp made it private
		return err
	}
	aside := ""
	if _, err := os.Lstat(s.out); err == nil {
		aside = s.dir + ".old" // beside the staged directory, whose name is pack's
		if _, err := os.Lstat(aside); !errors.Is(err, iofs.ErrNotExist) {
			return fmt.Errorf("%s is there: pack did not make it", aside)
		}
		if err := os.Rename(s.out, aside); err != nil {
			return err
		}
		if err := replaceable(aside, s.out); err != nil {
			if rerr := os.Rename(aside, s.out); rerr != nil {
				return fmt.Errorf("-o %s changed while it was replaced, and could not be put back: it is at %s: %w", s.out, aside, rerr)
			}
			return &TargetChangedError{fmt.Errorf("%w (it changed while it was replaced, and was put back)", err)}
		}
	} else if !errors.Is(err, iofs.ErrNotExist) {
		return err
	}
	if err := os.Rename(s.dir, s.out); err != nil {
		if aside != "" {
			_ = os.Rename(aside, s.out)
		}
		return err
	}
	if aside != "" {
		return os.RemoveAll(aside)
	}
	return nil
}

// TargetChangedError is a target that, when Commit came to replace it,
// held what pack did not write: it is left as it was.
type TargetChangedError struct{ Err error }

func (e *TargetChangedError) Error() string { return e.Err.Error() }
func (e *TargetChangedError) Unwrap() error { return e.Err }

// Close removes the staged directory, unless Commit moved it.
func (s *Staged) Close() { _ = os.RemoveAll(s.dir) }

// Target checks that pack may replace dir with what it builds: dir is
// not the source package src, not inside it (where the next pack would
// find its output among the sources, and assets/ would copy into itself)
// and does not hold it; and dir is missing, empty, or a package directory
// pack wrote (module.wasm, subako-package.json and assets/, nothing else).
// So pack never deletes anything it did not write. relPath spells a path
// suggested in a message.
func Target(dir, src string, relPath func(string) string) error {
	realDir, err := Resolve(dir)
	if err != nil {
		return err
	}
	realSrc, _, err := outfile.Resolve(src)
	if err != nil {
		return err
	}
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
	return replaceable(realDir, dir)
}

// Resolve is -o as the kernel resolves it for Commit's rename, absolute:
// its directory resolved by outfile.Resolve (symbolic links followed
// before "..": with a a link to src/sub, "a/../dist" is src/dist, not
// ./dist; attack pass 41n, row 5), its last name as written (a link
// there is replaced, not followed). The caller resolves -o once and gives
// the result to Target and Stage, so the check, the staging and the
// commit name one directory; resolving it again gives it unchanged.
func Resolve(out string) (string, error) {
	dir, name := outfile.SplitLast(out)
	if name == "" || name == "." || name == ".." {
		return "", fmt.Errorf("-o %s names no directory pack can replace: name it", out)
	}
	if dir == "" {
		dir = "."
	}
	real, _, err := outfile.Resolve(dir)
	if err != nil {
		return "", fmt.Errorf("-o %s: %w", out, err)
	}
	return filepath.Join(real, name), nil
}

// replaceable is Target's check of what dir holds: nothing, an empty
// directory, or a package directory pack wrote (module.wasm,
// subako-package.json and assets/, nothing else). Commit makes it again.
// Messages name it shown, the -o given.
func replaceable(dir, shown string) error {
	fi, err := os.Lstat(dir)
	switch {
	case errors.Is(err, iofs.ErrNotExist):
		return nil
	case err != nil:
		return err
	case !fi.IsDir():
		return fmt.Errorf("-o %s is %s, not a package directory", shown, input.Kind(fi.Mode()))
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
			return fmt.Errorf("-o %s holds %s, which is not part of a package directory: give a new or empty directory, or one pack wrote", shown, e.Name())
		}
	}
	if len(entries) > 0 && !module {
		return fmt.Errorf("-o %s is not empty and has no %s: give a new or empty directory, or one pack wrote", shown, pkgcheck.ModuleName)
	}
	return nil
}

// within reports whether path is dir or below it.
func within(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}
