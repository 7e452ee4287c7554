//go:build linux || darwin || freebsd

package host

import (
	"sync/atomic"

	"golang.org/x/sys/unix"
)

// mappedMemory is a linear memory in an anonymous mapping of its maximum
// size, which the kernel commits as pages are touched.
type mappedMemory struct {
	budget  *memoryBudget
	refused *atomic.Bool // set when the budget refuses a grow
	region  []byte       // the whole mapping
	size    uint64       // the memory's length now
	first   bool
}

func newMappedMemory(max uint64, b *memoryBudget, refused *atomic.Bool) *mappedMemory {
	if max == 0 {
		return nil
	}
	region, err := unix.Mmap(-1, 0, int(max), unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANON|mapNoReserve)
	if err != nil {
		return nil
	}
	return &mappedMemory{budget: b, refused: refused, region: region}
}

func (m *mappedMemory) Reallocate(size uint64) []byte {
	if size > uint64(len(m.region)) {
		return nil
	}
	delta := int64(size) - int64(m.size)
	if !m.first {
		m.first = true
		m.budget.wait(delta)
	} else if !m.budget.take(delta) {
		m.refused.Store(true)
		return nil
	}
	m.size = size
	return m.region[:size:size]
}

func (m *mappedMemory) Free() {
	if m.region != nil {
		_ = unix.Munmap(m.region)
		m.region = nil
		m.budget.release(int64(m.size))
	}
}
