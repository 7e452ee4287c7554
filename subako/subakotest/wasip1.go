//go:build wasip1

package subakotest

const native = false
