// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o resolveddirname.wasm resolveddirname.c
// Reads one request line. In /volume/tmp (fd 3) makes sub/deep and s, a
// symbolic link to sub/deep; opens "s/.." (sub, by POSIX) and
// "s/../../sub" (sub; cleaned lexically "../sub", above the preopen) as
// directories and creates "x" and "y" relative to each. Answers the
// errnos; the test looks for sub/x and sub/y.
#include <wasi/api.h>
#include <string.h>
#include <stdio.h>

static char buf[4096];
static char out[1024];
static const __wasi_rights_t all = (1ull << 29) - 1;

static int make(const char *dir, const char *name, int *eo) {
	__wasi_fd_t d, f;
	*eo = __wasi_path_open(3, 0, dir, __WASI_OFLAGS_DIRECTORY, __WASI_RIGHTS_FD_READDIR | __WASI_RIGHTS_PATH_OPEN | __WASI_RIGHTS_PATH_CREATE_FILE, all, 0, &d);
	if (*eo) return -1;
	int e = __wasi_path_open(d, 0, name, __WASI_OFLAGS_CREAT, all, all, 0, &f);
	if (e == 0) (void)__wasi_fd_close(f);
	(void)__wasi_fd_close(d);
	return e;
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
	(void)__wasi_path_symlink("sub/deep", 3, "s");
	int ea, eb;
	int ex = make("s/..", "x", &ea);
	int ey = make("s/../../sub", "y", &eb);
	__wasi_size_t n;
	int len = snprintf(out, sizeof out, "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"e\":\"%d,%d,%d,%d\"}}\n", ea, ex, eb, ey);
	__wasi_ciovec_t o = {(const uint8_t *)out, (size_t)len};
	(void)__wasi_fd_write(1, &o, 1, &n);
	return 0;
}
