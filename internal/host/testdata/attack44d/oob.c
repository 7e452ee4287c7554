// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o oob.wasm oob.c
// (attack pass 44d, row 5) Reads one request line, then calls
// clock_time_get with its result's pointer at the end of memory (outside
// it), and answers the errno: {"e":<errno>}. wasmtime's wiggle writes the
// result with memory.write(ptr)?, a GuestError (PtrOutOfBounds) that
// traps the module; wazero answers EFAULT (21).
#include <wasi/api.h>
#include <string.h>
#include <stdio.h>

static char buf[4096];
static char out[256];

int main(void) {
	size_t have = 0;
	for (;;) {
		__wasi_iovec_t v = {(uint8_t *)buf + have, sizeof buf - have};
		__wasi_size_t n = 0;
		if (__wasi_fd_read(0, &v, 1, &n) != 0 || n == 0) return 1;
		have += n;
		if (memchr(buf, '\n', have)) break;
	}
	unsigned long memsize = __builtin_wasm_memory_size(0) * 65536ul;
	int e = __wasi_clock_time_get(__WASI_CLOCKID_MONOTONIC, 1, (__wasi_timestamp_t *)(memsize - 4));
	int len = snprintf(out, sizeof out, "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"e\":%d}}\n", e);
	__wasi_ciovec_t o = {(const uint8_t *)out, (size_t)len};
	__wasi_size_t w;
	(void)__wasi_fd_write(1, &o, 1, &w);
	return 0;
}
