package outfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Resolve is path, a directory to write in or a target to create, as the
// kernel resolves it: symbolic links followed before "..", so "a/../b"
// with a a link to x/y is x/b, not ./b (filepath.Clean's reading). The
// longest prefix of path, as written (never cleaned), that exists is
// resolved (EvalSymlinks), the names missing after it appended; the
// result is absolute. created is the first missing name's directory, the
// one a caller that makes path would make first ("" when path exists).
// A "." among the missing names is skipped; a ".." refused (what it
// names depends on directories not made yet). init's target and pack's
// -o are resolved here, once, and used for their checks and their writes
// (attack passes 41i row 3, 41n row 5).
func Resolve(path string) (resolved, created string, err error) {
	prefix, missing := path, []string(nil)
	for {
		if _, err := os.Lstat(prefix); err == nil {
			break
		} else if !errors.Is(err, fs.ErrNotExist) {
			return "", "", err
		}
		var name string
		prefix, name = SplitLast(prefix)
		missing = append([]string{name}, missing...)
		if prefix == "" {
			prefix = "."
			break
		}
	}
	real, err := filepath.EvalSymlinks(prefix)
	if err != nil {
		return "", "", err
	}
	if resolved, err = filepath.Abs(real); err != nil {
		return "", "", err
	}
	for _, name := range missing {
		switch name {
		case "", ".":
			continue
		case "..":
			return "", "", fmt.Errorf("%s: \"..\" after a directory that does not exist yet: name the directory without it", path)
		}
		resolved = filepath.Join(resolved, name)
		if created == "" {
			created = resolved
		}
	}
	return resolved, created, nil
}

// SplitLast splits path, as written, before its last name (a caller
// that resolves a path's directory keeps its last name as written: a
// rename's target is not followed): "a/../b" is
// "a/.." and "b", "/x" is "/" and "x", "x" is "" and "x".
func SplitLast(path string) (prefix, name string) {
	for len(path) > 1 && os.IsPathSeparator(path[len(path)-1]) {
		path = path[:len(path)-1]
	}
	i := len(path) - 1
	for i >= 0 && !os.IsPathSeparator(path[i]) {
		i--
	}
	switch {
	case i < 0:
		return "", path
	case i == 0:
		return path[:1], path[1:]
	}
	return path[:i], path[i+1:]
}
