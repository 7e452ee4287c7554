//go:build wasip1

package subako

import "unsafe"

// The imports of ABI 1's host module. Pointers are offsets into the
// module's memory, which is what unsafe.Pointer becomes in a wasm import.

//go:wasmimport subako_http request
func subakoHTTPRequest(ptr unsafe.Pointer, size int32) int32

//go:wasmimport subako_http read_response
func subakoHTTPReadResponse(ptr unsafe.Pointer, size int32) int32

// hostRequest hands the request to the host. Fetch has checked its size, so
// the length fits in an int32.
func hostRequest(req []byte) int32 {
	return subakoHTTPRequest(unsafe.Pointer(unsafe.SliceData(req)), int32(len(req)))
}

// hostReadResponse copies the held answer into buf, which exchange never
// allocates with a nil pointer.
func hostReadResponse(buf []byte) int32 {
	return subakoHTTPReadResponse(unsafe.Pointer(unsafe.SliceData(buf)), int32(len(buf)))
}

// lockHost has nothing to lock: the imports block the whole instance, so one
// request's two steps are never interleaved with another's.
func lockHost() (unlock func()) { return func() {} }
