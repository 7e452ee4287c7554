// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o stdioseek.wasm stdioseek.c
// (attack pass 44a, row 6) Reads one request line and answers it with the
// errnos of fd_seek(fd, 0, CUR) and fd_tell(fd) on stdin, stdout, stderr:
// {"seek":[e0,e1,e2],"tell":[e0,e1,e2]}. On a pipe both are ESPIPE (70).
#include <wasi/api.h>
#include <string.h>
#include <stdio.h>

static char buf[4096];

int main(void) {
	size_t have = 0;
	for (;;) {
		__wasi_iovec_t v = {(uint8_t *)buf + have, sizeof buf - have};
		__wasi_size_t n = 0;
		if (__wasi_fd_read(0, &v, 1, &n) != 0 || n == 0) return 1;
		have += n;
		if (memchr(buf, '\n', have)) break;
	}
	int seek[3], tell[3];
	for (int fd = 0; fd < 3; fd++) {
		__wasi_filesize_t pos = 0;
		seek[fd] = __wasi_fd_seek(fd, 0, __WASI_WHENCE_CUR, &pos);
		tell[fd] = __wasi_fd_tell(fd, &pos);
	}
	char out[256];
	int len = snprintf(out, sizeof out,
		"{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"seek\":[%d,%d,%d],\"tell\":[%d,%d,%d]}}\n",
		seek[0], seek[1], seek[2], tell[0], tell[1], tell[2]);
	__wasi_ciovec_t o = {(const uint8_t *)out, (size_t)len};
	__wasi_size_t w;
	(void)__wasi_fd_write(1, &o, 1, &w);
	return 0;
}
