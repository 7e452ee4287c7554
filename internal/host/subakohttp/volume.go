package subakohttp

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path"
	"strings"
	"syscall"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/internal/host/sandboxfs"
)

// volume is the call's volume as the module sees it: the mounts it has
// (/volume/tmp, and /volume/data when enabled), each opened through
// sandboxfs, which confines every access beneath its folder and applies the
// same checks and budget as the module's own file operations.
type volume struct {
	mounts []*sandboxfs.Mount
	shared bool // the run's own mounts (Config.Mounts), not closed here
}

func (c *Config) openVolume() (*volume, error) {
	if c.Volume == "" {
		return nil, fail(abi.HTTPBadPath, "this call has no volume, so there is no file to send or save to")
	}
	if len(c.Mounts) > 0 {
		return &volume{mounts: c.Mounts, shared: true}, nil
	}
	v := &volume{}
	for _, vm := range sandboxfs.VolumeMounts(c.Data) {
		m, err := sandboxfs.Open(path.Join(c.Volume, vm.Sub), vm.Guest, true, c.WriteBudget, nil)
		if err != nil {
			v.close()
			return nil, fail(abi.HTTPBadPath, "the volume's "+vm.Guest+" could not be opened")
		}
		v.mounts = append(v.mounts, m)
	}
	return v, nil
}

func (v *volume) close() {
	if v != nil && !v.shared {
		for _, m := range v.mounts {
			_ = m.Close()
		}
	}
}

// resolve finds the mount of the module's path and the path relative to
// it. The path must be absolute, beneath a mount the call has, and free of
// ".." components: the module names files as it opens them, by their
// absolute paths, and a ".." is never needed for that. Symbolic links are
// followed, but only within the mount, which os.Root enforces when the file
// is opened.
func (v *volume) resolve(p string) (*sandboxfs.Mount, string, error) {
	if !strings.HasPrefix(p, "/") {
		return nil, "", fail(abi.HTTPBadPath, quote(p)+" is not an absolute path: give the file's path under /volume, such as /volume/tmp/in.bin")
	}
	for _, seg := range strings.Split(p, "/") {
		if seg == ".." {
			return nil, "", fail(abi.HTTPBadPath, quote(p)+` contains "..": give the file's path under /volume without it`)
		}
	}
	if strings.IndexByte(p, 0) >= 0 {
		return nil, "", fail(abi.HTTPBadPath, quote(p)+" contains a NUL byte")
	}
	clean := path.Clean(p)
	for _, m := range v.mounts {
		if r, ok := strings.CutPrefix(clean, m.Guest+"/"); ok && r != "" {
			if strings.HasSuffix(p, "/") || strings.HasSuffix(p, "/.") {
				// A name the module's own open resolves as a directory
				// (ENOTDIR of a file, EISDIR of a new name), which
				// path.Clean would make a file's (attack pass 51c, row 2).
				return nil, "", fail(abi.HTTPBadPath, quote(p)+` ends in "/" or "/.", which names a directory: give the file's own path, such as /volume/tmp/out.bin`)
			}
			return m, r, nil
		}
	}
	if clean == "/volume/data" || strings.HasPrefix(clean, "/volume/data/") {
		return nil, "", fail(abi.HTTPBadPath, quote(p)+" is under /volume/data, which this call does not have mounted")
	}
	return nil, "", fail(abi.HTTPBadPath, quote(p)+" is not a file under /volume/tmp or /volume/data")
}

// openBody opens the file a {"type":"file"} body sends. It must be a regular
// file; the size becomes the request's Content-Length.
func (v *volume) openBody(p string) (*os.File, int64, error) {
	m, r, err := v.resolve(p)
	if err != nil {
		return nil, 0, err
	}
	// Stat before opening, so that a FIFO is refused rather than blocked on.
	if err := regular(m, p, r, false); err != nil {
		return nil, 0, err
	}
	f, err := m.Root().Open(r)
	if err != nil {
		return nil, 0, pathError(p, err)
	}
	info, err := f.Stat()
	if err != nil || !info.Mode().IsRegular() {
		_ = f.Close()
		return nil, 0, fail(abi.HTTPBadPath, quote(p)+" is not a regular file")
	}
	return f, info.Size(), nil
}

// output is where a response body is saved.
type output struct {
	m    *sandboxfs.Mount
	p, r string // as the module named it, and relative to the mount
}

// checkOutput checks, before the request is sent, that the response body
// could be saved at p: its directory exists within a mount, and p is not
// something other than a regular file. The file itself is created only once
// a response comes, so that a request that fails leaves nothing behind.
func (v *volume) checkOutput(p string) (*output, error) {
	m, r, err := v.resolve(p)
	if err != nil {
		return nil, err
	}
	if dir := path.Dir(r); dir != "." {
		info, err := m.Root().Stat(dir)
		if err != nil {
			return nil, pathError(path.Dir(p), err)
		}
		if !info.IsDir() {
			return nil, fail(abi.HTTPBadPath, quote(path.Dir(p))+" is not a directory")
		}
	}
	if err := regular(m, p, r, true); err != nil {
		return nil, err
	}
	if err := m.CheckWritable(r); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, pathError(p, err)
	}
	return &output{m: m, p: p, r: r}, nil
}

// regular fails unless r is a regular file, or absent when mayBeAbsent.
func regular(m *sandboxfs.Mount, p, r string, mayBeAbsent bool) error {
	info, err := m.Root().Stat(r)
	switch {
	case errors.Is(err, fs.ErrNotExist) && mayBeAbsent:
		return nil
	case err != nil:
		return pathError(p, err)
	case info.IsDir():
		return fail(abi.HTTPBadPath, quote(p)+" is a directory")
	case !info.Mode().IsRegular():
		return fail(abi.HTTPBadPath, quote(p)+" is not a regular file")
	}
	return nil
}

// pathError explains why the file at p could not be used, without the host
// paths an *os.PathError would show.
func pathError(p string, err error) error {
	var why string
	switch {
	case errors.Is(err, sandboxfs.ErrTooMany), errors.Is(err, sandboxfs.ErrTooDeep):
		return fail(abi.HTTPWriteBudget, "saving the body to "+p+" is refused: "+err.Error())
	case errors.Is(err, sandboxfs.ErrLinked), errors.Is(err, sandboxfs.ErrNotRegular):
		why = "may not be written: " + err.Error()
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
	return fail(abi.HTTPBadPath, quote(p)+" "+why)
}

// save writes body to the output, charging every byte to the budget before
// writing it. The body goes to a file of its own (sandboxfs.Save), renamed
// onto the output only once whole; on any failure that file alone is
// removed, so that a partial body is never mistaken for a whole one, and a
// file another call put at the output's name meanwhile stays (attack pass
// 51c, row 1).
func (o *output) save(body io.Reader, budget *sandboxfs.Budget) (n int64, err error) {
	s, err := o.m.CreateSave(o.r)
	if err != nil {
		return 0, pathError(o.p, err)
	}
	f := s.File
	defer func() {
		if err != nil {
			s.Discard()
		} else if perr := s.Place(); perr != nil {
			err = writeError(o.p, perr)
		}
	}()
	buf := make([]byte, 32<<10)
	for {
		m, rerr := body.Read(buf)
		if m > 0 {
			if !budget.Take(int64(m)) {
				passed := "the call's write budget"
				if budget.Remaining() >= int64(m) { // the call had room: the volume's quota refused it
					passed = "the quota of the volume the calls share"
				}
				return n, fail(abi.HTTPWriteBudget, "saving the body to "+o.p+" would pass "+passed+"; "+
					"the partial file was removed")
			}
			if _, werr := f.Write(buf[:m]); werr != nil {
				return n, writeError(o.p, werr)
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
		return fail(abi.HTTPWriteBudget, "there is no space left to save the body to "+p+"; the partial file was removed")
	}
	return fail(abi.HTTPBadPath, "the body could not be written to "+p+"; the partial file was removed")
}
