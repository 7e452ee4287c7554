package input

import (
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// SpecialSourceError is a file the go command would open to load or build
// a package that is not a regular file (a FIFO, a device, a socket, or a
// symbolic link to one): opening a FIFO waits for a writer for ever, and a
// device may stream without end.
type SpecialSourceError struct {
	Path   string
	Mode   fs.FileMode
	Linked bool // Path is a symbolic link to it
}

func (e *SpecialSourceError) Error() string {
	kind := Kind(e.Mode)
	if e.Linked {
		kind = "a symbolic link to " + kind
	}
	return e.Path + ": " + kind + ", not a regular file: the go command would wait on it or read it without end, " +
		"so the package is neither loaded nor built; remove it or replace it with a regular file"
}

// goSourceExt are the extensions of the files the go command opens in a
// package directory: Go files and the cgo, assembler, SWIG and other
// sources, whose build constraints it reads (go/build's matchFile), and
// .syso objects, which go build and go list -export (as go/packages runs
// it) open to pack into the package's archive, with or without a
// GOOS_GOARCH suffix: a FIFO named zz.syso blocks them as one named zz.go
// does.
var goSourceExt = map[string]bool{
	".go": true, ".c": true, ".cc": true, ".cxx": true, ".cpp": true, ".m": true,
	".h": true, ".hh": true, ".hpp": true, ".hxx": true, ".f": true, ".F": true,
	".for": true, ".f90": true, ".s": true, ".S": true, ".sx": true, ".swig": true, ".swigcxx": true,
	".syso": true,
}

// moduleFiles are the files the go command reads in the directories it
// searches for the main module and the workspace, from its working
// directory up.
var moduleFiles = []string{"go.mod", "go.sum", "go.work", "go.work.sum", filepath.Join("vendor", "modules.txt")}

// GoSources refuses, with a *SpecialSourceError, a Go package whose files
// the go command would open and that are not regular files, before the
// go command (go list, go build, go/packages) is run on it: the package
// pattern as the go command takes it, run in dir ("" for the working
// directory). It looks at go.mod, go.sum, go.work, go.work.sum and
// vendor/modules.txt in that directory and every directory above it, and
// at the package directory's Go-relevant files (goSourceExt) and the
// module files in it and above: the directory of a path pattern (".",
// "./pkg", "../pkg", "/abs/pkg"), or of an import path within the main
// module (the module line of the go.mod the go command finds, in dir or
// above: example.com/a/hello is that module's root's hello). Other
// import paths (another module's package, even one a replace directive
// puts in a local directory; the standard library; a pattern with ...)
// are the go command's to find, and a package's imports are not looked
// at. Nothing is opened but go.mod, read as a regular file: a file is
// only stat'ed. A file made special after this check, or one out of its
// reach, is left to the caller's context and backstop, which end the go
// command (TOCTOU is not closed here).
func GoSources(dir, pattern string) error {
	wd, err := filepath.Abs(dir) // the working directory for ""
	if err != nil {
		return err
	}
	seen := map[string]bool{}
	if err := moduleFilesUp(wd, seen); err != nil {
		return err
	}
	pkg, shown := "", ""
	switch {
	case isPathPattern(pattern) && !strings.Contains(pattern, "..."):
		pkg, shown = pattern, relTo(dir, pattern)
		if !filepath.IsAbs(pkg) {
			pkg = filepath.Join(wd, pkg)
		}
	case !isPathPattern(pattern) && !strings.Contains(pattern, "..."):
		pkg = mainModuleDir(wd, pattern)
		shown = pkg
		if r, err := filepath.Rel(wd, pkg); err == nil && filepath.IsLocal(r) {
			shown = relTo(dir, "."+string(filepath.Separator)+r)
		}
	}
	if pkg == "" {
		return nil
	}
	if err := packageFiles(pkg, shown); err != nil {
		return err
	}
	return moduleFilesUp(pkg, seen)
}

// moduleFilesUp checks the module files (moduleFiles) in dir and every
// directory above it not yet seen.
func moduleFilesUp(dir string, seen map[string]bool) error {
	for p := filepath.Clean(dir); !seen[p]; p = filepath.Dir(p) {
		seen[p] = true
		for _, name := range moduleFiles {
			if err := regularOrAbsent(filepath.Join(p, name), filepath.Join(p, name)); err != nil {
				return err
			}
		}
	}
	return nil
}

// maxGoMod is how much of a go.mod mainModuleDir reads for its module
// line; a larger one is not resolved (the go command says what it is).
const maxGoMod = 16 << 20

// mainModuleDir is the directory of the package importPath when it lies
// within the main module the go command finds from wd (the first go.mod
// in wd or above, its module line), or "" when it does not or that
// go.mod cannot be read as a regular file.
func mainModuleDir(wd, importPath string) string {
	if importPath == "" || strings.HasPrefix(importPath, "-") {
		return ""
	}
	for root := filepath.Clean(wd); ; root = filepath.Dir(root) {
		if _, err := os.Lstat(filepath.Join(root, "go.mod")); err == nil {
			mod := moduleLine(root)
			switch {
			case mod == "":
				return ""
			case importPath == mod:
				return root
			case strings.HasPrefix(importPath, mod+"/"):
				rest := importPath[len(mod)+1:]
				if !filepath.IsLocal(filepath.FromSlash(rest)) {
					return ""
				}
				return filepath.Join(root, filepath.FromSlash(rest))
			}
			return ""
		}
		if filepath.Dir(root) == root {
			return ""
		}
	}
}

// moduleLine is the module path of root's go.mod ("" when it has none or
// cannot be read as a regular file).
func moduleLine(root string) string {
	path := filepath.Join(root, "go.mod")
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real // the go command follows links; Read refuses them
	}
	f, err := Read(path, maxGoMod)
	if err != nil {
		return ""
	}
	defer f.Release()
	for line := range strings.SplitSeq(string(f.Data), "\n") {
		if i := strings.Index(line, "//"); i >= 0 {
			line = line[:i]
		}
		fields := strings.Fields(line)
		if len(fields) != 2 || fields[0] != "module" {
			continue
		}
		mod := fields[1]
		if strings.HasPrefix(mod, "\"") || strings.HasPrefix(mod, "`") {
			if mod, err = strconv.Unquote(mod); err != nil {
				return ""
			}
		}
		return mod
	}
	return ""
}

// isPathPattern says whether the go command takes pattern as a directory
// rather than an import path.
func isPathPattern(pattern string) bool {
	return pattern == "." || pattern == ".." || filepath.IsAbs(pattern) ||
		strings.HasPrefix(pattern, "./") || strings.HasPrefix(pattern, "../") ||
		strings.HasPrefix(pattern, "."+string(filepath.Separator)) || strings.HasPrefix(pattern, ".."+string(filepath.Separator))
}

// relTo is how a message names the package directory: as the person gave
// it, joined to the directory the go command runs in when that is not the
// working directory.
func relTo(dir, pattern string) string {
	if dir == "" || filepath.IsAbs(pattern) {
		return pattern
	}
	return filepath.Join(dir, pattern)
}

// packageFiles checks the Go-relevant files of the package directory dir,
// named shown in messages.
func packageFiles(dir, shown string) error {
	entries, _ := os.ReadDir(dir) // missing or unreadable: the go command says so
	for _, e := range entries {
		name := e.Name()
		if strings.HasPrefix(name, "_") || strings.HasPrefix(name, ".") || !goSourceExt[filepath.Ext(name)] {
			continue // the go command ignores these
		}
		if err := regularOrAbsent(filepath.Join(dir, name), filepath.Join(shown, name)); err != nil {
			return err
		}
	}
	return nil
}

// regularOrAbsent refuses a path that leads (through links) to a FIFO, a
// device, a socket or another special file. A directory, which the go
// command skips, a missing file and a dangling link pass.
func regularOrAbsent(path, shown string) error {
	fi, err := os.Stat(path)
	if err == nil && !fi.IsDir() && !fi.Mode().IsRegular() {
		lfi, lerr := os.Lstat(path)
		linked := lerr == nil && lfi.Mode()&fs.ModeSymlink != 0
		return &SpecialSourceError{Path: shown, Mode: fi.Mode(), Linked: linked}
	}
	return nil
}
