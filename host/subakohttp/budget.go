package subakohttp

import (
	"sync/atomic"

	"github.com/subako-ai/subako-go/abi"
)

// CallWriteBudget is what a call may write to its volume in all: 1 GiB, shared
// by the filesystem and by responses saved with output {"type":"file"}.
const CallWriteBudget = abi.WriteBudgetBytes

// Budget counts the bytes a call writes against a limit. One Budget is shared
// by everything that writes for the call (the filesystem and subako_http), so
// that a module cannot get around the filesystem's limit by having HTTP write
// for it. It is safe for concurrent use.
//
// The budget counts bytes written, not bytes kept: removing or truncating a
// file gives nothing back, the way a quota on write traffic would not. A
// response that fails part way is removed, but what it wrote stays charged.
type Budget struct {
	limit int64
	used  atomic.Int64
}

// NewBudget returns a budget of limit bytes; CallWriteBudget is the usual one.
func NewBudget(limit int64) *Budget { return &Budget{limit: limit} }

// Take charges n bytes and reports whether they fit. When they do not,
// nothing is charged, so a write that would cross the limit fails whole
// and a later, smaller one may still fit. A nil Budget is unlimited.
func (b *Budget) Take(n int64) bool {
	if b == nil {
		return true
	}
	if n < 0 {
		return false
	}
	for {
		used := b.used.Load()
		if n > b.limit-used {
			return false
		}
		if b.used.CompareAndSwap(used, used+n) {
			return true
		}
	}
}

// Used is how many bytes were charged so far.
func (b *Budget) Used() int64 {
	if b == nil {
		return 0
	}
	return b.used.Load()
}

// Remaining is how many bytes may still be written; -1 for a nil (unlimited)
// Budget.
func (b *Budget) Remaining() int64 {
	if b == nil {
		return -1
	}
	return b.limit - b.used.Load()
}
