// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o dirseek.wasm dirseek.c
// Reads one request line and answers with what fd_seek and fd_tell answer
// on the preopen /volume/tmp (fd 3) and on a directory the module opened
// there, and whether they wrote their result (from attack pass 45a,
// dirs.c).
#include <wasi/api.h>
#include <string.h>
#include <stdio.h>

static char buf[4096];
static char out[1024];

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
	const __wasi_rights_t dirs = all & ~(__WASI_RIGHTS_FD_READ | __WASI_RIGHTS_FD_WRITE);
	long long e[32];
	int k = 0;
	__wasi_fd_t d = 99;
	e[k++] = __wasi_path_create_directory(3, "sub");
	e[k++] = __wasi_path_open(3, 0, "sub", __WASI_OFLAGS_DIRECTORY, dirs, dirs, 0, &d);
	__wasi_fd_t fds[] = {3, d};
	for (int i = 0; i < 2; i++) {
		__wasi_filesize_t pos = 99;
		e[k++] = __wasi_fd_seek(fds[i], 0, __WASI_WHENCE_CUR, &pos);
		e[k++] = __wasi_fd_seek(fds[i], 0, __WASI_WHENCE_END, &pos);
		e[k++] = __wasi_fd_tell(fds[i], &pos);
		e[k++] = pos;
	}
	__wasi_size_t n;
	int len = snprintf(out, sizeof out, "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"e\":\"");
	for (int i = 0; i < k; i++) len += snprintf(out + len, sizeof out - len, "%lld,", e[i]);
	len += snprintf(out + len, sizeof out - len, "\"}}\n");
	__wasi_ciovec_t o = {(const uint8_t *)out, (size_t)len};
	(void)__wasi_fd_write(1, &o, 1, &n);
	return 0;
}
