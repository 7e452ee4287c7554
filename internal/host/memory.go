package host

import (
	"sync"
	"sync/atomic"

	"github.com/tetratelabs/wazero/experimental"
)

// memoryBudget is the guest memory that every run of a host may hold at
// once (Options.MemoryBudget): a run's memory.grow that would take the
// host past it fails as a grow past the limit does (-1), so concurrent
// runs cannot add up to more than the budget, however many there are.
// A run's initial memory waits for room instead, as it cannot fail.
type memoryBudget struct {
	limit int64 // 0: no budget but each run's MemoryLimit

	mu   sync.Mutex
	cond *sync.Cond
	used int64
}

func newMemoryBudget(limit int64) *memoryBudget {
	b := &memoryBudget{limit: limit}
	b.cond = sync.NewCond(&b.mu)
	return b
}

// take accounts n more bytes, or says no when they do not fit.
func (b *memoryBudget) take(n int64) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.limit > 0 && b.used+n > b.limit {
		return false
	}
	b.used += n
	return true
}

// wait accounts n bytes once they fit (at once when nothing is held: a
// single run always gets its initial memory).
func (b *memoryBudget) wait(n int64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for b.limit > 0 && b.used > 0 && b.used+n > b.limit {
		b.cond.Wait()
	}
	b.used += n
}

func (b *memoryBudget) release(n int64) {
	b.mu.Lock()
	b.used -= n
	b.mu.Unlock()
	b.cond.Broadcast()
}

// Used is the guest memory the host's runs hold now.
func (b *memoryBudget) Used() int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.used
}

// MemoryHeld is the guest memory the host's runs hold now, against
// Options.MemoryBudget: a run gives its memory back only once its guest
// has left the instance, so a caller that waited for every run it started
// sees 0 (serve's TestNoLeftoverAfterHostileCalls).
func (h *Host) MemoryHeld() int64 { return h.mem.Used() }

// allocator backs each linear memory with a mapping reserved at its
// maximum and committed by the kernel page by page as the module touches
// it: a memory.grow costs no copy and no zeroing, so a module cannot spend
// seconds of the host's time in one grow that its timeout cannot
// interrupt, and the host's memory is what the module uses, not what it
// asked for. Where mappings are not available it is wazero's own. A grow
// the budget refuses sets refused: the run ran out of memory because
// other runs held the budget, not for its own limit.
func (b *memoryBudget) allocator(refused *atomic.Bool) experimental.MemoryAllocator {
	return experimental.MemoryAllocatorFunc(func(capacity, max uint64) experimental.LinearMemory {
		if m := newMappedMemory(max, b, refused); m != nil {
			return m
		}
		return &sliceMemory{budget: b, refused: refused, buf: make([]byte, 0, capacity)}
	})
}

// measured is alloc whose memories tell size their length after each
// grow that succeeds: what a run's memory had grown to when it ended
// (Record.Memory), which says more of a run out of time than the time.
func measured(alloc experimental.MemoryAllocator, size *atomic.Int64) experimental.MemoryAllocator {
	return experimental.MemoryAllocatorFunc(func(capacity, max uint64) experimental.LinearMemory {
		return measuredMemory{alloc.Allocate(capacity, max), size}
	})
}

type measuredMemory struct {
	experimental.LinearMemory
	size *atomic.Int64
}

func (m measuredMemory) Reallocate(size uint64) []byte {
	b := m.LinearMemory.Reallocate(size)
	if b != nil {
		m.size.Store(int64(len(b)))
	}
	return b
}

// sliceMemory is a linear memory on the Go heap, accounted in the budget.
type sliceMemory struct {
	budget  *memoryBudget
	refused *atomic.Bool
	buf     []byte
	first   bool
}

func (m *sliceMemory) Reallocate(size uint64) []byte {
	delta := int64(size) - int64(len(m.buf))
	if !m.first {
		m.first = true
		m.budget.wait(delta)
	} else if !m.budget.take(delta) {
		m.refused.Store(true)
		return nil
	}
	if size <= uint64(cap(m.buf)) {
		m.buf = m.buf[:size]
	} else {
		m.buf = append(m.buf, make([]byte, delta)...)
	}
	return m.buf
}

func (m *sliceMemory) Free() {
	m.budget.release(int64(len(m.buf)))
	m.buf = nil
}
