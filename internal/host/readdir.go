package host

import (
	"context"
	"encoding/binary"

	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"
	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"

	"github.com/subako-ai/subako-go/internal/host/sandboxfs"
)

// errnoNomem is WASI's ENOMEM.
const errnoNomem = 48

// direntHeader is the size of a WASI dirent's header (d_next, d_ino,
// d_namlen, d_type): wazero's fd_readdir refuses a smaller buffer.
const direntHeader = 24

// readdirListener bounds what one fd_readdir lists. wazero's fd_readdir
// lists bufLen/24+2 entries into the descriptor's cache before it checks
// that the buffer is in memory, so a buf_len of 4 GiB with any pointer
// listed the whole directory for an EFAULT (attack pass 43j, row 3).
//
// What a buffer past memory answers is wasmtime's (p1.rs fd_readdir): it
// writes each entry's header and name into its own slice of the buffer
// (write_bytes), so the entries that fit inside memory are written and
// the call succeeds; an entry that crosses the end traps. A buffer that
// starts inside memory and ends past it is cut to the bytes inside and
// one more: wazero lists no more than those hold, writes the entries that
// fit, and a call that would write past memory (EFAULT, or a used length
// past what is inside) traps. Attack pass 44d, row 4: such a buffer was
// moved out of memory and answered EFAULT, where an empty directory read
// into the last 100 bytes of memory with a buf_len of 200 wrote "." and
// ".." (51 bytes) in wasmtime. A buffer that starts past memory is made to
// list a single entry, into a buffer past memory, which gives the same
// answer: a trap (EFAULT, argsListener) when there is an entry, none used
// when there is not. A listing the run's budget refused
// (sandboxfs.MaxListing) answers ENOMEM, or EFAULT for a buffer past
// memory (a seeded run lists a directory whole to sort it, so its one
// entry may be refused too).
type readdirListener struct{}

// readdirCall is what readdirListener saw of the current call: for a
// buffer that starts in memory and ends past it, how many of its bytes are
// inside (0 otherwise), and where the call writes its result; the
// directory's fd and the buffer, for dotDotIno (inBuffer false for a
// buffer past memory).
type readdirCall struct {
	inMemory uint64
	bufused  uint32
	fd, buf  uint32
	inBuffer bool
	// cookie is the module's; shifted says the host asked wazero for
	// another (relistDirectory), so After gives the entries their d_next.
	cookie  uint64
	shifted bool
	// mark is the descriptor's ReaddirMark, which After completes; nil
	// where the host does not relist.
	mark *sandboxfs.ReaddirMark
	// dir is the mount's directory listed (relistDirectory), which a
	// listing answered moves the atim of (Listed); nil: not a mount's.
	dir relisting
}

func (readdirListener) Before(ctx context.Context, mod api.Module, _ api.FunctionDefinition, params []uint64, _ experimental.StackIterator) {
	s := sessionOf(ctx)
	if s != nil {
		s.readdirPastMemory, s.call.readdir = false, readdirCall{}
	}
	if len(params) < 5 {
		return
	}
	if s != nil {
		s.call.readdir = readdirCall{fd: uint32(params[0]), buf: uint32(params[1]), bufused: uint32(params[4]), inBuffer: true}
	}
	buf, bufLen := uint64(uint32(params[1])), uint64(uint32(params[2]))
	if bufLen < direntHeader {
		return // wazero answers EINVAL
	}
	if s != nil {
		relistDirectory(mod, &s.call.readdir, params)
	}
	var size uint64
	if mem := guestMemory(mod); mem != nil {
		size = uint64(mem.Size())
	}
	if buf+bufLen <= size {
		return
	}
	if inside := size - min(buf, size); inside+1 >= direntHeader {
		params[2] = inside + 1
		if s != nil {
			s.call.readdir.inMemory = inside
		}
		return
	}
	params[1], params[2] = uint64(^uint32(0)), direntHeader
	if s != nil {
		s.readdirPastMemory, s.call.readdir.inBuffer = true, false
	}
}

func (readdirListener) After(ctx context.Context, mod api.Module, def api.FunctionDefinition, results []uint64) {
	s := sessionOf(ctx)
	if s != nil && len(results) > 0 && results[0] == errnoSuccess && s.call.readdir.inMemory > 0 {
		if mem := guestMemory(mod); mem != nil {
			if used, ok := mem.ReadUint32Le(s.call.readdir.bufused); ok && uint64(used) > s.call.readdir.inMemory {
				trapCall(def, "argument buf: an entry crosses the end of memory, %d bytes past the buffer's start (%d bytes of it inside)", used, s.call.readdir.inMemory)
			}
		}
	}
	if s != nil && len(results) > 0 && results[0] == errnoSuccess && s.call.readdir.inBuffer {
		dotDotIno(mod, s.call.readdir)
		cookiesFrom(mod, s.call.readdir)
		if s.call.readdir.dir != nil {
			s.call.readdir.dir.Listed()
		}
	} else if s != nil && s.call.readdir.mark != nil {
		*s.call.readdir.mark = sandboxfs.ReaddirMark{} // wazero's cache is not known: relist next
	}
	b, _ := ctx.Value(budgetKey{}).(*sandboxfs.Budget)
	if len(results) == 0 || results[0] != errnoIO || !b.ListingRefused() {
		return
	}
	results[0] = errnoNomem
	if s != nil && s.readdirPastMemory {
		results[0] = errnoFault
	}
}

func (readdirListener) Abort(context.Context, api.Module, api.FunctionDefinition, error) {}

// dotDotIno gives the ".." entry of a listing fd_readdir wrote the
// directory's own inode, as "."'s, as Subako's runtime does (wasmtime's
// preview 1 gives both head entries the directory's metadata_hash).
// wazero writes 0 for "..": one fd_readdir of fd 3 told the host from
// Subako's runtime (attack pass 49a, row 4). ".." is the entry whose next
// cookie (d_next) is 2; the bytes of its d_ino inside what the call wrote
// (an entry may be cut at the buffer's end) are set to the inode the
// directory's descriptor shows (its File's Ino, the one "." has), found
// through reflection on wazero's descriptor table (fileEntry); where that
// finds nothing (another wazero), the entry stays as wazero wrote it.
func dotDotIno(mod api.Module, c readdirCall) {
	mem := guestMemory(mod)
	if mem == nil {
		return
	}
	used, ok := mem.ReadUint32Le(c.bufused)
	if !ok {
		return
	}
	if c.inMemory > 0 {
		used = uint32(min(uint64(used), c.inMemory))
	}
	for pos := uint32(0); uint64(pos)+8 <= uint64(used); {
		next, ok := mem.ReadUint64Le(c.buf + pos)
		if !ok {
			return
		}
		if next == 2 {
			ino, ok := dirIno(mod, c.fd)
			if !ok {
				return
			}
			var b [8]byte
			binary.LittleEndian.PutUint64(b[:], ino)
			mem.Write(c.buf+pos+8, b[:min(8, used-pos-8)])
			return
		}
		namlen, ok := mem.ReadUint32Le(c.buf + pos + 16)
		if !ok || uint64(pos)+20 > uint64(used) {
			return
		}
		pos += direntHeader + namlen
		if pos < direntHeader+namlen { // wrapped
			return
		}
	}
}

// dirIno is the inode the File of wazero's entry of fd shows, or ok false.
func dirIno(mod api.Module, fd uint32) (ino uint64, ok bool) {
	defer func() {
		if recover() != nil {
			ino, ok = 0, false
		}
	}()
	entry, ok := fileEntry(mod, fd)
	if !ok {
		return 0, false
	}
	f, ok := entry.FieldByName("File").Interface().(experimentalsys.File)
	if !ok || f == nil {
		return 0, false
	}
	ino, e := f.Ino()
	return ino, e == 0
}
