package input

import (
	"io/fs"
	"os"
	"path/filepath"
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
// package directory to read their build constraints (go/build's
// matchFile): Go files and the cgo, assembler and SWIG sources. A .syso
// is listed without being read.
var goSourceExt = map[string]bool{
	".go": true, ".c": true, ".cc": true, ".cxx": true, ".cpp": true, ".m": true,
	".h": true, ".hh": true, ".hpp": true, ".hxx": true, ".f": true, ".F": true,
	".for": true, ".f90": true, ".s": true, ".S": true, ".sx": true, ".swig": true, ".swigcxx": true,
}

// moduleFiles are the files the go command reads in the directories it
// searches for the main module and the workspace, from its working
// directory up.
var moduleFiles = []string{"go.mod", "go.sum", "go.work", "go.work.sum", filepath.Join("vendor", "modules.txt")}

// GoSources refuses, with a *SpecialSourceError, a Go package whose files
// the go command would open and that are not regular files, before the
// go command (go list, go build, go/packages) is run on it: the package
// pattern as the go command takes it, run in dir ("" for the working
// directory). It looks at the package directory's Go-relevant files when
// the pattern is a path (".", "./pkg", "../pkg", "/abs/pkg"; an import
// path's directory is the go command's to find), and at go.mod, go.sum,
// go.work, go.work.sum and vendor/modules.txt in that directory, the
// working directory and every directory above them. Nothing is opened: a
// file is only stat'ed. A file made special after this check is left to
// the caller's context, which ends the go command (TOCTOU is not closed
// here).
func GoSources(dir, pattern string) error {
	wd, err := filepath.Abs(dir) // the working directory for ""
	if err != nil {
		return err
	}
	dirs := []string{wd}
	if isPathPattern(pattern) && !strings.Contains(pattern, "...") {
		pkg := pattern
		if !filepath.IsAbs(pkg) {
			pkg = filepath.Join(wd, pkg)
		}
		if err := packageFiles(pkg, relTo(dir, pattern)); err != nil {
			return err
		}
		dirs = append(dirs, pkg)
	}
	seen := map[string]bool{}
	for _, d := range dirs {
		for p := filepath.Clean(d); !seen[p]; p = filepath.Dir(p) {
			seen[p] = true
			for _, name := range moduleFiles {
				if err := regularOrAbsent(filepath.Join(p, name), filepath.Join(p, name)); err != nil {
					return err
				}
			}
		}
	}
	return nil
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
