package main

import (
	"bytes"
	"context"
	"embed"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"text/template"
	"time"

	"golang.org/x/mod/modfile"
	gomodule "golang.org/x/mod/module"

	"github.com/subako-ai/subako-go/internal/cli"
	"github.com/subako-ai/subako-go/internal/input"
	"github.com/subako-ai/subako-go/internal/outfile"
	"github.com/subako-ai/subako-go/internal/pipeline/gobuild"
	"github.com/subako-ai/subako-go/internal/termsafe"
)

//go:embed template/*.tmpl
var templates embed.FS

// scaffold is what init writes, from the templates.
var scaffold = []struct{ template, path string }{
	{"main.go.tmpl", "main.go"},
	{"main_test.go.tmpl", "main_test.go"},
	{"calls.json.tmpl", "testdata/calls.json"},
	{"workflow.yml.tmpl", ".github/workflows/subako.yml"},
	{"README.md.tmpl", "README.md"},
	{"subako_http_stub.wat.tmpl", "tests/subako_http_stub.wat"},
}

var packageName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[a-z0-9][a-z0-9_-]{0,63}$`) })

func runInit(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("init", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	module := fs.String("module", "", "the Go module path (default example.com/NAME)")
	name := fs.String("name", "", "the package's name (default: the directory's name)")
	replace := fs.String("replace", "", "use a local checkout of subako-go (a replace directive), for development")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: subakogo init [--name NAME] [--module PATH] [--replace SUBAKO_GO_CHECKOUT] DIR\n\n"+
			"Writes a new Go function package: go.mod with subakogo, subakogo-generate and its notice\n"+
			"as tools, one handler with its types and go:generate lines, a native test with the HTTP\n"+
			"fake, testdata/calls.json and a CI workflow, and builds the tools (go tool -n). Then:\n"+
			"cd DIR && go generate && go tool subakogo check .")
		fs.PrintDefaults()
	}
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return usageError(stderr, fs, err)
	}
	if len(pos) != 1 {
		return usageError(stderr, fs, errors.New("want one directory"))
	}
	// DIR is resolved once, as the kernel resolves it (symbolic links
	// before ".."), and the check, the writes, the go commands and the
	// removal on failure all use that one path (attack pass 41i, row 3:
	// init a/../b, a a link, was checked at other/b, written lexically
	// into ./b and ./b removed).
	dir := pos[0]
	target, err := initTarget(dir)
	if err != nil {
		fmt.Fprintf(stderr, "subakogo init: %s\n", termsafe.Line(err.Error()))
		if pe := (*os.PathError)(nil); errors.As(err, &pe) {
			return exitUnreadable // it could not be looked at
		}
		return exitUsage
	}
	if *name == "" {
		*name = strings.ToLower(filepath.Base(target))
	}
	if !packageName().MatchString(*name) {
		return usageError(stderr, fs, fmt.Errorf("package name %q: want 1 to 64 of a-z, 0-9, '_' and '-' (set --name)", *name))
	}
	if *module == "" {
		*module = "example.com/" + *name
	}
	if err := gomodule.CheckPath(*module); err != nil {
		return usageError(stderr, fs, fmt.Errorf("--module: %w", err))
	}
	if version() == "devel" && *replace == "" {
		return usageError(stderr, fs, errors.New("this subakogo is a development build, which no version names: pass --replace with the path of your subako-go checkout"))
	}
	// A signal ends the go commands (gobuild.Go) and removes what init
	// made, as a failure does: init did not end (attack pass 42n, row 6:
	// SIGTERM during go mod tidy left go.mod and main.go, and init DIR
	// again was refused).
	return cli.Interruptible("subakogo init", "", stderr, func(ctx context.Context, stderr io.Writer) int {
		return writePackage(ctx, dir, target, *name, *module, *replace, stdout, stderr)
	})
}

// writePackage writes the package into target (creating it and its
// missing parents), resolves its go.mod and builds its tools.
func writePackage(ctx context.Context, dir, target, name, module, replace string, stdout, stderr io.Writer) int {
	// A failure part way leaves nothing behind, and removes only what init
	// made: the files it wrote (go.sum included, when go mod tidy wrote
	// it) and then, deepest first, the directories it created (DIR, a
	// parent of it, testdata, ...), each only when it holds nothing else.
	// Nothing is removed whole: a file the person, an editor or git init
	// put in DIR during init's minute of go commands stays, and so does
	// every directory it is in (attack pass 44b, row 1: every entry of DIR
	// as it was at the failure was removed, or DIR whole when init had
	// made it).
	var m made
	failed := func(err error) int {
		fmt.Fprintf(stderr, "subakogo init: %s\n", termsafe.Text(err.Error()))
		m.undo()
		return exitUnreadable
	}
	if err := m.mkdirAll(target); err != nil {
		return failed(err)
	}
	data := struct{ Name, Title string }{name, strings.ToUpper(name[:1]) + name[1:]}
	for _, f := range scaffold {
		t, err := template.ParseFS(templates, "template/"+f.template)
		if err != nil {
			panic(err) // the embedded templates are part of the binary
		}
		var b bytes.Buffer
		if err := t.Execute(&b, data); err != nil {
			panic(err)
		}
		if err := m.writeFile(filepath.Join(target, f.path), b.Bytes()); err != nil {
			return failed(err)
		}
	}
	if err := writeGoMod(ctx, &m, target, module, replace); err != nil {
		return failed(err)
	}
	// DIR is the person's argument, printed escaped (attack pass 41i, row
	// 8); cd is told the resolved path when a shell's cd (which reads
	// ".." lexically) would go elsewhere.
	cd := dir
	if abs, err := filepath.Abs(dir); err != nil || abs != target {
		cd = target
	}
	fmt.Fprintf(stdout, "wrote the package %s in %s\n", name, termsafe.Line(dir))
	err := buildTools(ctx, target, stdout)
	if ctx.Err() != nil {
		return failed(context.Cause(ctx)) // interrupted: init did not end, so nothing it made stays
	}
	if err != nil {
		// The package is written: the author sees the same error from go
		// generate, and can fix what the go command says first.
		fmt.Fprintf(stderr, "subakogo init: building the tools: %s\n", termsafe.Text(err.Error()))
	}
	fmt.Fprintf(stdout, "next:\n  cd %s && go generate && go test ./... && go tool subakogo check .\n"+
		"  go tool subakogo pack . -o ../dist/%s   # the directory Subako takes, outside the sources\n", termsafe.Line(cd), name)
	return exitOK
}

// initTarget checks that init may write its package in dir: an empty
// directory (or a symbolic link to one), or a path that does not exist.
// It returns dir resolved as the kernel resolves it (symbolic links
// followed before "..": EvalSymlinks of the part that exists, the missing
// names after it), absolute: the one path init writes in, runs the go
// commands in and cleans up in. A missing part with
// ".." in it is refused (what it would name depends on directories init
// has not made yet). Anything else that is there (a file, a FIFO, a link
// to elsewhere or to nothing) is refused before anything is written, and
// is never removed.
func initTarget(dir string) (target string, err error) {
	lfi, err := os.Lstat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return newTarget(dir)
	}
	if err != nil {
		return "", err
	}
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		kind := input.Kind(lfi.Mode())
		if lfi.Mode()&fs.ModeSymlink != 0 {
			kind += " to no directory"
		}
		return "", fmt.Errorf("%s exists and is %s, not a directory: init writes only in a new or empty directory", dir, kind)
	}
	if target, _, err = outfile.Resolve(dir); err != nil {
		return "", err
	}
	entries, err := os.ReadDir(target)
	if err != nil {
		return "", err
	}
	if len(entries) > 0 {
		return "", fmt.Errorf("%s exists and is not empty", dir)
	}
	return target, nil
}

// newTarget is initTarget for a dir that does not exist, resolved by
// outfile.Resolve (as written, never cleaned: "a/.." is not "." when a is
// a link).
func newTarget(dir string) (string, error) {
	target, created, err := outfile.Resolve(dir)
	if err != nil {
		return "", err
	}
	if created == "" {
		return "", fmt.Errorf("%s names no new directory", dir)
	}
	return target, nil
}

// tools are the package's tools (go.mod's tool block), in the order init
// builds them: the notice first, since go generate runs it first.
var tools = []string{
	"github.com/subako-ai/subako-go/cmd/subakogo-generate/notice",
	"github.com/subako-ai/subako-go/cmd/subakogo-generate",
	"github.com/subako-ai/subako-go/cmd/subakogo",
}

// buildTools builds the package's tools into the build cache while it says
// so: the go command builds a tool silently the first time go generate or
// go tool runs it, which with an empty cache takes a minute or more and
// looks like a hang. Here, the one command whose output subako-go
// controls, the wait is announced. go tool -n builds a tool exactly as go
// tool runs it (no debug information, the linked program kept in the
// cache) and prints its path instead of running it; go build tool would
// compile the same packages but link them otherwise and keep no program,
// so the first go generate would still link the generator, silently.
func buildTools(ctx context.Context, dir string, stdout io.Writer) error {
	fmt.Fprintln(stdout, "building go tool subakogo-generate and go tool subakogo for the package (go tool -n), so that\n"+
		"the first go generate and check start at once; with an empty build cache this compiles the\n"+
		"analysis and WebAssembly libraries, a minute or two, and a few seconds after that...")
	start := time.Now()
	for _, tool := range tools {
		if out, err := goCombined(ctx, dir, "tool", "-n", tool); err != nil {
			return fmt.Errorf("go tool -n %s: %w\n%s", tool, err, out)
		}
	}
	fmt.Fprintf(stdout, "built in %v\n", time.Since(start).Round(100*time.Millisecond))
	return nil
}

// made is what init made in its target, in order: the files it wrote and
// the directories it created. undo removes exactly those (attack pass
// 44b, row 1).
type made struct {
	files, dirs []string
}

// mkdirAll creates dir and its missing parents, as os.MkdirAll does, and
// keeps each directory it created itself (not one that appeared
// meanwhile).
func (m *made) mkdirAll(dir string) error {
	var missing []string
	for d := dir; ; {
		if _, err := os.Lstat(d); err == nil {
			break
		} else if !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		missing = append(missing, d)
		parent := filepath.Dir(d)
		if parent == d {
			break
		}
		d = parent
	}
	for i := len(missing) - 1; i >= 0; i-- {
		err := os.Mkdir(missing[i], 0o755)
		if err == nil {
			m.dirs = append(m.dirs, missing[i])
			continue
		}
		if fi, serr := os.Stat(missing[i]); errors.Is(err, fs.ErrExist) && serr == nil && fi.IsDir() {
			continue // made meanwhile, by someone else: not init's
		}
		return err
	}
	return nil
}

// writeFile writes path, creating its directory, and keeps it.
func (m *made) writeFile(path string, b []byte) error {
	if err := m.mkdirAll(filepath.Dir(path)); err != nil {
		return err
	}
	m.files = append(m.files, path)
	return os.WriteFile(path, b, 0o644)
}

// undo removes the files init wrote, then the directories it created,
// deepest first, each only when empty (os.Remove): never a whole tree.
func (m *made) undo() {
	for _, f := range m.files {
		_ = os.Remove(f)
	}
	for i := len(m.dirs) - 1; i >= 0; i-- {
		_ = os.Remove(m.dirs[i])
	}
}

// writeGoMod writes go.mod with subakogo, the lean generator and its notice
// as tool dependencies (go tool subakogo, go tool subakogo-generate), pinned
// by go.sum, and resolves them with go mod tidy.
func writeGoMod(ctx context.Context, m *made, dir, module, replace string) error {
	v := version()
	if v == "devel" {
		v = "v0.0.0" // runInit requires --replace for a development build
	}
	gomod := "module " + module + "\n\ngo 1.26\n\ntool (\n"
	for _, tool := range tools {
		gomod += "\t" + tool + "\n"
	}
	gomod += ")\n\nrequire github.com/subako-ai/subako-go " + v + "\n"
	if replace != "" {
		abs, err := filepath.Abs(replace)
		if err != nil {
			return err
		}
		gomod += "\nreplace github.com/subako-ai/subako-go => " + modfile.AutoQuote(abs) + "\n"
	}
	if err := m.writeFile(filepath.Join(dir, "go.mod"), []byte(gomod)); err != nil {
		return err
	}
	// go mod tidy writes go.sum: init's, unless one was put there first.
	if _, err := os.Lstat(filepath.Join(dir, "go.sum")); errors.Is(err, fs.ErrNotExist) {
		m.files = append(m.files, filepath.Join(dir, "go.sum"))
	}
	if out, err := goCombined(ctx, dir, "mod", "tidy"); err != nil {
		return fmt.Errorf("go mod tidy: %w\n%s", err, out)
	}
	return nil
}

// goCombined runs the go command with args in dir (gobuild.Go: its own
// process group, ended with ctx) and returns its stdout and stderr
// together.
func goCombined(ctx context.Context, dir string, args ...string) ([]byte, error) {
	cmd, err := gobuild.Go(ctx, dir, ".", nil, args...)
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err = cmd.Run()
	return out.Bytes(), err
}
