package serve

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unsafe"

	"golang.org/x/sys/unix"
)

// inotifyMask is what a watched directory reports: files written, made,
// removed or renamed.
const inotifyMask = unix.IN_CLOSE_WRITE | unix.IN_MODIFY | unix.IN_CREATE | unix.IN_DELETE |
	unix.IN_MOVED_FROM | unix.IN_MOVED_TO | unix.IN_ATTRIB | unix.IN_DELETE_SELF | unix.IN_MOVE_SELF

// inotifyWatcher reports changes beneath dirs from the kernel's inotify,
// so a watch costs nothing while nothing changes, however large the tree.
type inotifyWatcher struct {
	f      *os.File
	dirs   map[int32]string // by watch descriptor
	events chan string
	// files are the names watched in a directory watched for them alone
	// (a module file's, see addFile), by watch descriptor: that
	// directory's other entries are not reported, nor its subdirectories
	// watched.
	files map[int32]map[string]bool
}

// newNotifier watches every directory beneath dirs (hidden ones left out),
// at most maxWatchedDirs of them, and for a path of dirs that is a file
// (serve --watch m.wasm), that file; nil when inotify is unavailable or
// the tree is larger, and the caller polls instead.
func newNotifier(dirs []string) notifier {
	fd, err := unix.InotifyInit1(unix.IN_CLOEXEC | unix.IN_NONBLOCK)
	if err != nil {
		return nil
	}
	w := &inotifyWatcher{f: os.NewFile(uintptr(fd), "inotify"), dirs: map[int32]string{}, events: make(chan string, 64),
		files: map[int32]map[string]bool{}}
	for _, d := range dirs {
		err := w.addTree(d)
		if info, serr := os.Stat(d); err == nil && serr == nil && !info.IsDir() {
			err = w.addFile(d)
		}
		if err != nil {
			_ = w.f.Close()
			return nil
		}
	}
	go w.read()
	return w
}

// addFile watches the file p: inotify on the file itself loses it when it
// is renamed over or removed and made again (an editor's save, a copy of
// a rebuilt module), so its directory is watched, and only events on p's
// name are reported. addTree walked a file and watched nothing, so
// `serve --watch m.wasm` never saw a change (attack pass 43i, row 6).
func (w *inotifyWatcher) addFile(p string) error {
	dir, name := filepath.Dir(p), filepath.Base(p)
	wd, err := unix.InotifyAddWatch(int(w.f.Fd()), dir, inotifyMask|unix.IN_ONLYDIR)
	if err != nil {
		return err
	}
	if _, tree := w.dirs[int32(wd)]; tree && w.files[int32(wd)] == nil {
		return nil // watched whole already (dirs names the directory too)
	}
	w.dirs[int32(wd)] = dir
	if w.files[int32(wd)] == nil {
		w.files[int32(wd)] = map[string]bool{}
	}
	w.files[int32(wd)][name] = true
	return nil
}

var errTooManyDirs = errors.New("too many directories to watch")

// addTree watches dir and the directories beneath it.
func (w *inotifyWatcher) addTree(dir string) error {
	return filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			if p == dir {
				return err
			}
			return nil //nolint:nilerr // a directory that went away is not watched
		}
		if !e.IsDir() {
			return nil
		}
		if p != dir && strings.HasPrefix(e.Name(), ".") {
			return filepath.SkipDir
		}
		if len(w.dirs) >= maxWatchedDirs {
			return errTooManyDirs
		}
		wd, err := unix.InotifyAddWatch(int(w.f.Fd()), p, inotifyMask|unix.IN_ONLYDIR)
		if err != nil {
			return err
		}
		w.dirs[int32(wd)] = p
		delete(w.files, int32(wd)) // watched whole now, not for a file's sake
		return nil
	})
}

// read turns the kernel's events into changed paths until the watcher is
// closed. A new directory is watched too, and one that is gone is
// forgotten: removed (the kernel's IN_IGNORED) or moved away (watched
// again where it lands, when that is beneath dirs). w.dirs kept every
// directory ever watched, so after maxWatchedDirs had been made over a
// session (a build's, a test's temporary directories) a new one was
// silently not watched, an edit there not seen (attack pass 43b).
func (w *inotifyWatcher) read() {
	defer close(w.events)
	buf := make([]byte, 64<<10)
	for {
		n, err := w.f.Read(buf)
		if err != nil {
			return
		}
		for off := 0; off+unix.SizeofInotifyEvent <= n; {
			ev := (*unix.InotifyEvent)(unsafe.Pointer(&buf[off]))
			nameEnd := off + unix.SizeofInotifyEvent + int(ev.Len)
			if nameEnd > n {
				break
			}
			name := string(bytes.TrimRight(buf[off+unix.SizeofInotifyEvent:nameEnd], "\x00"))
			off = nameEnd
			dir, ok := w.dirs[ev.Wd]
			if !ok {
				continue
			}
			if ev.Mask&unix.IN_IGNORED != 0 { // its watch is gone (IN_DELETE_SELF said so)
				delete(w.dirs, ev.Wd)
				delete(w.files, ev.Wd)
				continue
			}
			p := dir
			if name != "" {
				p = filepath.Join(dir, name)
			}
			if only := w.files[ev.Wd]; only != nil {
				if name == "" || only[name] { // the file, or its directory gone with it
					w.send(p)
				}
				continue
			}
			if ev.Mask&unix.IN_ISDIR != 0 && ev.Mask&unix.IN_MOVED_FROM != 0 {
				w.forget(p)
			}
			// A hidden directory made or moved in after the watch began
			// (`git init`'s .git, an editor's .idea) is left out as the
			// first walk leaves it out: watched, each `git status` (which
			// rewrites .git/index) was a change and a rebuild (attack
			// pass 43g, row 5). Every watched directory is visible, so
			// its own name is the only element to look at.
			if ev.Mask&unix.IN_ISDIR != 0 && ev.Mask&(unix.IN_CREATE|unix.IN_MOVED_TO) != 0 && !strings.HasPrefix(name, ".") {
				_ = w.addTree(p) // past the cap, the new directory is not watched
			}
			if !watched(name) {
				continue
			}
			w.send(p)
		}
	}
}

// send reports a change at p.
func (w *inotifyWatcher) send(p string) {
	select {
	case w.events <- p:
	default: // a change is already pending: one is enough
	}
}

// forget stops watching dir and the directories beneath it (moved away:
// their paths no longer name them).
func (w *inotifyWatcher) forget(dir string) {
	for wd, d := range w.dirs {
		if d == dir || strings.HasPrefix(d, dir+string(filepath.Separator)) {
			_, _ = unix.InotifyRmWatch(int(w.f.Fd()), uint32(wd))
			delete(w.dirs, wd)
			delete(w.files, wd)
		}
	}
}

func (w *inotifyWatcher) Events() <-chan string { return w.events }

func (w *inotifyWatcher) Close() error { return w.f.Close() }
