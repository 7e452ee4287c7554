package main

import "unsafe"

// Built with -X main.mode=hostcalls, the module has four more tools, issue
// 30's host calls nothing could stop, each made again and again until the
// call's timeout stops the run: iovecs (one fd_write of 8,000,000
// one-byte iovecs to stdout), empty_iovecs (16,777,216 empty ones),
// poll_flood (poll_oneoff with the most clock subscriptions allowed, then
// with 2^28, whose size overflowed) and hostcall_loop (writes of 1,024
// one-byte iovecs to stderr).
var hostcallTools = []string{"iovecs", "empty_iovecs", "poll_flood", "hostcall_loop"}

//go:wasmimport wasi_snapshot_preview1 fd_write
func fdWrite(fd int32, iovs unsafe.Pointer, n int32, written unsafe.Pointer) int32

//go:wasmimport wasi_snapshot_preview1 poll_oneoff
func pollOneoff(in, out unsafe.Pointer, n int32, events unsafe.Pointer) int32

// addr is p's address in linear memory.
func addr(p unsafe.Pointer) uint32 { return uint32(uintptr(p)) }

// writeForever writes n iovecs of length bytes each (all over one buffer)
// to fd, for ever.
func writeForever(fd int32, n, length int) {
	buf := make([]byte, 1)
	iovs := make([]uint32, 2*n)
	for i := 0; i < n; i++ {
		iovs[2*i], iovs[2*i+1] = addr(unsafe.Pointer(&buf[0])), uint32(length)
	}
	var written uint32
	for {
		fdWrite(fd, unsafe.Pointer(&iovs[0]), int32(n), unsafe.Pointer(&written))
	}
}

// pollForever polls 4,096 clock subscriptions that are all due at once
// (the most one poll_oneoff may have), then 2^28, for ever.
func pollForever() {
	const n, size = 4096, 48 // a subscription: userdata, tag (0: clock), id, timeout, precision, flags
	subs := make([]byte, n*size)
	for i := 0; i < n; i++ {
		subs[i*size+16] = 1 // the monotonic clock; timeout 0
	}
	events := make([]byte, n*32)
	var got uint32
	for {
		pollOneoff(unsafe.Pointer(&subs[0]), unsafe.Pointer(&events[0]), n, unsafe.Pointer(&got))
		pollOneoff(unsafe.Pointer(&subs[0]), unsafe.Pointer(&events[0]), 1<<28, unsafe.Pointer(&got))
	}
}

// hostcall runs the host-call tool name, if it is one: they never return.
func hostcall(name string) {
	switch name {
	case "iovecs":
		writeForever(1, 8_000_000, 1)
	case "empty_iovecs":
		writeForever(1, 1<<24, 0)
	case "poll_flood":
		pollForever()
	case "hostcall_loop":
		writeForever(2, 1024, 1)
	}
}
