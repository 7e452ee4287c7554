package sandboxfs

import (
	"errors"
	"io"
)

// What a seeded run's changes show (Virtual): a change the module makes
// sets the changed file's mtim to the module's wall clock's now, as Linux
// and wasmtime show it (a write or a size set the file's, an entry made,
// removed or renamed its directory's), and leaves ctim, the birth time
// wasmtime shows as ctim, and atim as they were. A write left mtim at the
// seeded start, equal to ctim, where wasmtime's moved past it, and a
// shipped file of /package kept its days-old mtim (attack pass 50a, row 3).

// What a seeded run's reads show: a read of a file's data (fd_read,
// fd_pread of at least one byte, at its end too) and a listing of a
// directory (every fd_readdir) move its atim to the module's wall
// clock's now when Linux's relatime (its default mount option) would:
// atim not past mtim or Linux's ctime (virtualFile.changed), or a day or
// more (in whole seconds) before now (relatime_need_update). A read moved
// no atim, where wasmtime on ext4 moved it at the first read after a
// change and at any read of a shipped file's day-old atime (attack pass
// 51d, rows 2 and 3; host TestSeededReadMovesAtimeAsRelatime,
// TestSeededShippedAtimeADayOldMovesAsRelatime).

// relatimeDay is relatime's day, in seconds.
const relatimeDay = 24 * 60 * 60

// accessed says the module read the file whose real device and inode are
// key (shipped: of a Private's mount) at now: relatime's rule.
func (v *Virtual) accessed(key fileKey, shipped bool, now int64) {
	v.mu.Lock()
	defer v.mu.Unlock()
	f := v.file(key, shipped)
	if f.atim <= f.mtim || f.atim <= f.changed || floorSec(now)-floorSec(f.atim) >= relatimeDay {
		f.atim = now
	}
}

// floorSec is ns since the epoch in whole seconds (a timespec's tv_sec).
func floorSec(ns int64) int64 {
	s := ns / 1e9
	if ns%1e9 < 0 {
		s--
	}
	return s
}

// accessed says the module read the open file's data or listed it, in a
// seeded run (Virtual.accessed).
func (o *osFile) accessed() {
	if o.m.virt == nil {
		return
	}
	if info, err := o.f.Stat(); err == nil {
		o.m.virt.accessed(keyOf(info), o.m.private != nil, o.m.virt.nowNs())
	}
}

// Listed says an fd_readdir listed the directory (the host calls it at
// every such call, which wasmtime answers by reading the directory whole).
func (o *osFile) Listed() { o.accessed() }

// SetNow makes now, the module's wall clock's now in ns since the epoch
// (what clock_time_get of REALTIME answers in the run), the time a change
// the module makes shows. It is called before the module runs.
func (v *Virtual) SetNow(now func() int64) { v.now = now }

// nowNs is the module's wall clock's now: start when none was set.
func (v *Virtual) nowNs() int64 {
	if v.now == nil {
		return v.start
	}
	return v.now()
}

// modified sets the mtim of the file whose real device and inode are key
// (shipped: of a Private's mount) to now, the module's wall clock's now.
func (v *Virtual) modified(key fileKey, shipped bool, now int64) {
	v.mu.Lock()
	defer v.mu.Unlock()
	f := v.file(key, shipped)
	f.mtim, f.changed = now, now
}

// changeNow is the module's wall clock's now for one WASI call that
// changes things (0 unseeded), read once: a file made and its directory
// showed two readings 8-11 µs apart, where wasmtime shows one tick of
// ext4's clock (attack pass 50c, row 7; TestSeededChangeTimesOneTick).
func (m *Mount) changeNow() int64 {
	if m.virt == nil {
		return 0
	}
	return m.virt.nowNs()
}

// entryChanged says the module made, removed or renamed the entry name
// of a seeded mount: its directory's mtim moves to now (changeNow).
func (m *Mount) entryChanged(name string, now int64) {
	if m.virt == nil {
		return
	}
	dir, _ := lastComponent(name, false)
	if info, err := m.root.Stat(dir); err == nil {
		m.virt.modified(keyOf(info), m.private != nil, now)
	}
}

// contentChanged says the module wrote the open file or set its size, in
// a seeded run: its mtim moves to now.
func (o *osFile) contentChanged() {
	if o.m.virt == nil {
		return
	}
	if info, err := o.f.Stat(); err == nil {
		o.m.virt.modified(keyOf(info), o.m.private != nil, o.m.virt.nowNs())
	}
}

// changedBy is contentChanged after a write of done bytes (none: no change).
func (o *osFile) changedBy(done int) {
	if done > 0 {
		o.contentChanged()
	}
}

// readBy is accessed after a read of at least one byte that answered err:
// one at the file's end (io.EOF) reads it too, as Linux's.
func (o *osFile) readBy(err error) {
	if err == nil || errors.Is(err, io.EOF) {
		o.accessed()
	}
}
