//go:build darwin || freebsd

package host

// mapNoReserve: these kernels commit anonymous mappings lazily anyway.
const mapNoReserve = 0
