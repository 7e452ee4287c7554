package subakohttp

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path"
	"strings"
	"syscall"
)

// volumePrefix is where the module sees the volume.
const volumePrefix = "/volume/"

// volume is the call's volume opened as an os.Root, which confines every
// access beneath Config.Volume: a ".." or a symbolic link that would leave it
// fails there, however the path was spelled.
type volume struct {
	root *os.Root
}

func (c *Config) openVolume() (*volume, error) {
	if c.Volume == "" {
		return nil, fail(kindBadPath, "this call has no volume, so there is no file to send or save to")
	}
	root, err := os.OpenRoot(c.Volume)
	if err != nil {
		return nil, fail(kindBadPath, "the volume could not be opened")
	}
	return &volume{root: root}, nil
}

func (v *volume) close() {
	if v != nil {
		_ = v.root.Close()
	}
}

// rel turns the module's path into one relative to the volume. The path must
// be absolute, beneath /volume, and free of ".." components: the module names
// files as it opens them, by their absolute /volume paths, and a ".." is
// never needed for that. Symbolic links are followed, but only within the
// volume, which os.Root enforces when the file is opened.
func rel(p string) (string, error) {
	if !strings.HasPrefix(p, "/") {
		return "", fail(kindBadPath, quote(p)+" is not an absolute path: give the file's path under /volume, such as /volume/tmp/in.bin")
	}
	for _, seg := range strings.Split(p, "/") {
		if seg == ".." {
			return "", fail(kindBadPath, quote(p)+` contains "..": give the file's path under /volume without it`)
		}
	}
	if strings.IndexByte(p, 0) >= 0 {
		return "", fail(kindBadPath, quote(p)+" contains a NUL byte")
	}
	r, ok := strings.CutPrefix(path.Clean(p), volumePrefix)
	if !ok || r == "" {
		return "", fail(kindBadPath, quote(p)+" is not a file under /volume")
	}
	return r, nil
}

// openBody opens the file a {"type":"file"} body sends. It must be a regular
// file; the size becomes the request's Content-Length.
func (v *volume) openBody(p string) (*os.File, int64, error) {
	r, err := rel(p)
	if err != nil {
		return nil, 0, err
	}
	// Stat before opening, so that a FIFO is refused rather than blocked on.
	if err := v.regular(p, r, false); err != nil {
		return nil, 0, err
	}
	f, err := v.root.Open(r)
	if err != nil {
		return nil, 0, pathError(p, err)
	}
	info, err := f.Stat()
	if err != nil || !info.Mode().IsRegular() {
		_ = f.Close()
		return nil, 0, fail(kindBadPath, quote(p)+" is not a regular file")
	}
	return f, info.Size(), nil
}

// checkOutput checks, before the request is sent, that the response body
// could be saved at p: its directory exists within the volume, and p is not
// something other than a regular file. The file itself is created only once
// a response comes, so that a request that fails leaves nothing behind.
func (v *volume) checkOutput(p string) (string, error) {
	r, err := rel(p)
	if err != nil {
		return "", err
	}
	if dir := path.Dir(r); dir != "." {
		info, err := v.root.Stat(dir)
		if err != nil {
			return "", pathError(path.Dir(p), err)
		}
		if !info.IsDir() {
			return "", fail(kindBadPath, quote(path.Dir(p))+" is not a directory")
		}
	}
	if err := v.regular(p, r, true); err != nil {
		return "", err
	}
	return r, nil
}

// regular fails unless r is a regular file, or absent when mayBeAbsent.
func (v *volume) regular(p, r string, mayBeAbsent bool) error {
	info, err := v.root.Stat(r)
	switch {
	case errors.Is(err, fs.ErrNotExist) && mayBeAbsent:
		return nil
	case err != nil:
		return pathError(p, err)
	case info.IsDir():
		return fail(kindBadPath, quote(p)+" is a directory")
	case !info.Mode().IsRegular():
		return fail(kindBadPath, quote(p)+" is not a regular file")
	}
	return nil
}

// pathError explains why the file at p could not be used, without the host
// paths an *os.PathError would show.
func pathError(p string, err error) error {
	var why string
	switch {
	case errors.Is(err, fs.ErrNotExist):
		why = "does not exist"
	case errors.Is(err, fs.ErrPermission):
		why = "may not be accessed"
	case errors.Is(err, syscall.ENOTDIR):
		why = "is not beneath a directory"
	default:
		// os.Root's refusal of a path that leaves the volume, through a
		// symbolic link, has no exported sentinel.
		why = "leads outside the volume or cannot be opened"
		var perr *fs.PathError
		if errors.As(err, &perr) && !strings.Contains(perr.Err.Error(), "escapes") {
			why = "cannot be opened: " + perr.Err.Error()
		}
	}
	return fail(kindBadPath, quote(p)+" "+why)
}

// save writes body to the file r (p as the module named it), charging every
// byte to the budget before writing it. On any failure it removes the file,
// so that a partial body is never mistaken for a whole one.
func (v *volume) save(p, r string, body io.Reader, budget *Budget) (n int64, err error) {
	f, err := v.root.OpenFile(r, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return 0, pathError(p, err)
	}
	defer func() {
		if cerr := f.Close(); cerr != nil && err == nil {
			err = writeError(p, cerr)
		}
		if err != nil {
			_ = v.root.Remove(r)
		}
	}()
	buf := make([]byte, 32<<10)
	for {
		m, rerr := body.Read(buf)
		if m > 0 {
			if !budget.Take(int64(m)) {
				return n, fail(kindWriteBudget, "saving the body to "+p+" would pass the call's write budget; "+
					"the partial file was removed")
			}
			if _, werr := f.Write(buf[:m]); werr != nil {
				return n, writeError(p, werr)
			}
			n += int64(m)
		}
		if rerr == io.EOF {
			return n, nil
		}
		if rerr != nil {
			return n, rerr // a connection error or timeout, classified by the caller
		}
	}
}

// writeError is a failure to write the file itself: write_budget when the
// disk or quota is full, which is what exhausting space amounts to, else
// bad_path.
func writeError(p string, err error) error {
	if errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT) {
		return fail(kindWriteBudget, "there is no space left to save the body to "+p+"; the partial file was removed")
	}
	return fail(kindBadPath, "the body could not be written to "+p+"; the partial file was removed")
}
