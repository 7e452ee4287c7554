package main

import "unsafe"

//go:wasmimport wasi_snapshot_preview1 poll_oneoff
func pollOneoff(in, out unsafe.Pointer, n uint32, nevents unsafe.Pointer) uint32

// stdinReady polls stdin for reading beside a clock already due, and says
// whether stdin's event came: whether a read would find something now.
func stdinReady() bool {
	var subs [2][48]byte // subscription_t: userdata, tag at 8, its union at 16
	subs[0][8] = 1       // FD_READ, of fd 0
	subs[1][8] = 0       // CLOCK: monotonic (id 1), timeout 0
	subs[1][16] = 1
	var events [2][32]byte // event_t: userdata, errno at 8, type at 10
	var n uint32
	subs[0][0], subs[1][0] = 10, 11 // userdata
	if pollOneoff(unsafe.Pointer(&subs), unsafe.Pointer(&events), 2, unsafe.Pointer(&n)) != 0 {
		return false
	}
	for i := uint32(0); i < n && i < 2; i++ {
		if events[i][0] == 10 && events[i][8] == 0 {
			return true
		}
	}
	return false
}
