// Package input reads every file subakogo takes as input (a module, a
// manifest, calls.json, a call's arguments, an HTTP fixture, a tool list,
// lint --save-cases's file, standard input) the one safe way: only a regular
// file is read, never through a symbolic link in its last element, never
// past a size cap, and never by opening a device or a FIFO, which could
// hang the reader or stream forever, nor a file of a pseudo file system
// (procfs, sysfs: their "regular files" are made by the kernel as they
// are read). Standard input may also be a pipe, read to its cap and one
// byte, never a device. A read of a path a person gave (Arg, ReadArg)
// ends when its context does: a signal ends a command blocked on a pipe.
package input

import (
	"context"
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
// directory, a device, a FIFO or a socket, or a file of a pseudo file
// system (FS names it): it is not read.
type NotRegularError struct {
	Path string
	Mode fs.FileMode
	FS   string // "procfs", "sysfs"...: a file the kernel makes as it is read
}

func (e *NotRegularError) Error() string {
	if e.FS != "" {
		return e.Path + ": a file of " + e.FS + ", made by the kernel as it is read, not a regular file; it is not read"
	}
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
//
// The read ends when ctx does, with an error that wraps its cause: a pipe
// on standard input that never closes (or a file system that never
// answers) blocks the read, which no signal ends, so it runs apart and is
// left behind (attack pass 42b, row 1).
func Arg(ctx context.Context, path string, max int64) (*File, error) {
	return cancellable(ctx, path, func() (*File, error) { return arg(path, max, true) })
}

// ReadArg is Arg for a small file whose data the caller keeps: it is read
// into memory, never mapped, so it needs no Guard and no Release.
func ReadArg(ctx context.Context, path string, max int64) (*File, error) {
	return cancellable(ctx, path, func() (*File, error) { return arg(path, max, false) })
}

// cancellable runs read, returning when it does or when ctx ends: then
// with ctx's cause, and what read returns later is released.
func cancellable(ctx context.Context, path string, read func() (*File, error)) (*File, error) {
	if path == "-" {
		path = "<stdin>"
	}
	if ctx.Done() == nil {
		return read()
	}
	if ctx.Err() != nil {
		return nil, fmt.Errorf("%s: %w", path, context.Cause(ctx))
	}
	type result struct {
		f   *File
		err error
	}
	done := make(chan result, 1)
	go func() {
		f, err := read()
		done <- result{f, err}
	}()
	select {
	case r := <-done:
		return r.f, r.err
	case <-ctx.Done():
		go func() {
			if r := <-done; r.f != nil {
				r.f.Release()
			}
		}()
		return nil, fmt.Errorf("%s: %w", path, context.Cause(ctx))
	}
}

func arg(path string, max int64, mapped bool) (*File, error) {
	if path == "-" {
		return stdin(max, mapped)
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

// Stdin reads standard input, at most max bytes: a regular file (one
// past max is refused before it is read) or a pipe or socket, read to
// max+1 bytes at most. A device (/dev/zero streams for ever, a terminal)
// is a *NotRegularError, refused before anything is read. Release the
// File: a stream may be read into memory reserved for it.
func Stdin(max int64) (*File, error) { return stdin(max, true) }

func stdin(max int64, mapped bool) (*File, error) {
	const name = "<stdin>"
	size, err := streamable(os.Stdin, name, max)
	if err != nil {
		return nil, err
	}
	return stream(os.Stdin, name, max, size, mapped)
}

// stream reads r, which should hold size bytes (0: unknown), to max bytes
// at most: mapped and from a cap of minMappedStream, into memory reserved
// for it, whose pages the system gives as they are written (what was
// read, never a doubled buffer); else into a growing buffer.
func stream(r io.Reader, name string, max, size int64, mapped bool) (*File, error) {
	if mapped && max >= minMappedStream {
		if space, unmap, ok := mapSpace(max + 1); ok {
			n, err := io.ReadFull(r, space)
			switch {
			case int64(n) > max:
				unmap()
				return nil, &TooLargeError{Path: name, Max: max}
			case err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF):
				unmap()
				return nil, fmt.Errorf("%s: %w", name, err)
			}
			return &File{Path: name, Data: space[:n], release: unmap}, nil
		}
	}
	data, err := readAll(r, name, max, size)
	if err != nil {
		return nil, err
	}
	return &File{Path: name, Data: data}, nil
}

// minMappedStream is the cap from which a stream is read into reserved
// memory (pages given as written) rather than a growing buffer.
const minMappedStream = 1 << 20

// ReadStream is ReadAll for a stream that may be a file the process was
// handed (standard input): when r is an *os.File, a device is refused
// with a *NotRegularError before it is read, and a regular file past max
// with a *TooLargeError.
func ReadStream(r io.Reader, name string, max int64) ([]byte, error) {
	size, err := streamable(r, name, max)
	if err != nil {
		return nil, err
	}
	return readAll(r, name, max, size)
}

// streamable refuses, when r is an *os.File, a device and a regular file
// past max; it returns the size of a regular file (0 otherwise), which
// the read takes as the size of its buffer.
func streamable(r io.Reader, name string, max int64) (int64, error) {
	f, ok := r.(*os.File)
	if !ok {
		return 0, nil
	}
	fi, err := f.Stat()
	if err != nil {
		return 0, fmt.Errorf("%s: %w", name, err)
	}
	switch m := fi.Mode(); {
	case m&fs.ModeDevice != 0:
		return 0, &NotRegularError{Path: name, Mode: m}
	case m.IsRegular() && fi.Size() > max:
		return 0, &TooLargeError{Path: name, Max: max}
	case m.IsRegular():
		return fi.Size(), nil
	}
	return 0, nil
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
	// A pseudo file system's file is not opened either (opening
	// /proc/kmsg has effects); fstatfs below checks what was opened.
	if fs := pseudoPath(path); fs != "" {
		return nil, &NotRegularError{Path: path, Mode: fi.Mode(), FS: fs}
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
	if fs := pseudoFd(f.Fd()); fs != "" {
		return nil, &NotRegularError{Path: path, Mode: fi.Mode(), FS: fs}
	}
	if fi.Size() > max {
		return nil, &TooLargeError{Path: path, Max: max}
	}
	if mapped {
		if data, unmap, ok := mapFile(f, fi.Size()); ok {
			return &File{Path: path, Data: data, release: unmap}, nil
		}
	}
	// Empty, or not mapped: read as a stream, since the file may have
	// grown since fstat (or be one of a file system that gives no size:
	// FUSE's), to max at most, in memory that grows with what is read.
	return stream(f, path, max, fi.Size(), mapped)
}

// ReadAll reads a stream, such as standard input, named name in messages:
// at most max bytes, a longer one is a *TooLargeError. It reads into a
// buffer that grows as data comes but never past max+1 bytes (io.ReadAll
// doubles its buffer, twice the cap for a stream at it), and stops at the
// byte past max.
func ReadAll(r io.Reader, name string, max int64) ([]byte, error) {
	return readAll(r, name, max, 0)
}

// readAll is ReadAll with the size the stream is expected to have (a
// regular file's, 0 when unknown): the buffer starts there, plus the byte
// that shows the end, so a file is read into one allocation.
func readAll(r io.Reader, name string, max, size int64) ([]byte, error) {
	limit := max + 1
	buf := make([]byte, 0, min(limit, 512))
	if size >= 512 {
		buf = make([]byte, 0, min(limit, size+1))
	}
	for {
		if len(buf) == cap(buf) {
			if int64(len(buf)) >= limit {
				return nil, &TooLargeError{Path: name, Max: max}
			}
			grown := make([]byte, len(buf), min(limit, int64(2*cap(buf))))
			copy(grown, buf)
			buf = grown
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	if int64(len(buf)) > max {
		return nil, &TooLargeError{Path: name, Max: max}
	}
	return buf, nil
}

// ErrChanged reports a mapped file that shrank while it was read.
var ErrChanged = errors.New("the file changed while it was read")
