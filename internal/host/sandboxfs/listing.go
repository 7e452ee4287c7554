package sandboxfs

import (
	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
)

// MaxListing bounds what the listings of a run's open directories hold on
// the host's heap, in bytes of direntCost: 64 MiB, two whole listings of a
// serve volume's 100,000 entries with 255-byte names, and some 220,000
// entries of 20-byte names. A directory's listing is charged from its
// first fd_readdir until it is rewound or closed: under a Virtual the
// whole sorted listing (readdirSorted); otherwise every entry listed since
// the rewind, which bounds what wazero's cache of the descriptor's
// fd_readdir keeps: its array of entries is appended to in place and holds
// every name stored in it, even the ones its window moved past. Without a
// bound, one module that made 10,000 entries of 255 bytes and read one
// entry from each of 1,020 descriptors of the directory held some 3 GB of
// the host's memory, outside every budget (attack pass 43j, row 3).
// Charging only the window instead (attack pass 44d, row 8, which a scan
// of more than 64 MiB of names on descriptors kept open meets as ENOMEM)
// let one fd_readdir of a large buffer followed by one of 24 bytes hold
// the whole first listing while giving all but one entry back (attack
// pass 44g, row 1): a long scan on one descriptor, without a rewind or a
// close, is refused past the bound, where wasmtime lists it.
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
	return n, 0
}

// rewound gives back what the listing held before a rewind (the opener's
// opens moved): wazero and the sorted listing dropped it.
func (o *osFile) rewound() {
	if o.opener.opens != o.listedOpens {
		o.m.budget.returnListing(o.listed)
		o.listed, o.listedOpens = 0, o.opener.opens
	}
}

// unchargeListing gives back n bytes charged for entries the module never
// got (a Readdir that failed after some chunks).
func (o *osFile) unchargeListing(n int64) {
	o.m.budget.returnListing(n)
	o.listed -= n
}

// Close gives back what the directory's listing held and closes the file.
func (o *osFile) Close() experimentalsys.Errno {
	o.m.budget.returnListing(o.listed)
	o.listed = 0
	if o.m.private != nil {
		o.m.private.untrack(o)
	}
	o.unhold()
	if o.opener.pending != nil {
		_ = o.opener.pending.Close()
		o.opener.pending = nil
	}
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
