// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o iovmax.wasm iovmax.c
// (attack pass 44d, row 6) Reads one request line and writes its answer
// with one fd_write of 1,025 iovecs: the answer first, then 1,024 empty
// ones. wasmtime's preview 1 writes the first non-empty iovec (the whole
// answer) and never looks at the rest; the host refuses more than
// host.IOVMax (1,024) iovecs with EINVAL before anything is written. On
// EINVAL the module exits 3 without an answer.
#include "../request.h"

static __wasi_ciovec_t iov[1025];

int main(void) {
	if (!read_request()) return 1;
	static const char out[] = "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n";
	iov[0].buf = (const uint8_t *)out;
	iov[0].buf_len = sizeof out - 1;
	__wasi_size_t w = 0;
	if (__wasi_fd_write(1, iov, 1025, &w) != 0) return 3;
	return w == sizeof out - 1 ? 0 : 4;
}
