package host

import (
	"os"
	"path"
	"strings"
	"unicode/utf8"

	"github.com/tetratelabs/wazero/api"
	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
)

// Path forms. wazero cleans each path a call is given lexically
// (path.Clean, in atPath) before the mount sees it, so "a/." of a file
// opened the file, "z/." removed the directory z, "s/../f" with s a
// symbolic link to sub/deep opened f, and "nope/../f" opened f (attack
// pass 45a, rows 2, 3 and 9). Subako's runtime (wasmtime's preview 1, on
// cap-std) resolves a path as POSIX does: component by component, a
// symbolic link followed before a ".." after it, each name before a "."
// or ".." a directory. pathListener keeps the paths as the module gave
// them (pathCall), and posixFS, between wazero and each mount, resolves a
// path that holds a "." or ".." component (or is empty) that way with the
// mount's os.Root (the walk of pathwalk.go: Lstat, Readlink and OpenRoot
// of one name at a time, never leaving the mount: a ".." above it or an
// absolute link target is EPERM, as the mount answers), and hands the
// mount the name it resolved to. The mount still does every operation
// through its os.Root.

// Errnos of WASI's that wazero's errno type has no name for.
const (
	errnoBusy  = 10
	errnoIlseq = 25
	errnoNoent = 44
)

// pathCall is what pathListener saw of the current call's paths: each as
// the module gave it, in the call's order, the errno the call answers
// when pathListener refused it, and one posixFS answers that wazero's
// errno type cannot carry (EBUSY), for pathListener.After.
type pathCall struct {
	raw    []string
	errno  uint64
	answer uint64
	// emptyPath says the call is path_open of "" or path_symlink to "",
	// which wazero answers EINVAL once the descriptor is checked, and
	// Subako's runtime ENOENT (symlink: attack pass 48a, row 3).
	emptyPath bool
	// climbs has bit i set when the call's i-th path, cleaned, climbs
	// above its directory (".." or "../f", from "s/../../f"), and wazero
	// was handed "." for it (see climbsWhenCleaned).
	climbs uint8
	// opened is the name beneath the mount a path_open that posixFS
	// resolved opened, or the canonical name of the directory it opened
	// (posixFS.nameDirectory), for the descriptor's name (nameOpened);
	// openedOK says there is one.
	opened   string
	openedOK bool
	// renamed is the rename posixFS made, for the names of the
	// directories open beneath it (session.renameOpenDirs).
	renamed dirRename
}

// climbsWhenCleaned says whether wazero's lexical cleaning of raw climbs
// above the directory it is relative to, which wazero refuses (EPERM,
// fs.ValidPath in atPath) before the mount sees the path: "s/../../f"
// cleans to "../f", where POSIX, with s a link to sub/deep, names f
// (attack pass 45g, row 8). beforePaths hands wazero "." for such a path
// (one byte of the path itself, a "."), and posixFS resolves the path
// as the module gave it.
func climbsWhenCleaned(raw string) bool {
	if strings.HasPrefix(raw, "/") {
		return false
	}
	c := path.Clean(raw)
	return c == ".." || strings.HasPrefix(c, "../")
}

// lookupSymlinkFollow is WASI's lookupflags symlink_follow.
const lookupSymlinkFollow = 1

// beforePaths keeps the current call's paths as the module gave them, and
// refuses, as Subako's runtime does before it looks at the file system, a
// path that is not UTF-8 (EILSEQ: wiggle reads each as a string) and a
// path_link told to follow a symbolic link (EINVAL: preview 1's path_link
// refuses the flag).
func (s *session) beforePaths(mod api.Module, def api.FunctionDefinition, paths []int, params []uint64) {
	s.paths.raw, s.paths.answer, s.paths.emptyPath = s.paths.raw[:0], 0, false
	s.paths.climbs, s.paths.opened, s.paths.openedOK = 0, "", false
	s.paths.renamed = dirRename{}
	mem := guestMemory(mod)
	if mem == nil {
		return
	}
	refuse := func(errno uint64) {
		if len(paths) > 0 && paths[0] < len(params) {
			params[paths[0]] = 0xffffffff // out of any memory: EFAULT before anything is read
			s.pathRefused, s.paths.errno = true, errno
		}
	}
	for _, i := range paths {
		if i+1 >= len(params) {
			return
		}
		b, ok := mem.Read(uint32(params[i]), uint32(params[i+1]))
		if !ok {
			s.paths.raw = s.paths.raw[:0]
			return // wazero answers EFAULT (a trap, argsListener)
		}
		if !utf8.Valid(b) {
			refuse(errnoIlseq)
			return
		}
		s.paths.raw = append(s.paths.raw, string(b))
	}
	for _, name := range def.ExportNames() {
		switch {
		case name == "path_link" && len(params) > 1 && uint32(params[1])&lookupSymlinkFollow != 0:
			refuse(errnoInval)
		case name == "path_open" && len(s.paths.raw) == 1 && s.paths.raw[0] == "",
			name == "path_symlink" && len(s.paths.raw) > 0 && s.paths.raw[0] == "":
			s.paths.emptyPath = true
		}
	}
	if s.pathRefused {
		return
	}
	for k, raw := range s.paths.raw {
		if (def.Name() == "path_symlink" && k == 0) || k >= 8 || !climbsWhenCleaned(raw) {
			continue // a link's target is not a path the call resolves
		}
		i := paths[k]
		params[i] = uint64(uint32(params[i]) + uint32(strings.IndexByte(raw, '.')))
		params[i+1] = 1
		s.paths.climbs |= 1 << k
	}
}

// posixFS is a mount (FS) whose paths posixFS resolves as POSIX does when
// wazero's cleaning would change what they name (see "Path forms" above).
type posixFS struct {
	experimentalsys.FS
	dir   rooter // the mount (a Private mount switches its directory to its copy)
	s     *session
	count *walkCount // what its walks handed the os.Root, when set (tests)
	deep  uint8      // deepDirs, deepLast or deepCreate: walk every path (linkchain.go)
}

// rooter is a mount's directory now: a *sandboxfs.Mount's Root. posixFS
// holds the mount, not its os.Root, as a Private mount switches to its
// copy at the module's first change; and values wazero compares (a
// rename's two file systems), so no func.
type rooter interface{ Root() *os.Root }

// resolved is a path as POSIX resolves it: name is what it names beneath
// the mount ("." for the mount itself), dot says its last component is
// "." or ".." (or it is the mount's own directory).
type resolved struct {
	name string
	dot  bool
}

// raw is the current call's i-th path as the module gave it, and the
// directory beneath the mount it is relative to, when wazero's p is that
// path cleaned (and joined to the directory's name).
func (f posixFS) raw(i int, p string) (raw, dir string, ok bool) {
	if f.s == nil || i >= len(f.s.paths.raw) {
		return "", "", false
	}
	raw = f.s.paths.raw[i]
	cl := path.Clean(raw)
	if strings.HasSuffix(raw, "/") && cl != "/" {
		cl += "/"
	}
	if f.s.paths.climbs&(1<<i) != 0 {
		cl = "." // what beforePaths handed wazero
	}
	switch {
	case p == cl:
		return raw, ".", true
	case strings.HasSuffix(p, "/"+cl):
		return raw, path.Clean(p[:len(p)-len(cl)-1]), true
	}
	return "", "", false
}

// needsResolving says whether cleaning raw may change what it names: it
// is empty or has a "." or ".." component.
func needsResolving(raw string) bool {
	if raw == "" {
		return true
	}
	for _, c := range strings.Split(raw, "/") {
		if c == "." || c == ".." {
			return true
		}
	}
	return false
}

// throughDescriptor says whether raw, relative to dir (a directory the
// module opened, not a preopen: "." is the mount's own), passes through a
// component that may be a symbolic link: a link there that climbs above
// dir is confined to dir as cap-std confines it (EPERM), where the mount
// would follow it anywhere beneath the mount (attack pass 45g, row 6: the
// person's sub/l -> ../top read top/x through "l/x" relative to sub).
// A last component that is a link is the mount's to follow.
func throughDescriptor(raw, dir string) bool {
	return dir != "." && strings.Contains(strings.TrimRight(raw, "/"), "/")
}

// maxLinks is how many symbolic links one resolution follows before it
// answers ELOOP (Linux's MAXSYMLINKS).
const maxLinks = 40

// resolve resolves the call's i-th path, which wazero handed over as p:
// ok is false when it needs nothing of posixFS (p stands as wazero made
// it).
func (f posixFS) resolve(i int, p string) (r resolved, ok bool, errno experimentalsys.Errno) {
	return f.resolveAs(i, p, false)
}

// resolveAs is resolve; a stat (lenient) first drops the path's trailing
// slashes and "/." components, as cap-std's stat does (wasmtime answers
// path_filestat_get of "f/." for a file with the file's stat, where it
// opens nothing through "f/.": ENOTDIR).
func (f posixFS) resolveAs(i int, p string, lenient bool) (r resolved, ok bool, errno experimentalsys.Errno) {
	raw, dir, found := f.raw(i, p)
	if found && lenient {
		raw = stripDirSuffix(raw)
	}
	if !found || strings.HasPrefix(raw, "/") || (f.deep == 0 && !needsResolving(raw) && !throughDescriptor(raw, dir)) {
		return resolved{}, false, 0
	}
	if raw == "" {
		return resolved{}, true, experimentalsys.ENOENT
	}
	// A descriptor the path is relative to confines it as a preopen does
	// (cap-std; wazero refuses a cleaned path that climbs out of it): a
	// ".." never goes above its directory, the walk's floor. The last
	// component is the mount's to follow (pathwalk.go), but for a call
	// that follows it once the mount met too many links (linkchain.go).
	names, dot, errno := f.walk(dir, raw, f.deep >= deepLast)
	switch {
	case errno != 0:
		return resolved{}, true, errno
	case len(names) == 0:
		return resolved{name: ".", dot: true}, true, 0
	}
	r = resolved{name: strings.Join(names, "/"), dot: dot}
	if strings.HasSuffix(raw, "/") && !dot {
		r.name += "/"
	}
	return r, true, 0
}

func nonEmpty(parts []string) []string {
	out := parts[:0]
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return out
}

// name is the name the mount is handed for the call's i-th path p, or
// the errno the call answers.
func (f posixFS) name(i int, p string) (string, experimentalsys.Errno) {
	return f.nameAs(i, p, false)
}

// nameAs is name, lenient for a stat (see resolveAs).
func (f posixFS) nameAs(i int, p string, lenient bool) (string, experimentalsys.Errno) {
	r, ok, errno := f.resolveAs(i, p, lenient)
	switch {
	case errno != 0:
		return "", errno
	case ok:
		return r.name, 0
	}
	return p, 0
}

// stripDirSuffix drops raw's trailing slashes and "/." components, keeping
// at least its first component ("." stays ".").
func stripDirSuffix(raw string) string {
	for {
		switch t := strings.TrimRight(raw, "/"); {
		case t == "" || t == ".":
			return raw
		case strings.HasSuffix(t, "/."):
			raw = strings.TrimSuffix(t, ".")
		case t != raw:
			raw = t
		default:
			return raw
		}
	}
}

// pathOpenResultFD is path_open's result fd pointer among its parameters.
const pathOpenResultFD = 8

// nameOpened gives the descriptor a path_open that posixFS resolved
// opened the name it resolved to, in wazero's table, and a directory its
// canonical name (renamedirs.go: no link on its way, so that a rename
// spelled through a link finds it): wazero names it by the path as it
// cleaned it (or ".", beforePaths's stand-in for a path that climbs when
// cleaned), and joins the paths of later calls relative to the
// descriptor to that name, so a directory opened as "s/.." (s a link to
// sub/deep) took paths relative to the preopen, not sub. Where wazero's
// table is out of reach (setEntryName), the name stays.
func (s *session) nameOpened(mod api.Module) {
	mem := guestMemory(mod)
	if mem == nil || len(s.call.args.params) <= pathOpenResultFD {
		return
	}
	fd, ok := mem.ReadUint32Le(uint32(s.call.args.params[pathOpenResultFD]))
	if !ok {
		return
	}
	name := strings.TrimRight(s.paths.opened, "/")
	if name == "." {
		name = "" // wazero's name for the mount's own directory
	}
	setEntryName(mod, fd, name)
}
