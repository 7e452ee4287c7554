// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o pkgwrite.wasm pkgwrite.c
// (attack pass 45a, row 10) Reads one request line and answers with the errnos of
// writes in the first preopen (fd 3; /package when only it is mounted): a
// file created, an existing file ("asset") opened for writing and written.
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
	const __wasi_rights_t all = (1ull << 29) - 1;
	__wasi_fd_t f = 99, g = 99;
	__wasi_size_t n = 0;
	int e0 = __wasi_path_open(3, 0, "new", __WASI_OFLAGS_CREAT, all, all, 0, &f);
	int e1 = __wasi_path_open(3, 0, "asset", 0, all, all, 0, &g);
	__wasi_ciovec_t c = {(const uint8_t *)"x", 1};
	int e2 = __wasi_fd_write(g, &c, 1, &n);
	int len = snprintf(out, sizeof out, "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"e\":\"%d,%d,%d\"}}\n", e0, e1, e2);
	__wasi_ciovec_t o = {(const uint8_t *)out, (size_t)len};
	(void)__wasi_fd_write(1, &o, 1, &n);
	return 0;
}
