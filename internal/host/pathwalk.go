package host

import (
	"errors"
	"io/fs"
	"os"
	"slices"
	"strings"

	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
)

// The path walk. posixFS resolves a path as POSIX does (resolveAs, see
// "Path forms" in pathforms.go) and spells a directory's canonical name
// (canonical, see "Canonical names" in renamedirs.go) with one walk: from
// a floor (the mount's top, or the directory a descriptor names, which a
// ".." never climbs above: EPERM), one component at a time, each looked
// up in the directory reached (Lstat of its one name, Readlink of a
// link, whose target's components are walked in its place), a directory
// entered by opening its one name in the one before (OpenRoot), and a
// ".." a return to the handle of the directory before. A component costs
// a few os.Root calls of one name each (the floor's name aside, opened
// once), so a path costs steps in proportion to its components and its
// links' (TestPathWalkLinear). Until attack pass 47 there were two
// walks: resolveAs looked each component up from the mount's top, so a
// path of n components relative to a directory the module opened named
// ~n²/2 (46e, row 6); canonical walked back from the top after each
// "..", gave up past 16,384 steps, and crashed on a ".." after a ".."
// (TestCanonicalNames, TestDirectoryOpenedThroughLinkClimbingTwice).
//
// The walk holds the handles of the last walkWindow directories it
// entered and one every walkWindow levels below (checkpoints); a ".."
// to a directory whose handle it closed reopens the levels from the
// checkpoint below, fewer than walkWindow, which the next ".."s then
// find open. A path 1,000 levels deep holds 80 handles at most, and one
// more each walkWindow levels deeper.

// walkWindow is how many of the last directories entered a walk holds
// open, and the spacing of the checkpoints it keeps below them.
const walkWindow = 64

// walkCount counts, when a posixFS has one, what its walks handed the
// os.Root (TestPathWalkLinear): names, the components named to Lstat,
// Readlink and OpenRoot, held, the most directory handles one walk held
// at once, and open, the handles a walk left open.
type walkCount struct{ names, held, open int }

// pathWalk is one walk's state: names are the directories entered
// beneath the mount, the floor's first (names[:floor]), and dirs[k] the
// handle of names[:k] (dirs[0] the mount's top), nil while not opened or
// once closed.
type pathWalk struct {
	top   *os.Root
	names []string
	dirs  []*os.Root
	floor int
	held  int // handles held now, the mount's top aside
	n     walkCount
}

// walk resolves name, relative to floor (a name beneath the mount, "."
// its top), component by component: every link on its way followed, the
// last component too when followLast (else named as it is). It answers
// the names of the directories it reached and the last component, and
// whether that last component was "." or ".."; errno is the first
// look-up's failure, ELOOP past maxLinks links, or EPERM for a ".."
// above the floor or a link's target empty or absolute; a name not there
// ENOENT. For path_open with O_CREAT (f.deep deepCreate, followLast) a
// missing last component is the mount's to create (its directories
// reached and its name: "e12/new" is "d/new"), and a missing name met
// after following the last component's link (a dangling link at the end
// of a chain) answers that link itself, for the mount to answer as it
// answers a dangling link (ELOOP, EEXIST with O_EXCL, its target not
// made; linkchain.go). Attack pass 48e, row 1: the first answered ENOENT
// and the second, for every call, the link, which the mount followed,
// and the chain, again (ELOOP past 8 links, where ENOENT is right).
func (f posixFS) walk(floor, name string, followLast bool) (names []string, dot bool, errno experimentalsys.Errno) {
	w := pathWalk{top: f.dir.Root()}
	if floor != "." {
		w.names = nonEmpty(strings.Split(floor, "/"))
	}
	w.floor = len(w.names)
	w.dirs = make([]*os.Root, len(w.names)+1, len(w.names)+walkWindow)
	w.dirs[0] = w.top
	defer w.close(f.count)
	pending := reversed(nonEmpty(strings.Split(name, "/"))) // the next component last
	links := 0
	var lastLink []string // the directories and name of the last component's last link followed
	for len(pending) > 0 {
		c := pending[len(pending)-1]
		pending = pending[:len(pending)-1]
		last := len(pending) == 0
		dot = last && (c == "." || c == "..")
		switch {
		case c == ".":
			continue
		case c == "..":
			if len(w.names) == w.floor {
				return nil, dot, experimentalsys.EPERM // above the floor
			}
			w.pop()
			continue
		case last && !followLast:
			w.push(c)
			continue
		}
		dir, err := w.dir()
		if err != nil {
			return nil, dot, experimentalsys.UnwrapOSError(err)
		}
		w.n.names++
		info, err := dir.Lstat(c)
		create := followLast && f.deep == deepCreate && errors.Is(err, fs.ErrNotExist)
		switch {
		case create && lastLink != nil:
			return lastLink, false, 0
		case create && last:
			return append(w.names, c), false, 0
		case err != nil:
			return nil, dot, experimentalsys.UnwrapOSError(err)
		case info.Mode()&fs.ModeSymlink != 0:
			if links++; links > maxLinks {
				return nil, dot, experimentalsys.ELOOP
			}
			w.n.names++
			target, err := dir.Readlink(c)
			if err != nil {
				return nil, dot, experimentalsys.UnwrapOSError(err)
			}
			if target == "" || strings.HasPrefix(target, "/") {
				return nil, dot, experimentalsys.EPERM
			}
			if last {
				lastLink = append(slices.Clone(w.names), c)
			}
			pending = append(pending, reversed(nonEmpty(strings.Split(target, "/")))...)
		case !last && !info.IsDir():
			return nil, dot, experimentalsys.ENOTDIR
		default:
			w.push(c)
		}
	}
	return w.names, dot, 0
}

func reversed(parts []string) []string {
	for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
		parts[i], parts[j] = parts[j], parts[i]
	}
	return parts
}

// push enters c, not opened until a component is looked up in it.
func (w *pathWalk) push(c string) {
	w.names = append(w.names, c)
	w.dirs = append(w.dirs, nil)
}

// pop leaves the directory last entered, closing its handle.
func (w *pathWalk) pop() {
	d := len(w.names)
	w.closeLevel(d)
	w.names, w.dirs = w.names[:d-1], w.dirs[:d]
}

// dir is the handle of the directory last entered: held, or opened from
// the nearest one below it the walk holds (the floor's opened from the
// mount's top by its name).
func (w *pathWalk) dir() (*os.Root, error) {
	d := len(w.names)
	j := d
	for j > w.floor && w.dirs[j] == nil {
		j--
	}
	if w.dirs[j] == nil { // the floor, a directory beneath the mount
		w.n.names += w.floor
		r, err := w.top.OpenRoot(strings.Join(w.names[:w.floor], "/"))
		if err != nil {
			return nil, err
		}
		w.opened(j, r)
	}
	for k := j + 1; k <= d; k++ {
		w.n.names++
		r, err := w.dirs[k-1].OpenRoot(w.names[k-1])
		if err != nil {
			return nil, err
		}
		w.opened(k, r)
	}
	return w.dirs[d], nil
}

// opened holds r as level k's handle, and closes the one walkWindow
// levels below unless it is the floor's or a checkpoint.
func (w *pathWalk) opened(k int, r *os.Root) {
	w.dirs[k] = r
	w.held++
	w.n.held = max(w.n.held, w.held)
	if below := k - walkWindow; below > w.floor && (below-w.floor)%walkWindow != 0 {
		w.closeLevel(below)
	}
}

// closeLevel closes level k's handle, if the walk holds one (never the
// mount's top).
func (w *pathWalk) closeLevel(k int) {
	if k > 0 && w.dirs[k] != nil {
		_ = w.dirs[k].Close()
		w.dirs[k] = nil
		w.held--
	}
}

// close closes every handle the walk holds, and adds its counts to c.
func (w *pathWalk) close(c *walkCount) {
	for k := range w.dirs {
		w.closeLevel(k)
	}
	if c == nil {
		return
	}
	c.names += w.n.names
	c.held = max(c.held, w.n.held)
	c.open += w.held
}
