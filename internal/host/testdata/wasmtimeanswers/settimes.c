// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o settimes.wasm settimes.c
// Reads one request line and answers with what path_filestat_set_times
// without LOOKUPFLAGS_SYMLINK_FOLLOW answers in /volume/tmp (fd 3) for a
// directory "d", the preopen "." and a symbolic link "l" to the file "f",
// and whether it set the link's own time (as utimensat with
// AT_SYMLINK_NOFOLLOW does, and Subako's runtime) or the file's: "fm" is 1
// when f keeps the time set on it first, "lm" 1 when the link shows the
// time set on it (attack pass 46a, row 3).
#include "../request.h"

int main(void) {
	if (!read_request()) return 1;
	const __wasi_fstflags_t both = __WASI_FSTFLAGS_ATIM | __WASI_FSTFLAGS_MTIM;
	const __wasi_timestamp_t t0 = 1000000000ull * 1000000000ull, t1 = t0 + 1000000000ull, t2 = t0 + 2000000000ull;
	long long e[16];
	int k = 0;
	__wasi_fd_t f;
	__wasi_filestat_t st;
	e[k++] = __wasi_path_open(3, 0, "f", __WASI_OFLAGS_CREAT, all, all, 0, &f);
	e[k++] = __wasi_path_create_directory(3, "d");
	e[k++] = __wasi_path_symlink("f", 3, "l");
	e[k++] = __wasi_path_filestat_set_times(3, __WASI_LOOKUPFLAGS_SYMLINK_FOLLOW, "f", t0, t0, both);
	e[k++] = __wasi_path_filestat_set_times(3, 0, "d", t1, t1, both);
	e[k++] = __wasi_path_filestat_set_times(3, 0, ".", t1, t1, both);
	e[k++] = __wasi_path_filestat_set_times(3, 0, "l", t2, t2, both);
	int fm = -1, lm = -1;
	if (__wasi_path_filestat_get(3, 0, "f", &st) == 0) fm = st.mtim == t0;
	if (__wasi_path_filestat_get(3, 0, "l", &st) == 0) lm = st.mtim == t2;
	answer_errnos(e, k, ",\"fm\":%d,\"lm\":%d", fm, lm);
	return 0;
}
