// Package outfile writes the files subakogo makes (a package's
// subako_gen.go, lint --save-cases's file, call --profile's) the one safe
// way: the new contents go to a temporary file created exclusively, under
// a random hidden name, in the target's directory through an os.Root of
// it, then renamed over the target. Nothing is written through a
// symbolic link, into a FIFO or a device, or outside that directory
// (whatever a cloned package planted there), and a reader sees the old
// file or the new one, never half of it.
package outfile

import (
	"crypto/rand"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/subako-ai/subako-go/internal/input"
)

// NotRegularError is returned for a path a person named where something
// other than a regular file is (a symbolic link, dangling or not, a
// directory, a FIFO, a device): it is not written.
type NotRegularError struct {
	Path string
	Mode fs.FileMode
}

func (e *NotRegularError) Error() string {
	return e.Path + ": " + input.Kind(e.Mode) + ", not a regular file: subakogo writes only to a regular file or a new one"
}

// Check refuses path, with a NotRegularError, when something other than a
// regular file is there; a missing path is fine. Commands call it before
// they spend their time, so that a path Write would refuse is refused first.
func Check(path string) error {
	if err := named(path); err != nil {
		return err
	}
	fi, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return err
	case !fi.Mode().IsRegular():
		return &NotRegularError{Path: path, Mode: fi.Mode()}
	}
	return nil
}

// Write puts data at path, a regular file or a new one: anything else
// there is refused with a NotRegularError. The directory must exist.
func Write(path string, data []byte, mode fs.FileMode) error {
	return put(path, data, mode, true)
}

// Replace puts data at path whatever is there: a symbolic link (or a FIFO)
// is replaced by the new regular file, never written through. For a file
// subakogo owns, such as subako_gen.go. The directory must exist.
func Replace(path string, data []byte, mode fs.FileMode) error {
	return put(path, data, mode, false)
}

// TempName is a new temporary name for a file called name, which put
// writes before the rename: hidden, so that the go command does not build
// it and serve's watch does not count it as a change of the sources.
func TempName(name string) string {
	return "." + name + "." + rand.Text() + ".tmp"
}

// named refuses a path that names no file: one that ends in a separator
// ("new/") names a directory, and the rename would go to "" (attack pass
// 41i, row 6: "renameat ... : empty path" after the whole lint); so does
// one whose last element is "." or ".." ("new/.", "new/..": attack pass
// 41n, row 3, refused only after the lint, new/ made and left behind).
func named(path string) error {
	if path == "" || os.IsPathSeparator(path[len(path)-1]) {
		return fmt.Errorf("%s: ends in a path separator, which names a directory: subakogo writes a file, name it", path)
	}
	i := len(path) - 1
	for i >= 0 && !os.IsPathSeparator(path[i]) {
		i--
	}
	if last := path[i+1:]; last == "." || last == ".." {
		return fmt.Errorf("%s: ends in %q, which names a directory: subakogo writes a file, name it", path, last)
	}
	return nil
}

func put(path string, data []byte, mode fs.FileMode, regularOnly bool) error {
	if err := named(path); err != nil {
		return err
	}
	dir, name := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return err
	}
	defer root.Close()
	if regularOnly {
		if fi, err := root.Lstat(name); err == nil && !fi.Mode().IsRegular() {
			return &NotRegularError{Path: path, Mode: fi.Mode()}
		}
	}
	tmp := TempName(name)
	f, err := root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = root.Rename(tmp, name)
	}
	if err != nil {
		_ = root.Remove(tmp)
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}
