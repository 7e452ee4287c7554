// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o pkgchange.wasm pkgchange.c
// Reads one request line, then changes the first preopen (fd 3; /package
// when only it is mounted) every way it can and answers with the errnos and
// what "asset" then reads: "asset" truncated and written, "gone" unlinked,
// "keep" given times then renamed to "moved", "d" made, "new" created and
// grown with fd_filestat_set_size, a link "l" to "new" made, "sub/f"
// removed and "sub" with it.
#include "../request.h"

static char got[64];

int main(void) {
	if (!read_request()) return 1;
	__wasi_fd_t a = 99, nw = 99, r = 99;
	__wasi_size_t n = 0;
	int e[12];
	e[0] = __wasi_path_open(3, 0, "asset", __WASI_OFLAGS_TRUNC, all, all, 0, &a);
	__wasi_ciovec_t c = {(const uint8_t *)"changed", 7};
	e[1] = __wasi_fd_write(a, &c, 1, &n);
	e[2] = __wasi_path_unlink_file(3, "gone");
	e[3] = __wasi_path_filestat_set_times(3, 0, "keep", 1000000000ull, 1000000000ull,
		__WASI_FSTFLAGS_ATIM | __WASI_FSTFLAGS_MTIM);
	e[4] = __wasi_path_rename(3, "keep", 3, "moved");
	e[5] = __wasi_path_create_directory(3, "d");
	e[6] = __wasi_path_open(3, 0, "new", __WASI_OFLAGS_CREAT, all, all, 0, &nw);
	e[7] = __wasi_fd_filestat_set_size(nw, 5);
	e[8] = __wasi_path_symlink("new", 3, "l");
	e[9] = __wasi_path_unlink_file(3, "sub/f");
	e[10] = __wasi_path_remove_directory(3, "sub");
	e[11] = __wasi_path_open(3, 0, "asset", 0, all, all, 0, &r);
	__wasi_iovec_t g = {(uint8_t *)got, sizeof got - 1};
	__wasi_size_t gn = 0;
	(void)__wasi_fd_read(r, &g, 1, &gn);
	got[gn] = 0;
	answer_result(1,
		"{\"e\":\"%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d:%s\"}",
		e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7], e[8], e[9], e[10], e[11], got);
	return 0;
}
