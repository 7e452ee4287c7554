// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o nofollow.wasm nofollow.c
// Reads one request line and answers with what path_open answers in
// /volume/tmp (fd 3) for a symbolic link "l" to the file "f" (4 bytes)
// without LOOKUPFLAGS_SYMLINK_FOLLOW (open(2) with O_NOFOLLOW: ELOOP on
// Subako's runtime): for reading, for writing, with OFLAGS_TRUNC; then
// with SYMLINK_FOLLOW (0), and f's size after all of them (attack pass
// 46a, row 2).
#include "../request.h"

int main(void) {
	if (!read_request()) return 1;
	long long e[32];
	int k = 0;
	__wasi_fd_t f, x;
	__wasi_filestat_t st;
	__wasi_size_t n;
	__wasi_ciovec_t d = {(const uint8_t *)"data", 4};
	e[k++] = __wasi_path_open(3, 0, "f", __WASI_OFLAGS_CREAT, all, all, 0, &f);
	e[k++] = __wasi_fd_write(f, &d, 1, &n);
	e[k++] = __wasi_path_symlink("f", 3, "l");
	e[k++] = __wasi_path_open(3, 0, "l", 0, __WASI_RIGHTS_FD_READ, 0, 0, &x);
	e[k++] = __wasi_path_open(3, 0, "l", 0, all, all, 0, &x);
	e[k++] = __wasi_path_open(3, 0, "l", __WASI_OFLAGS_TRUNC, all, all, 0, &x);
	e[k++] = __wasi_path_open(3, __WASI_LOOKUPFLAGS_SYMLINK_FOLLOW, "l", 0, __WASI_RIGHTS_FD_READ, 0, 0, &x);
	e[k++] = __wasi_path_filestat_get(3, 0, "f", &st);
	e[k++] = st.size;
	answer_errnos(e, k, "");
	return 0;
}
