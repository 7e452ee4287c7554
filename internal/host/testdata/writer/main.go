//go:build wasip1

// Command writer writes 4 KiB blocks to /volume/tmp/out until a write
// fails, printing each outcome with the raw WASI errno, then tries
// fd_allocate: the host's tests check the write budget and ENOTSUP.
package main

import (
	"os"
	"strconv"
	"unsafe"
)

//go:wasmimport wasi_snapshot_preview1 fd_write
func fdWrite(fd int32, iovs unsafe.Pointer, n int32, written unsafe.Pointer) int32

//go:wasmimport wasi_snapshot_preview1 fd_allocate
func fdAllocate(fd int32, off, n int64) int32

func main() {
	f, err := os.Create("/volume/tmp/out")
	if err != nil {
		os.Stdout.WriteString("create: " + err.Error() + "\n")
		return
	}
	block := make([]byte, 4096)
	iov := [2]uint32{uint32(uintptr(unsafe.Pointer(&block[0]))), uint32(len(block))}
	for i := 0; i < 4; i++ {
		var n uint32
		if e := fdWrite(int32(f.Fd()), unsafe.Pointer(&iov), 1, unsafe.Pointer(&n)); e != 0 {
			os.Stdout.WriteString("write: errno " + strconv.Itoa(int(e)) + "\n")
			break
		}
		os.Stdout.WriteString("wrote " + strconv.Itoa(int(n)) + "\n")
	}
	os.Stdout.WriteString("allocate: errno " + strconv.Itoa(int(fdAllocate(int32(f.Fd()), 0, 10))) + "\n")
}
