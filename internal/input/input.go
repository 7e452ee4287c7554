// Package input reads every file subakogo takes as input (a module, a
// manifest, calls.json, a call's arguments, an HTTP fixture, a tool list,
// lint --save-cases's file, standard input) the one safe way: only a regular
// file is read, never through a symbolic link in its last element, never
// past a size cap, and never by opening a device or a FIFO, which could
// hang the reader or stream forever.
package input

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/subako-ai/subako-go/abi"
)

// The caps. A module may be large (Subako's own limit is far below a
// GiB); the JSON files are small by nature.
const (
	MaxModule   = 1 << 30          // module.wasm and .wasm files
	MaxManifest = 1 << 20          // subako-package.json
	MaxCalls    = abi.LineMaxBytes // testdata/calls.json: a request line's worth of examples
)

// NotRegularError is returned for a path that is a symbolic link, a
// directory, a device, a FIFO or a socket: it is not opened for reading.
type NotRegularError struct {
	Path string
	Mode fs.FileMode
}

func (e *NotRegularError) Error() string {
	return e.Path + ": " + Kind(e.Mode) + ", not a regular file; it is not read"
}

// Kind names a file's type for people.
func Kind(m fs.FileMode) string {
	switch {
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m.IsRegular():
		return "a regular file"
	}
	return "a special file"
}

// TooLargeError is returned for a file or stream past its cap.
type TooLargeError struct {
	Path string
	Max  int64
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("%s: larger than %d bytes, the most subakogo reads", e.Path, e.Max)
}

// File is what was read. Release it when done: it may be memory-mapped.
type File struct {
	Path    string
	Data    []byte
	release func()
}

// Release lets go of the data (unmaps it); Data must not be used after.
func (f *File) Release() {
	if f.release != nil {
		f.release()
		f.release = nil
	}
	f.Data = nil
}

// Read reads the regular file at path, at most max bytes. A path that
// names anything else is a *NotRegularError, a file past max a
// *TooLargeError; a missing file is an error matching fs.ErrNotExist.
func Read(path string, max int64) (*File, error) { return read(path, max, false) }

// Map is Read for large files: where the system allows, a file is
// memory-mapped rather than copied. A mapped file truncated by someone
// else while it is read faults; see Guard.
func Map(path string, max int64) (*File, error) { return read(path, max, true) }

// Arg is Map for a path given on the command line: the person running the
// tool named it, so symbolic links in it are resolved first (a build
// system's output is often one); what they lead to must still be a
// regular file. "-" is standard input.
func Arg(path string, max int64) (*File, error) { return arg(path, max, true) }

// ReadArg is Arg for a small file whose data the caller keeps: it is read
// into memory, never mapped, so it needs no Guard and no Release.
func ReadArg(path string, max int64) (*File, error) { return arg(path, max, false) }

func arg(path string, max int64, mapped bool) (*File, error) {
	if path == "-" {
		return Stdin(max)
	}
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return nil, err
	}
	f, err := read(real, max, mapped)
	if err != nil {
		var nr *NotRegularError
		var tl *TooLargeError
		switch {
		case errors.As(err, &nr):
			nr.Path = path
		case errors.As(err, &tl):
			tl.Path = path
		}
		return nil, err
	}
	f.Path = path
	return f, nil
}

// Stdin reads standard input, at most max bytes.
func Stdin(max int64) (*File, error) {
	data, err := ReadAll(os.Stdin, "<stdin>", max)
	if err != nil {
		return nil, err
	}
	return &File{Path: "<stdin>", Data: data}, nil
}

func read(path string, max int64, mapped bool) (*File, error) {
	// Lstat first, so a device or a FIFO is never even opened (opening some
	// devices has effects); the open below then refuses a link swapped in
	// since, and fstat checks what was opened.
	fi, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, &NotRegularError{Path: path, Mode: fi.Mode()}
	}
	f, err := os.OpenFile(path, os.O_RDONLY|noFollow|nonBlock, 0)
	if err != nil {
		if fi, lerr := os.Lstat(path); lerr == nil && !fi.Mode().IsRegular() {
			return nil, &NotRegularError{Path: path, Mode: fi.Mode()}
		}
		return nil, err
	}
	defer f.Close()
	if fi, err = f.Stat(); err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, &NotRegularError{Path: path, Mode: fi.Mode()}
	}
	if fi.Size() > max {
		return nil, &TooLargeError{Path: path, Max: max}
	}
	if mapped {
		if data, unmap, ok := mapFile(f, fi.Size()); ok {
			return &File{Path: path, Data: data, release: unmap}, nil
		}
	}
	data, err := ReadAll(f, path, max) // the file may have grown since fstat
	if err != nil {
		return nil, err
	}
	return &File{Path: path, Data: data}, nil
}

// ReadAll reads a stream, such as standard input, named name in messages:
// at most max bytes, a longer one is a *TooLargeError.
func ReadAll(r io.Reader, name string, max int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, max+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if int64(len(data)) > max {
		return nil, &TooLargeError{Path: name, Max: max}
	}
	return data, nil
}

// ErrChanged reports a mapped file that shrank while it was read.
var ErrChanged = errors.New("the file changed while it was read")
