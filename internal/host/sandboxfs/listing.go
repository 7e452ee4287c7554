package sandboxfs

import (
	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
)

// MaxListing bounds what the listings of a run's open directories hold on
// the host's heap, in bytes of direntCost: 64 MiB, two whole listings of a
// serve volume's 100,000 entries with 255-byte names, and some 220,000
// entries of 20-byte names. A directory's listing is held from its first
// fd_readdir until it is rewound or closed: under a Virtual the whole
// sorted listing (readdirSorted); otherwise what wazero's cache of the
// descriptor's fd_readdir keeps (DirentCache), a window: the entries from
// the module's cookie on, which is what the last Readdir listed and what
// the cache kept of the window before (keepListing). Without a bound, one
// module that made 10,000 entries of 255 bytes and read one entry from
// each of 1,020 descriptors of the directory held some 3 GB of the host's
// memory, outside every budget (attack pass 43j, row 3). Charging every
// entry listed since the rewind instead of the window refused a sequential
// scan (some 210,000 entries of 255-byte names read in order on one
// descriptor, or three descriptors each reading a 100,000-entry directory)
// that wazero held a few KiB of and wasmtime answers (attack pass 44d,
// row 8).
const MaxListing = 64 << 20

// direntCost is what one listed entry costs beside its name: wazero's
// Dirent (inode, name's header, type) and the slices' share.
const direntCost = 64

// chargeListing charges the entries d a Readdir of the directory listed to
// the budget. A rewind (the opener's opens moved) drops what wazero and the
// sorted listing held of the listing before it, so it is given back first.
// Past MaxListing nothing is listed: EIO, which the host answers as ENOMEM
// (Budget.ListingRefused). It returns what it charged.
func (o *osFile) chargeListing(d []experimentalsys.Dirent) (int64, experimentalsys.Errno) {
	b := o.m.budget
	o.rewound()
	var n int64
	for i := range d {
		n += direntCost + int64(len(d[i].Name))
	}
	if !b.takeListing(n) {
		return 0, experimentalsys.EIO
	}
	o.listed += n
	if o.m.virt == nil {
		for i := range d {
			o.held = append(o.held, direntCost+int64(len(d[i].Name)))
		}
	}
	return n, 0
}

// rewound gives back what the listing held before a rewind (the opener's
// opens moved): wazero and the sorted listing dropped it.
func (o *osFile) rewound() {
	if o.opener.opens != o.listedOpens {
		o.m.budget.returnListing(o.listed)
		o.listed, o.listedOpens, o.held = 0, o.opener.opens, nil
	}
}

// keepListing gives back, before wazero's cache asks a directory outside a
// Virtual for n more entries, what the cache no longer holds. wazero's
// fd_readdir keeps a window of at most window entries (Budget.ReaddirWindow:
// its buf_len/24+2) and asks for what the window lacks: n = window - kept,
// so it kept the last window-n entries listed (with the dot entries, which
// are not charged: at most two more are kept charged). Outside an
// fd_readdir (window unknown) nothing is given back.
func (o *osFile) keepListing(n int) {
	o.rewound()
	window := int(o.m.budget.readdirWindow())
	if window <= 0 || n <= 0 {
		return
	}
	kept := max(window-n, 0)
	if kept >= len(o.held) {
		return
	}
	drop := len(o.held) - kept
	var back int64
	for _, c := range o.held[:drop] {
		back += c
	}
	o.m.budget.returnListing(back)
	o.listed -= back
	o.held = append(o.held[:0], o.held[drop:]...)
}

// unchargeListing gives back n bytes charged for entries the module never
// got (a Readdir that failed after some chunks).
func (o *osFile) unchargeListing(n int64) {
	o.m.budget.returnListing(n)
	o.listed -= n
	for n > 0 && len(o.held) > 0 {
		n -= o.held[len(o.held)-1]
		o.held = o.held[:len(o.held)-1]
	}
}

// Close gives back what the directory's listing held and closes the file.
func (o *osFile) Close() experimentalsys.Errno {
	o.m.budget.returnListing(o.listed)
	o.listed, o.held = 0, nil
	return o.File.Close()
}

// takeListing charges n bytes of listings, refused past MaxListing. A nil
// Budget is unlimited.
func (b *Budget) takeListing(n int64) bool {
	if b == nil {
		return true
	}
	if !take(&b.listed, n, MaxListing) {
		b.listingRefused.Store(true)
		return false
	}
	return true
}

func (b *Budget) returnListing(n int64) {
	if b != nil && n != 0 {
		b.listed.Add(-n)
	}
}

// ReaddirWindow says how many entries the fd_readdir being made keeps in
// wazero's cache at most (its buf_len/24+2), 0 once it is done: what
// keepListing gives back by.
func (b *Budget) ReaddirWindow(n int64) {
	if b != nil {
		b.window.Store(n)
	}
}

func (b *Budget) readdirWindow() int64 {
	if b == nil {
		return 0
	}
	return b.window.Load()
}

// Listed is what the open directories' listings hold, in the bytes
// MaxListing bounds.
func (b *Budget) Listed() int64 {
	if b == nil {
		return 0
	}
	return b.listed.Load()
}

// ListingRefused reports whether a directory listing was refused at
// MaxListing since the last time it was asked: wazero's WASI cannot answer
// ENOMEM, so the refusal answers EIO inside wazero and the host turns it
// into ENOMEM on its way to the module.
func (b *Budget) ListingRefused() bool {
	return b != nil && b.listingRefused.Swap(false)
}
