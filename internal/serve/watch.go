package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"io/fs"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"github.com/subako-ai/subako-go/analyzer/model"
)

// Watch says what to watch and how to rebuild.
type Watch struct {
	// Dirs are the directories whose files are watched, with their
	// subdirectories (hidden ones and the generated file are left out).
	Dirs []string
	// Rebuild makes a new package directory or module from the sources;
	// its error (a build error) is logged and the last good package keeps
	// serving.
	Rebuild func(ctx context.Context) (string, error)
	// Interval is how often the files are looked at; 0 means 300 ms.
	Interval time.Duration
	// Discard, when set, is called with the path of each package that
	// is no longer served: a build Load refused, at once, and one
	// replaced, once its last call ended (attack pass 42n, row 1: every
	// build stayed in the temporary directory until serve exited). It is
	// set only when Rebuild makes a new path each time.
	Discard func(path string)
}

// maxWatched bounds the files a polling watch looks at, so a package
// directory that holds a whole tree cannot make every poll slow; and
// maxWatchedDirs the directories the OS is asked to watch, past which the
// watch polls.
const (
	maxWatched     = 10000
	maxWatchedDirs = 4096
	// pollShare bounds the share of a core a polling watch takes: it waits
	// this many times as long as its last look took.
	pollShare = 20
)

// notifier reports changed paths from the OS (inotify on Linux).
type notifier interface {
	Events() <-chan string
	Close() error
}

// watched says whether a file's name is one whose change counts: not
// hidden (editors' swap files, and the generator's temporary file,
// outfile.TempName), not the generated file (which the rebuild writes).
func watched(name string) bool {
	return !strings.HasPrefix(name, ".") && name != model.GeneratedFile
}

// Watch rebuilds, lints and serves the package whenever a watched file
// changes, until ctx ends. Clients that can hear of it are told the tool
// list changed. The OS reports changes where it can (inotify); elsewhere,
// or for a tree too large, the files are polled at Interval, backing off so
// that looking takes at most 1/pollShare of a core. Either way the watch is
// in place before Watch returns, so an edit made right after is seen.
func (s *Server) Watch(ctx context.Context, w Watch) {
	s.SetWatching(true)
	s.pkgMu.Lock()
	s.discard = w.Discard
	s.pkgMu.Unlock()
	if w.Interval <= 0 {
		w.Interval = 300 * time.Millisecond
	}
	if n := newNotifier(w.Dirs); n != nil {
		go s.notifyLoop(ctx, w, n)
		return
	}
	s.log.printf("watch: polling every %v (no OS notifications for %s)", w.Interval, strings.Join(w.Dirs, ", "))
	go s.watchLoop(ctx, w, snapshot(w.Dirs))
}

// notifyLoop rebuilds once the OS reports a change and the changes have
// settled for Interval.
func (s *Server) notifyLoop(ctx context.Context, w Watch, n notifier) {
	defer n.Close()
	for {
		var changed string
		select {
		case <-ctx.Done():
			return
		case p, ok := <-n.Events():
			if !ok {
				return
			}
			changed = p
		}
		// Let a burst of writes (an editor saving several files) settle.
		settle := time.NewTimer(w.Interval)
	burst:
		for {
			select {
			case <-ctx.Done():
				settle.Stop()
				return
			case <-n.Events():
				settle.Reset(w.Interval)
			case <-settle.C:
				break burst
			}
		}
		rel := changed
		for _, d := range w.Dirs {
			if r, err := filepath.Rel(d, changed); err == nil && !strings.HasPrefix(r, "..") {
				rel = r
				if r == "." { // a watched module file itself
					rel = filepath.Base(changed)
				}
			}
		}
		s.log.printf("watch: %s changed: rebuilding", rel)
		s.rebuild(ctx, w)
	}
}

// pollWait is how long a polling watch waits after a look that took took.
func pollWait(interval, took time.Duration) time.Duration {
	return max(interval, pollShare*took)
}

func (s *Server) watchLoop(ctx context.Context, w Watch, last map[string]fileStamp) {
	wait := w.Interval
	for {
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
		start := time.Now()
		now := snapshot(w.Dirs)
		wait = pollWait(w.Interval, time.Since(start))
		changed := diff(last, now)
		if changed == "" {
			continue
		}
		// Let a burst of writes (an editor saving several files) settle.
		for {
			time.Sleep(w.Interval)
			again := snapshot(w.Dirs)
			if diff(now, again) == "" {
				break
			}
			now = again
		}
		s.log.printf("watch: %s changed: rebuilding", changed)
		// The sources as they were when the rebuild began: an edit made
		// while it runs is a change the next tick sees. The generated file,
		// which the rebuild writes, is never watched.
		last = now
		s.rebuild(ctx, w)
	}
}

func (s *Server) rebuild(ctx context.Context, w Watch) {
	start := time.Now()
	path, err := w.Rebuild(ctx)
	if err != nil {
		s.log.printf("watch: the build failed, still serving the last good one: %v", err)
		s.beginLog()
		s.logToClients("error", "the build failed, still serving the last good one: "+err.Error())
		return
	}
	p, err := s.Load(ctx, path)
	if err != nil {
		s.log.printf("watch: %v; still serving the last good one", err)
		if w.Discard != nil {
			w.Discard(path)
		}
		return
	}
	s.log.printf("watch: rebuilt in %v", time.Since(start).Round(time.Millisecond))
	s.Use(p)
}

type fileStamp struct {
	size int64
	mod  time.Time
}

// snapshots counts the looks a polling watch took (tests).
var snapshots atomic.Int64

// snapshot records every watched file's size and modification time.
func snapshot(dirs []string) map[string]fileStamp {
	snapshots.Add(1)
	out := map[string]fileStamp{}
	for _, d := range dirs {
		_ = filepath.WalkDir(d, func(p string, e fs.DirEntry, err error) error {
			if err != nil || len(out) >= maxWatched {
				return filepath.SkipDir
			}
			name := e.Name()
			if p != d && strings.HasPrefix(name, ".") {
				if e.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
			if e.IsDir() || !watched(name) {
				return nil
			}
			if fi, err := e.Info(); err == nil && fi.Mode().IsRegular() {
				out[p] = fileStamp{fi.Size(), fi.ModTime()}
			}
			return nil
		})
	}
	return out
}

// diff names one file that differs between two snapshots ("" for none).
func diff(a, b map[string]fileStamp) string {
	for p, st := range b {
		if old, ok := a[p]; !ok || old != st {
			return p
		}
	}
	for p := range a {
		if _, ok := b[p]; !ok {
			return p
		}
	}
	return ""
}

// sameTools says whether two packages list the same tools, byte for byte.
func sameTools(a, b *Package) bool {
	if len(a.tools) != len(b.tools) {
		return false
	}
	for i := range a.tools {
		if !bytes.Equal(compact(a.tools[i]), compact(b.tools[i])) {
			return false
		}
	}
	return true
}

func compact(b json.RawMessage) []byte {
	var out bytes.Buffer
	if json.Compact(&out, b) != nil {
		return b
	}
	return out.Bytes()
}
