// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o dotdot.wasm dotdot.c
// (attack pass 45a; a test of path forms) Reads one request line and answers with what path
// calls through ".." in /volume/tmp (fd 3) reach: "s/../f", where s is a
// symbolic link to sub/deep, names sub/f by the path's resolution (POSIX,
// wasmtime), f by lexical cleaning; "nope/../f" and "f/../f" go through a
// name that is missing or no directory.
#include <wasi/api.h>
#include <string.h>
#include <stdio.h>

static char buf[4096];
static char out[1024];

static void put(const char *name, const char *text) {
	const __wasi_rights_t all = (1ull << 29) - 1;
	__wasi_fd_t fd;
	__wasi_size_t n;
	if (__wasi_path_open(3, 0, name, __WASI_OFLAGS_CREAT, all, all, 0, &fd) != 0) return;
	__wasi_ciovec_t c = {(const uint8_t *)text, strlen(text)};
	(void)__wasi_fd_write(fd, &c, 1, &n);
	(void)__wasi_fd_close(fd);
}

static int get(const char *name, char *got, size_t cap) {
	const __wasi_rights_t all = (1ull << 29) - 1;
	__wasi_fd_t fd;
	__wasi_size_t n = 0;
	got[0] = 0;
	int e = __wasi_path_open(3, __WASI_LOOKUPFLAGS_SYMLINK_FOLLOW, name, 0, all, all, 0, &fd);
	if (e != 0) return e;
	__wasi_iovec_t v = {(uint8_t *)got, cap - 1};
	(void)__wasi_fd_read(fd, &v, 1, &n);
	got[n] = 0;
	(void)__wasi_fd_close(fd);
	return 0;
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
	(void)__wasi_path_create_directory(3, "sub");
	(void)__wasi_path_create_directory(3, "sub/deep");
	put("f", "top");
	put("sub/f", "sub");
	(void)__wasi_path_symlink("sub/deep", 3, "s");
	char a[16], b[16], c[16];
	int ea = get("s/../f", a, sizeof a);
	int eb = get("nope/../f", b, sizeof b);
	int ec = get("f/../f", c, sizeof c);
	__wasi_size_t n;
	int len = snprintf(out, sizeof out, "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"e\":\"%d:%s,%d:%s,%d:%s\"}}\n", ea, a, eb, b, ec, c);
	__wasi_ciovec_t o = {(const uint8_t *)out, (size_t)len};
	(void)__wasi_fd_write(1, &o, 1, &n);
	return 0;
}
