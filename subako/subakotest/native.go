//go:build !wasip1

package subakotest

// native is whether subako.Fetch goes to the fake.
const native = true
