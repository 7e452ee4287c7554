// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o pkgwrite.wasm pkgwrite.c
// (attack pass 45a, row 10) Reads one request line and answers with the errnos of
// writes in the first preopen (fd 3; /package when only it is mounted): a
// file created, an existing file ("asset") opened for writing and written.
#include "../request.h"

int main(void) {
	if (!read_request()) return 1;
	__wasi_fd_t f = 99, g = 99;
	__wasi_size_t n = 0;
	int e0 = __wasi_path_open(3, 0, "new", __WASI_OFLAGS_CREAT, all, all, 0, &f);
	int e1 = __wasi_path_open(3, 0, "asset", 0, all, all, 0, &g);
	__wasi_ciovec_t c = {(const uint8_t *)"x", 1};
	int e2 = __wasi_fd_write(g, &c, 1, &n);
	answer_result(1, "{\"e\":\"%d,%d,%d\"}", e0, e1, e2);
	return 0;
}
