// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o preopenitself.wasm preopenitself.c
// (attack pass 45a; a test of path forms) Reads one request line and answers with the errnos of
// calls that name the preopen's own directory through "." or "sub/..":
// renames of it, into it and out of it, a link, a symlink and a removal.
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
	long long e[32];
	int k = 0;
	e[k++] = __wasi_path_create_directory(3, "sub");
	e[k++] = __wasi_path_rename(3, ".", 3, "moved");
	e[k++] = __wasi_path_rename(3, "sub/..", 3, "sub/moved");
	e[k++] = __wasi_path_rename(3, "sub", 3, "sub/..");
	e[k++] = __wasi_path_rename(3, "sub", 3, ".");
	e[k++] = __wasi_path_symlink("x", 3, "sub/..");
	e[k++] = __wasi_path_link(3, 0, "sub", 3, "sub/..");
	e[k++] = __wasi_path_unlink_file(3, "sub/..");
	e[k++] = __wasi_path_remove_directory(3, "sub/..");
	e[k++] = __wasi_path_remove_directory(3, "sub/.");
	const __wasi_rights_t all = (1ull << 29) - 1;
	__wasi_fd_t x;
	e[k++] = __wasi_path_open(3, 0, "sub/..", __WASI_OFLAGS_CREAT | __WASI_OFLAGS_EXCL, all, all, 0, &x);
	__wasi_size_t n;
	int len = snprintf(out, sizeof out, "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"e\":\"");
	for (int i = 0; i < k; i++) len += snprintf(out + len, sizeof out - len, "%lld,", e[i]);
	len += snprintf(out + len, sizeof out - len, "\"}}\n");
	__wasi_ciovec_t o = {(const uint8_t *)out, (size_t)len};
	(void)__wasi_fd_write(1, &o, 1, &n);
	return 0;
}
