package host

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// pruneCache keeps the compilation cache in dir under limit bytes: when it
// holds more, the entries written longest ago go first, until a quarter of
// limit is free, so that pruning is rare. Leftover temporary files of an
// interrupted write go when they are an hour old, and a compile worker's
// directory (worker-*.tmp) once no worker holds its lock: a worker that
// died with its host gone leaves one (holdWorkerDir). It is best effort: a
// cache that cannot be read or pruned is left as it is, and an entry
// removed while another process reads it stays readable to that process.
func pruneCache(dir string, limit int64) {
	type entry struct {
		path string
		size int64
		mod  time.Time
	}
	var entries []entry
	var total int64
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() && filepath.Dir(p) == filepath.Clean(dir) && isWorkerDir(d.Name()) {
			pruneWorkerDir(p)
			return fs.SkipDir // a live worker's files are its own
		}
		if err != nil || !d.Type().IsRegular() {
			return nil //nolint:nilerr // best effort: skip what cannot be read
		}
		info, err := d.Info()
		if err != nil {
			return nil //nolint:nilerr // removed meanwhile
		}
		if strings.HasSuffix(p, ".tmp") && time.Since(info.ModTime()) > time.Hour {
			_ = os.Remove(p)
			return nil
		}
		entries = append(entries, entry{p, info.Size(), info.ModTime()})
		total += info.Size()
		return nil
	})
	if total <= limit {
		return
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].mod.Before(entries[j].mod) })
	for _, e := range entries {
		if total <= limit-limit/4 {
			return
		}
		if os.Remove(e.path) == nil {
			total -= e.size
		}
	}
}

// pruneCache keeps the host's cache under its limit once a worker has
// written a compiled module to it and the module is loaded (the entry
// just written is the newest, the last to go): a serve --watch that
// reloads for hours writes one per rebuild, ~11 MiB each.
func (h *Host) pruneCache() { pruneCache(h.cacheDir, h.cacheLimit) }

// pruneWorkerDir removes a compile worker's directory that no worker holds,
// holding its lock meanwhile (holdWorkerDir: a worker that locks it after
// sees it gone and makes it again).
func pruneWorkerDir(p string) {
	f, err := os.Open(p)
	if err != nil {
		return
	}
	defer f.Close()
	if lockDir(f, false) == nil {
		_ = os.RemoveAll(p)
	}
}
