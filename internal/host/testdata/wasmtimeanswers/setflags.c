// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o setflags.wasm setflags.c
// Reads one request line and answers (on fd 1) with what
// fd_fdstat_set_flags answers on a file of /volume/tmp (fd 3) the module
// opened (APPEND, NONBLOCK, DSYNC, none) and on the preopen, the fdstat
// flags after APPEND, NONBLOCK and none and of a file opened NONBLOCK,
// and writes: "ab", then with APPEND
// "c" after a seek to 0, then without it "X" after a seek to 0, so that
// the file holds "Xbc" when APPEND appended (from attack pass 45a, misc.c).
#include "../request.h"

static __wasi_errno_t put(__wasi_fd_t f, const char *s) {
	__wasi_ciovec_t c = {(const uint8_t *)s, strlen(s)};
	__wasi_size_t n;
	return __wasi_fd_write(f, &c, 1, &n);
}

int main(void) {
	if (!read_request()) return 1;
	long long e[32];
	int k = 0;
	__wasi_fd_t f = 99;
	__wasi_filesize_t pos;
	__wasi_fdstat_t st;
	e[k++] = __wasi_path_open(3, 0, "f", __WASI_OFLAGS_CREAT, all, all, 0, &f);
	e[k++] = put(f, "ab");
	e[k++] = __wasi_fd_fdstat_set_flags(f, __WASI_FDFLAGS_APPEND);
	e[k++] = __wasi_fd_fdstat_get(f, &st);
	e[k++] = st.fs_flags;
	e[k++] = __wasi_fd_seek(f, 0, __WASI_WHENCE_SET, &pos);
	e[k++] = put(f, "c");
	e[k++] = __wasi_fd_fdstat_set_flags(f, __WASI_FDFLAGS_NONBLOCK);
	e[k++] = __wasi_fd_fdstat_get(f, &st);
	e[k++] = st.fs_flags;
	e[k++] = __wasi_fd_fdstat_set_flags(f, __WASI_FDFLAGS_DSYNC);
	e[k++] = __wasi_fd_fdstat_set_flags(f, 0);
	e[k++] = __wasi_fd_fdstat_get(f, &st);
	e[k++] = st.fs_flags;
	e[k++] = __wasi_fd_seek(f, 0, __WASI_WHENCE_SET, &pos);
	e[k++] = put(f, "X");
	__wasi_fd_t g = 99;
	e[k++] = __wasi_path_open(3, 0, "g", __WASI_OFLAGS_CREAT, all, all, __WASI_FDFLAGS_NONBLOCK, &g);
	e[k++] = __wasi_fd_fdstat_get(g, &st);
	e[k++] = st.fs_flags;
	e[k++] = __wasi_fd_fdstat_set_flags(3, __WASI_FDFLAGS_NONBLOCK);
	e[k++] = __wasi_fd_fdstat_set_flags(3, 0);
	answer_errnos(e, k, "");
	return 0;
}
