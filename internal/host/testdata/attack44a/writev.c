// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o writev.wasm writev.c
// (attack pass 44a, row 7) Reads one request line and answers it with ONE
// fd_write of two iovecs, the JSON-RPC answer and its "\n", ignoring the
// count written (as hand-written writev code often does), then reports on
// stderr "nwritten=N of M" and, from one fd_read of stdin into two iovecs
// of 1 and 4,095 bytes after a second request line was sent,
// "nread=N". wasmtime's preview 1 (Subako's runtime) writes and reads only
// the first non-empty iovec of a call (first_non_empty_ciovec / _iovec): on
// Subako the answer's newline is never written.
#include "../request.h"

int main(void) {
	if (!read_request()) return 1;
	static const char body[] = "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}";
	__wasi_ciovec_t o[2] = {{(const uint8_t *)body, sizeof body - 1}, {(const uint8_t *)"\n", 1}};
	__wasi_size_t w = 0;
	(void)__wasi_fd_write(1, o, 2, &w);
	char msg[96];
	int len = snprintf(msg, sizeof msg, "nwritten=%u of %u\n", (unsigned)w, (unsigned)sizeof body);
	__wasi_ciovec_t e = {(const uint8_t *)msg, (size_t)len};
	(void)__wasi_fd_write(2, &e, 1, &w);
	static char small[1], rest[4095];
	__wasi_iovec_t in[2] = {{(uint8_t *)small, 1}, {(uint8_t *)rest, sizeof rest}};
	__wasi_size_t r = 0;
	(void)__wasi_fd_read(0, in, 2, &r);
	len = snprintf(msg, sizeof msg, "nread=%u\n", (unsigned)r);
	e.buf_len = (size_t)len;
	(void)__wasi_fd_write(2, &e, 1, &w);
	return 0;
}
