package sandboxfs

import (
	"sync/atomic"

	"github.com/subako-ai/subako-go/abi"
)

// Limits bound what one call may put on its volume.
type Limits struct {
	// Bytes is what may be written to files in all, shared by the
	// filesystem and subako_http's saved responses. Growing a file with
	// truncate, or writing past its end, is charged for the hole too.
	Bytes int64
	// Entries is how many files, directories and links may be created.
	Entries int64
	// Depth is how many directory levels deep, beneath its mount, an entry
	// may be created: /volume/tmp/a/b is at depth 2.
	Depth int
}

// CallLimits are the limits of one call: Subako's 1 GiB write budget, and
// 10,000 entries at most 64 levels deep, which no package needs more of and
// which keep a volume something a person can still list and delete.
var CallLimits = Limits{Bytes: abi.WriteBudgetBytes, Entries: 10_000, Depth: 64}

// Budget counts what a call writes against its Limits. One Budget is shared
// by everything that writes for the call (the filesystem and subako_http),
// so that a module cannot get around the filesystem's limits by having HTTP
// write for it. It is safe for concurrent use.
//
// It counts what was written and created, not what is kept: removing or
// truncating a file gives nothing back, the way a quota on write traffic
// would not.
type Budget struct {
	lim     Limits
	used    atomic.Int64
	entries atomic.Int64
	refused atomic.Bool
}

// NewBudget returns a budget of lim; a zero field takes CallLimits' value.
func NewBudget(lim Limits) *Budget {
	if lim.Bytes <= 0 {
		lim.Bytes = CallLimits.Bytes
	}
	if lim.Entries <= 0 {
		lim.Entries = CallLimits.Entries
	}
	if lim.Depth <= 0 {
		lim.Depth = CallLimits.Depth
	}
	return &Budget{lim: lim}
}

// Take charges n bytes and reports whether they fit. When they do not,
// nothing is charged, so a write that would cross the limit fails whole
// and a later, smaller one may still fit. A nil Budget is unlimited.
func (b *Budget) Take(n int64) bool {
	if b == nil {
		return true
	}
	return take(&b.used, n, b.lim.Bytes)
}

func take(counter *atomic.Int64, n, limit int64) bool {
	if n < 0 {
		return false
	}
	for {
		used := counter.Load()
		if n > limit-used {
			return false
		}
		if counter.CompareAndSwap(used, used+n) {
			return true
		}
	}
}

// takeEntry charges one new entry at depth levels beneath its mount.
func (b *Budget) takeEntry(depth int) bool {
	if b == nil {
		return true
	}
	return depth <= b.lim.Depth && take(&b.entries, 1, b.lim.Entries)
}

// Used is how many bytes were charged so far.
func (b *Budget) Used() int64 {
	if b == nil {
		return 0
	}
	return b.used.Load()
}

// Entries is how many entries were created so far.
func (b *Budget) Entries() int64 {
	if b == nil {
		return 0
	}
	return b.entries.Load()
}

// Remaining is how many bytes may still be written; -1 for a nil (unlimited)
// Budget.
func (b *Budget) Remaining() int64 {
	if b == nil {
		return -1
	}
	return b.lim.Bytes - b.used.Load()
}

// Limits are the budget's limits.
func (b *Budget) Limits() Limits {
	if b == nil {
		return Limits{}
	}
	return b.lim
}

// refuse records that the filesystem refused an operation for the budget.
func (b *Budget) refuse() {
	if b != nil {
		b.refused.Store(true)
	}
}

// Refused reports whether the filesystem refused an operation for the
// budget since the last time it was asked. wazero's WASI cannot answer
// EDQUOT (its errors map to a fixed set), so a refused operation answers EIO
// inside wazero, and the host turns that EIO into EDQUOT on its way to the
// module when Refused says so.
func (b *Budget) Refused() bool {
	return b != nil && b.refused.Swap(false)
}
