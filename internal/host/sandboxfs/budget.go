package sandboxfs

import (
	"errors"
	"sync/atomic"
	"syscall"

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
	// may be created: /volume/tmp/a/b is at depth 2. The mounts of one
	// Private (/skills and each /skills/<name>) count from the Private's
	// top: /skills/a/b is at depth 2 whichever of them creates it.
	Depth int
	// Volume, when set, is the quota of the volume the call shares with
	// other calls (serve's): every byte and entry the call is charged is
	// charged to it as well, and refused when it does not fit.
	Volume *VolumeQuota
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
	// volumeRefused is set once lim.Volume refused a charge.
	volumeRefused atomic.Bool
	// hostRefused is the first refusal of the machine's (HostRefusal).
	hostRefused atomic.Pointer[HostRefusal]
	// listed is what the open directories' listings hold (listing.go).
	listed         atomic.Int64
	listingRefused atomic.Bool
	// copiedEntries and copiedBytes count what the run's private copies
	// (Private) walked and copied: the host's work for the module, charged
	// to no limit of the run's but counted for whoever bounds the host's
	// work by runs (the probes' budget; Copied).
	copiedEntries, copiedBytes atomic.Int64
	// known are the links the module made (knownlinks.go).
	known knownLinks
	// namespace counts the changes of the run's directories' entries
	// (Mount.Namespace).
	namespace atomic.Uint64
}

// noteCopied counts a private copy's entries and bytes.
func (b *Budget) noteCopied(entries, bytes int64) {
	if b != nil {
		b.copiedEntries.Add(entries)
		b.copiedBytes.Add(bytes)
	}
}

// Copied is what the run's private copies of /package and /skills walked
// and copied, entries and bytes: the dry walk that measures a copy and
// the copy, whether it was made, refused or cut short, and each stretch
// of a file's data the copy reached past a hole (stretchAfterHole). The
// bytes are the files' data copied, not their holes.
func (b *Budget) Copied() (entries, bytes int64) {
	if b == nil {
		return 0, 0
	}
	return b.copiedEntries.Load(), b.copiedBytes.Load()
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
	if !take(&b.used, n, b.lim.Bytes) {
		return false
	}
	if n > 0 && b.lim.Volume != nil && !take(&b.lim.Volume.bytes, n, b.lim.Volume.limit.Bytes) {
		b.used.Add(-n)
		b.volumeRefused.Store(true)
		return false
	}
	return true
}

// giveBack returns n bytes charged (Take) for a write that did not write
// them: one the kernel refused, or cut short. What was never written is
// no write traffic, so neither the call's budget nor the volume's quota
// keeps it (attack pass 46a, row 5: a write refused on a read-only
// descriptor kept its bytes charged to both, 48 MiB charged, nothing
// written).
func (b *Budget) giveBack(n int64) {
	if b == nil || n <= 0 {
		return
	}
	b.used.Add(-n)
	if b.lim.Volume != nil {
		b.lim.Volume.bytes.Add(-n)
	}
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
	if depth > b.lim.Depth || !take(&b.entries, 1, b.lim.Entries) {
		return false
	}
	if b.lim.Volume != nil && !take(&b.lim.Volume.entries, 1, b.lim.Volume.limit.Entries) {
		b.entries.Add(-1)
		b.volumeRefused.Store(true)
		return false
	}
	return true
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

// VolumeRefused reports whether the volume's quota (Limits.Volume) refused
// a charge of the call's: the call met the quota of the volume it shares,
// not its own budget.
func (b *Budget) VolumeRefused() bool {
	return b != nil && b.volumeRefused.Load()
}

// HostRefusal is a refusal the machine made of an operation of the call,
// not the call's own limits nor the volume's quota: the host's disk full
// (ENOSPC, or EDQUOT of the host's own quotas) or the process's descriptor
// limit reached (EMFILE, ENFILE from the operating system), or a limit
// the host sets to spare the machine, on what the module did not make
// (PrivateLimits, a copy of the person's package: Errno ENOSPC, the copy
// having no room). It is no failure of the module's (attack pass 43i,
// rows 4 and 5; 45e, row 3).
type HostRefusal struct {
	Errno syscall.Errno
	// Cause names the machine's limit, for a message.
	Cause string
}

// hostCauses are the machine's refusals and how a message names them.
var hostCauses = map[syscall.Errno]string{
	syscall.ENOSPC: "the host's disk (the file system of $TMPDIR, or of the volume) had no space left (ENOSPC)",
	syscall.EDQUOT: "the host's disk quota (of $TMPDIR's file system, or of the volume's) was reached (EDQUOT)",
	syscall.EMFILE: "the process's open-file limit (ulimit -n) was reached (EMFILE)",
	syscall.ENFILE: "the system's open-file limit (fs.file-max) was reached (ENFILE)",
}

// note records err when it is a refusal of the machine's (HostRefusal).
// The filesystem's own refusals (ErrTooMany, ErrTooDeep) and the budget's
// are never the machine's: they answer EDQUOT from Limits, not from the
// operating system.
func (b *Budget) note(err error) {
	if b == nil || err == nil {
		return
	}
	var e syscall.Errno
	if !errors.As(err, &e) {
		return
	}
	if cause, ok := hostCauses[e]; ok {
		b.hostRefused.CompareAndSwap(nil, &HostRefusal{Errno: e, Cause: cause})
	}
}

// noteHost records a refusal of the host's own limits (the machine's,
// not the module's: PrivateLimits) as a HostRefusal of errno e.
func (b *Budget) noteHost(e syscall.Errno, cause string) {
	if b != nil {
		b.hostRefused.CompareAndSwap(nil, &HostRefusal{Errno: e, Cause: cause})
	}
}

// HostRefused is the first refusal of the machine's that an operation of
// the call met (HostRefusal), or nil.
func (b *Budget) HostRefused() *HostRefusal {
	if b == nil {
		return nil
	}
	return b.hostRefused.Load()
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

// VolumeQuota bounds what a volume holds across the calls that share it.
// Each call's Budget charges it as well as its own Limits (Limits.Volume),
// so calls running at once can never pass it together however they share
// it. Like a Budget it counts what is written and created, not what is
// kept: Reset sets it to what the volume holds, measured while no call is
// writing. It is safe for concurrent use.
type VolumeQuota struct {
	limit          Limits // Bytes and Entries
	bytes, entries atomic.Int64
}

// NewVolumeQuota returns a quota of bytes and entries, holding nothing.
func NewVolumeQuota(bytes, entries int64) *VolumeQuota {
	return &VolumeQuota{limit: Limits{Bytes: bytes, Entries: entries}}
}

// Reset says the volume holds bytes in files and entries entries, which
// may be past the quota: then every charge is refused.
func (q *VolumeQuota) Reset(bytes, entries int64) {
	q.bytes.Store(bytes)
	q.entries.Store(entries)
}

// Held is what the volume holds, as measured by Reset and charged since.
func (q *VolumeQuota) Held() (bytes, entries int64) {
	return q.bytes.Load(), q.entries.Load()
}

// Limit is the quota: its Bytes and Entries.
func (q *VolumeQuota) Limit() Limits { return q.limit }
