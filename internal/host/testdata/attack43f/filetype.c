// clang --target=wasm32-wasi -O2 -o filetype.wasm filetype.c
// (attack pass 43f) Reads one request line and answers id 1 with the
// WASI file type fd_fdstat_get gives for its stdin, stdout and stderr
// (0 unknown, as a pipe is on wasmtime; 2 character device, a terminal).
#include <wasi/api.h>
#include <string.h>

static char buf[4096];

static int ft(int fd) {
	__wasi_fdstat_t st;
	if (__wasi_fd_fdstat_get(fd, &st) != 0) return 9;
	return st.fs_filetype;
}

int main(void) {
	size_t have = 0;
	for (;;) {
		__wasi_iovec_t v = {(uint8_t *)buf + have, sizeof buf - have};
		__wasi_size_t n = 0;
		if (__wasi_fd_read(0, &v, 1, &n) != 0 || n == 0) return 1;
		have += n;
		if (memchr(buf, '\n', have)) break;
	}
	char out[128] = "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"filetypes\":\"";
	size_t l = strlen(out);
	for (int fd = 0; fd < 3; fd++) out[l++] = '0' + ft(fd);
	memcpy(out + l, "\"}}\n", 5);
	__wasi_ciovec_t o = {(const uint8_t *)out, strlen(out)};
	__wasi_size_t w;
	(void)__wasi_fd_write(1, &o, 1, &w);
	return 0;
}
