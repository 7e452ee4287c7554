package sandboxfs

// What a file held open shows once its last name is gone: its identity,
// as on Linux and wasmtime, where an inode lives on while a descriptor
// holds it. The Virtual (seeded) and a Private's origins (unseeded)
// forgot a file when its last name went (an unlink, a rename over it, an
// rmdir), though a descriptor of the run still held it: its next fstat
// showed a new ino and, seeded, the times of a file never seen (attack
// pass 50c, rows 1 and 5). So each descriptor of a seeded mount, or of a
// Private's unseeded, holds its file's real device and inode (holds), and
// a file whose last name goes while held is forgotten at the last close
// (gone): the file system cannot give its inode to a new file before, and
// a new file given it after is still new.

// openHolds counts the run's descriptors open on each file, and the files
// whose last name went while held. Its owner's lock guards it.
type openHolds struct {
	n    map[fileKey]int
	gone map[fileKey]struct{}
}

// take counts one more descriptor on k.
func (h *openHolds) take(k fileKey) {
	if h.n == nil {
		h.n = make(map[fileKey]int)
	}
	h.n[k]++
}

// release counts one descriptor less on k, and says whether k is to be
// forgotten now (its last name went and nothing holds it).
func (h *openHolds) release(k fileKey) bool {
	if h.n[k]--; h.n[k] > 0 {
		return false
	}
	delete(h.n, k)
	if _, ok := h.gone[k]; ok {
		delete(h.gone, k)
		return true
	}
	return false
}

// forget says whether k, whose last name went, is to be forgotten now:
// false while a descriptor holds it (it is forgotten at release).
func (h *openHolds) forget(k fileKey) bool {
	if h.n[k] == 0 {
		return true
	}
	if h.gone == nil {
		h.gone = make(map[fileKey]struct{})
	}
	h.gone[k] = struct{}{}
	return false
}

// hold makes o hold the file it reads now (o.f), letting go of the one it
// held: at its open, and when it moved to a Private's copy. Only a seeded
// mount's and a Private's descriptors hold.
func (o *osFile) hold() {
	o.unhold()
	if o.m.virt == nil && o.m.private == nil {
		return
	}
	info, err := o.f.Stat()
	if err != nil {
		return
	}
	o.held, o.holding = keyOf(info), true
	if v := o.m.virt; v != nil {
		v.mu.Lock()
		v.holds.take(o.held)
		v.mu.Unlock()
		return
	}
	p := o.m.private
	p.idMu.Lock()
	p.holds.take(o.held)
	p.idMu.Unlock()
}

// unhold lets go of the file o holds, forgetting it when its last name
// went before.
func (o *osFile) unhold() {
	if !o.holding {
		return
	}
	o.holding = false
	if v := o.m.virt; v != nil {
		v.mu.Lock()
		if v.holds.release(o.held) {
			delete(v.files, o.held)
			delete(v.made, o.held)
		}
		v.mu.Unlock()
		return
	}
	p := o.m.private
	p.idMu.Lock()
	if p.holds.release(o.held) {
		delete(p.origins, o.held)
	}
	p.idMu.Unlock()
}
