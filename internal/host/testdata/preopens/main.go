//go:build wasip1

// Command preopens prints the guest path of every preopened directory, in
// fd order, one a line: the host's tests check Subako's order.
package main

import (
	"os"
	"unsafe"
)

//go:wasmimport wasi_snapshot_preview1 fd_prestat_get
func prestatGet(fd int32, buf unsafe.Pointer) int32

//go:wasmimport wasi_snapshot_preview1 fd_prestat_dir_name
func prestatDirName(fd int32, buf unsafe.Pointer, n int32) int32

func main() {
	var prestat [2]uint32 // tag, name length
	for fd := int32(3); ; fd++ {
		if prestatGet(fd, unsafe.Pointer(&prestat[0])) != 0 {
			return
		}
		name := make([]byte, prestat[1])
		if len(name) > 0 && prestatDirName(fd, unsafe.Pointer(&name[0]), int32(len(name))) != 0 {
			return
		}
		os.Stdout.WriteString(string(name) + "\n")
	}
}
