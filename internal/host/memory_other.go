//go:build !(linux || darwin || freebsd)

package host

import "sync/atomic"

// mappedMemory is not used where anonymous mappings are not: linear
// memories are on the Go heap (sliceMemory).
type mappedMemory = sliceMemory

func newMappedMemory(uint64, *memoryBudget, *atomic.Bool) *mappedMemory { return nil }
