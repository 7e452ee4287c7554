package host

import (
	"reflect"
	"strings"

	"github.com/tetratelabs/wazero/api"
)

// A directory the module opened is the directory, on Subako's runtime,
// wherever it is moved: wasmtime resolves a path relative to it by the
// open directory (openat). wazero resolves it by the name the descriptor
// was opened by, joined to the path (atPath: Name + "/" + path), so after
// the module renamed sub to sub2 and made another sub, paths relative to
// the descriptor landed in the new sub (attack pass 45g, row 9). After
// each rename posixFS made, renameOpenDirs renames, in wazero's table,
// every directory descriptor of the same mount open at the old name or
// beneath it, the names spelled canonically on both sides (see
// "Canonical names" below). A rename the person or another run makes in
// a shared directory meanwhile is not seen (docs/host.md, "Not
// followed").

// dirRename is a rename posixFS made in its mount (ok): from and to are
// names beneath the mount, cleaned, and for a directory canonical but
// their last components (posixFS.canonicalRename).
type dirRename struct {
	ok       bool
	from, to string
}

// renameOpenDirs applies s.paths.renamed to the names of the run's open
// directory descriptors (s.files.dirs, at most MaxOpenFiles and the
// preopens) in wazero's table; the preopens, named by their guest paths,
// are not renamed (a mount's own directory cannot be: EBUSY).
func (s *session) renameOpenDirs(mod api.Module) {
	r := s.paths.renamed
	if !r.ok || s.files == nil || r.from == "." || r.from == r.to {
		return
	}
	if len(s.call.args.params) == 0 {
		return
	}
	mount, ok := entryFS(mod, uint32(s.call.args.params[0])) // the old path's directory
	if !ok {
		return
	}
	for fd := range s.files.dirs {
		renameEntry(mod, fd, mount, r)
	}
}

// entryFS is the file system of wazero's entry of fd (its mount's, as
// the host wrapped it).
func entryFS(mod api.Module, fd uint32) (fsys any, ok bool) {
	defer func() {
		if recover() != nil {
			fsys, ok = nil, false
		}
	}()
	entry, found := fileEntry(mod, fd)
	if !found {
		return nil, false
	}
	v := entry.FieldByName("FS")
	if !v.IsValid() || v.Kind() != reflect.Interface || v.IsNil() {
		return nil, false
	}
	return v.Interface(), true
}

// renameEntry renames the entry of fd, a directory of the mount whose
// file system is mount, open at r.from or beneath it, and says whether it
// did. It reaches wazero's table by reflection (fileEntry); on another
// wazero it changes nothing.
func renameEntry(mod api.Module, fd uint32, mount any, r dirRename) (ok bool) {
	defer func() {
		if recover() != nil { // an entry's file system not comparable, say
			ok = false
		}
	}()
	entry, found := fileEntry(mod, fd)
	if !found {
		return false
	}
	preopen, name, fsys := entry.FieldByName("IsPreopen"), entry.FieldByName("Name"), entry.FieldByName("FS")
	if !preopen.IsValid() || preopen.Kind() != reflect.Bool || preopen.Bool() ||
		!name.IsValid() || name.Kind() != reflect.String || !name.CanSet() ||
		!fsys.IsValid() || fsys.Kind() != reflect.Interface || fsys.IsNil() || fsys.Interface() != mount {
		return false
	}
	n := name.String()
	switch {
	case n == r.from:
		name.SetString(r.to)
	case strings.HasPrefix(n, r.from+"/"):
		name.SetString(r.to + n[len(r.from):])
	default:
		return false
	}
	return true
}

// Canonical names. renameEntry compares names as text, so a rename and
// the descriptors it moves must spell one directory one way: a rename
// through a link (l/s1, l -> a) or a directory opened through one (l/s2)
// missed the descriptor named a/s1 or the rename of a/s2 (attack pass
// 46e, row 1). Each directory the module opens is named, in wazero's
// table, by its canonical name beneath the mount (nameOpened: every
// component a directory, no link), and a rename of a directory is
// recorded by the canonical names of its two parents (posixFS.Rename).
// A name the walk (pathwalk.go) cannot make canonical (a link out of the
// mount or absolute, past maxLinks, a component missing or not a
// directory) stays as it was.

// canonical is name (a name beneath the mount, as the mount is handed
// it: relative, no "." or ".." component but a link's target's) with
// every component but the last that is a symbolic link resolved, the
// last too when followLast, or ok false: the walk of pathwalk.go from
// the mount's top.
func (f posixFS) canonical(name string, followLast bool) (_ string, ok bool) {
	names, _, errno := f.walk(".", name, followLast)
	switch {
	case errno != 0:
		return "", false
	case len(names) == 0:
		return ".", true
	}
	return strings.Join(names, "/"), true
}
