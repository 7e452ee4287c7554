package host

import "golang.org/x/sys/unix"

// mapNoReserve keeps the kernel from reserving swap for a whole mapping.
const mapNoReserve = unix.MAP_NORESERVE
