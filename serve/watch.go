package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"io/fs"
	"path/filepath"
	"strings"
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
}

// maxWatched bounds the files a watch looks at, so a package directory
// that holds a whole tree cannot make every poll slow.
const maxWatched = 10000

// Watch rebuilds, lints and serves the package whenever a watched file
// changes, until ctx ends. Clients that can hear of it are told the tool
// list changed. It takes the sources' baseline before it returns, so an
// edit made right after is seen, and watches in a goroutine of its own.
func (s *Server) Watch(ctx context.Context, w Watch) {
	s.SetWatching(true)
	if w.Interval <= 0 {
		w.Interval = 300 * time.Millisecond
	}
	go s.watchLoop(ctx, w, snapshot(w.Dirs))
}

func (s *Server) watchLoop(ctx context.Context, w Watch, last map[string]fileStamp) {
	t := time.NewTicker(w.Interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		now := snapshot(w.Dirs)
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
		return
	}
	p, err := s.Load(ctx, path)
	if err != nil {
		s.log.printf("watch: %v; still serving the last good one", err)
		return
	}
	s.log.printf("watch: rebuilt in %v", time.Since(start).Round(time.Millisecond))
	s.Use(p)
}

type fileStamp struct {
	size int64
	mod  time.Time
}

// snapshot records every watched file's size and modification time.
func snapshot(dirs []string) map[string]fileStamp {
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
			if e.IsDir() || name == model.GeneratedFile {
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
