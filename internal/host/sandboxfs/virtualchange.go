package sandboxfs

// What a seeded run's changes show (Virtual): a change the module makes
// sets the changed file's mtim to the module's wall clock's now, as Linux
// and wasmtime show it (a write or a size set the file's, an entry made,
// removed or renamed its directory's), and leaves ctim, the birth time
// wasmtime shows as ctim, and atim as they were. A write left mtim at the
// seeded start, equal to ctim, where wasmtime's moved past it, and a
// shipped file of /package kept its days-old mtim (attack pass 50a, row 3).

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
	v.file(key, shipped).mtim = now
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
