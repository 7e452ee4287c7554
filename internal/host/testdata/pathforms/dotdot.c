// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o dotdot.wasm dotdot.c
// (attack pass 45a; a test of path forms) Reads one request line and answers with what path
// calls through ".." in /volume/tmp (fd 3) reach: "s/../f", where s is a
// symbolic link to sub/deep, names sub/f by the path's resolution (POSIX,
// wasmtime), f by lexical cleaning; "nope/../f" and "f/../f" go through a
// name that is missing or no directory.
#include "../request.h"

static void put(const char *name, const char *text) {
	__wasi_fd_t fd;
	__wasi_size_t n;
	if (__wasi_path_open(3, 0, name, __WASI_OFLAGS_CREAT, all, all, 0, &fd) != 0) return;
	__wasi_ciovec_t c = {(const uint8_t *)text, strlen(text)};
	(void)__wasi_fd_write(fd, &c, 1, &n);
	(void)__wasi_fd_close(fd);
}

static int get(const char *name, char *got, size_t cap) {
	return read_path(3, __WASI_LOOKUPFLAGS_SYMLINK_FOLLOW, name, all, got, cap);
}

int main(void) {
	if (!read_request()) return 1;
	(void)__wasi_path_create_directory(3, "sub");
	(void)__wasi_path_create_directory(3, "sub/deep");
	put("f", "top");
	put("sub/f", "sub");
	(void)__wasi_path_symlink("sub/deep", 3, "s");
	char a[16], b[16], c[16];
	int ea = get("s/../f", a, sizeof a);
	int eb = get("nope/../f", b, sizeof b);
	int ec = get("f/../f", c, sizeof c);
	answer_result(1, "{\"e\":\"%d:%s,%d:%s,%d:%s\"}", ea, a, eb, b, ec, c);
	return 0;
}
