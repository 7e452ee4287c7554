package host

import (
	"encoding/binary"
	"math"
	"reflect"

	"github.com/tetratelabs/wazero/api"
	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
	"github.com/tetratelabs/wazero/sys"

	"github.com/subako-ai/subako-go/internal/host/sandboxfs"
)

// relistDirectory has the fd_readdir about to run list the directory as
// it is at the call and skip `cookie` entries, as Subako's runtime does
// (sandboxfs relist.go; attack pass 50c, row 2), when the listing wazero
// caches for the descriptor may be stale or does not hold the cookie:
// when the run changed a directory's entries since the descriptor's
// previous fd_readdir (sandboxfs Namespace), or the cookie is not inside
// what that call listed (ReaddirMark). Then wazero's cache is started
// over (its Read at cookie 0 for the two head entries), the directory is
// asked for a fresh listing past cookie-2 of its entries (Relist), and
// wazero is given cookie 2 for a cookie past 2 (its cache knows no
// further). Otherwise wazero reads on in its cache, at the cookie less
// the shift of the last relist. After moves the entries' d_next back to
// the module's count (cookiesFrom). A preopen is listed through a
// directory the host opens (preopenDir). Where wazero's descriptor table
// is not what the host knows (another wazero), nothing changes: the
// preopen's test (TestReaddirPreopenListsAfresh) then fails.
func relistDirectory(mod api.Module, c *readdirCall, params []uint64) {
	defer func() { _ = recover() }()
	cookie := params[3]
	c.cookie = cookie
	entry, ok := fileEntry(mod, c.fd)
	if !ok {
		return
	}
	f, ok := relister(entry)
	if !ok {
		return
	}
	c.dir = f
	cache := entry.Addr().MethodByName("DirentCache")
	if !cache.IsValid() || cache.Type().NumOut() != 2 {
		return
	}
	out := cache.Call(nil)
	if e, ok := out[1].Interface().(experimentalsys.Errno); !ok || e != 0 || out[0].IsNil() {
		return // not a directory: wazero answers
	}
	mark, now := f.Mark(), f.Namespace()
	if mark.Set && mark.Namespace == now && cookie >= mark.From && cookie <= mark.To {
		params[3] = cookie - mark.Shift
		c.mark, c.shifted = mark, mark.Shift > 0
		return
	}
	*mark = sandboxfs.ReaddirMark{}
	read := out[0].MethodByName("Read")
	if !read.IsValid() || read.Type().NumIn() != 2 {
		return
	}
	out = read.Call([]reflect.Value{reflect.ValueOf(uint64(0)), reflect.ValueOf(uint32(2))})
	if e, ok := out[1].Interface().(experimentalsys.Errno); !ok || e != 0 {
		return
	}
	skip := uint64(0)
	if cookie > 2 {
		skip = min(cookie-2, math.MaxInt64)
	}
	if e := f.Relist(int64(skip)); e != 0 {
		return
	}
	*mark = sandboxfs.ReaddirMark{Namespace: now, From: cookie, To: cookie}
	c.mark = mark
	if cookie > 2 {
		params[3], mark.Shift, c.shifted = 2, cookie-2, true
	}
}

// relisting is a mount's directory (sandboxfs).
type relisting interface {
	experimentalsys.File
	Relist(skip int64) experimentalsys.Errno
	Namespace() uint64
	Mark() *sandboxfs.ReaddirMark
	Listed()
}

// relister is the mount's directory wazero's entry lists: its File, or
// for a preopen, the preopenDir the host puts in place of wazero's
// lazily opened directory, before the entry's first listing.
func relister(entry reflect.Value) (relisting, bool) {
	file := entry.FieldByName("File")
	if !file.IsValid() || file.Kind() != reflect.Interface || file.IsNil() {
		return nil, false
	}
	if r, ok := file.Interface().(relisting); ok {
		return r, true
	}
	pre, fsys, cache := entry.FieldByName("IsPreopen"), entry.FieldByName("FS"), entry.FieldByName("direntCache")
	if !pre.IsValid() || pre.Kind() != reflect.Bool || !pre.Bool() || !file.CanSet() ||
		!cache.IsValid() || cache.Kind() != reflect.Pointer || !cache.IsNil() ||
		!fsys.IsValid() || fsys.Kind() != reflect.Interface || fsys.IsNil() {
		return nil, false // not a preopen, or wazero's cache lists it already
	}
	mount, ok := fsys.Interface().(experimentalsys.FS)
	if !ok {
		return nil, false
	}
	wazeros, ok := file.Interface().(experimentalsys.File)
	if !ok {
		return nil, false
	}
	opened, e := mount.OpenFile(".", experimentalsys.O_RDONLY, 0)
	if e != 0 {
		return nil, false
	}
	list, ok := opened.(relisting)
	if !ok {
		_ = opened.Close()
		return nil, false
	}
	d := &preopenDir{relisting: list, wazeros: wazeros}
	file.Set(reflect.ValueOf(d))
	return d, true
}

// preopenDir is a preopen's directory as the host gives it to wazero: a
// directory it opens from the preopen's mount for the listing (Readdir
// and Seek, which fd_readdir's cache calls; Relist), and wazero's own
// (which opens the directory at its first use) for every other call, so
// that a preopen answers them as before. wazero keeps its own directory's
// file unexported, out of the host's reach.
type preopenDir struct {
	relisting
	wazeros experimentalsys.File
}

func (d *preopenDir) Dev() (uint64, experimentalsys.Errno)    { return d.wazeros.Dev() }
func (d *preopenDir) Ino() (sys.Inode, experimentalsys.Errno) { return d.wazeros.Ino() }
func (d *preopenDir) IsDir() (bool, experimentalsys.Errno)    { return d.wazeros.IsDir() }
func (d *preopenDir) IsAppend() bool                          { return d.wazeros.IsAppend() }
func (d *preopenDir) SetAppend(on bool) experimentalsys.Errno { return d.wazeros.SetAppend(on) }
func (d *preopenDir) Stat() (sys.Stat_t, experimentalsys.Errno) {
	return d.wazeros.Stat()
}
func (d *preopenDir) Read(b []byte) (int, experimentalsys.Errno) { return d.wazeros.Read(b) }
func (d *preopenDir) Pread(b []byte, off int64) (int, experimentalsys.Errno) {
	return d.wazeros.Pread(b, off)
}
func (d *preopenDir) Write(b []byte) (int, experimentalsys.Errno) { return d.wazeros.Write(b) }
func (d *preopenDir) Pwrite(b []byte, off int64) (int, experimentalsys.Errno) {
	return d.wazeros.Pwrite(b, off)
}
func (d *preopenDir) Truncate(size int64) experimentalsys.Errno { return d.wazeros.Truncate(size) }
func (d *preopenDir) Sync() experimentalsys.Errno               { return d.wazeros.Sync() }
func (d *preopenDir) Datasync() experimentalsys.Errno           { return d.wazeros.Datasync() }
func (d *preopenDir) Utimens(atim, mtim int64) experimentalsys.Errno {
	return d.wazeros.Utimens(atim, mtim)
}

func (d *preopenDir) Close() experimentalsys.Errno {
	e := d.relisting.Close()
	if e2 := d.wazeros.Close(); e == 0 {
		e = e2
	}
	return e
}

// cookiesFrom completes the descriptor's ReaddirMark with the cookies the
// call's listing holds, and gives the entries it wrote for a cookie the
// host moved (relistDirectory) their d_next: the module's cookie, plus
// one for each entry, within what the call wrote.
func cookiesFrom(mod api.Module, c readdirCall) {
	mem := guestMemory(mod)
	if mem == nil || c.mark == nil {
		return
	}
	c.mark.Set = false
	used, ok := mem.ReadUint32Le(c.bufused)
	if !ok {
		return
	}
	if c.inMemory > 0 {
		used = uint32(min(uint64(used), c.inMemory))
	}
	next := c.cookie
	for pos := uint64(0); pos < uint64(used); {
		next++
		if c.shifted {
			var b [8]byte
			binary.LittleEndian.PutUint64(b[:], next)
			mem.Write(c.buf+uint32(pos), b[:min(8, uint64(used)-pos)])
		}
		if pos+20 > uint64(used) {
			break
		}
		namlen, ok := mem.ReadUint32Le(c.buf + uint32(pos) + 16)
		if !ok {
			return
		}
		pos += direntHeader + uint64(namlen)
	}
	c.mark.Set, c.mark.From, c.mark.To = true, c.cookie, next
}
