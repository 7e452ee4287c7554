// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o pkgreadatime.wasm pkgreadatime.c
// Reads one request line; fd 3 (/package) holds a shipped file a, read
// (fd_read of 8 bytes) between two stats. Answers {"e":"..."}: the
// errnos, whether a's atim was a day or more before the wall clock, and
// whether the read moved it (ext4 mounted relatime moves an atime a day
// old at any read; a younger one past mtime and ctime stays).
#include "../request.h"

int main(void) {
	if (!read_request()) return 1;
	long long e[8];
	int k = 0;
	__wasi_fd_t f;
	__wasi_filestat_t s0, s1;
	__wasi_timestamp_t t = 0;
	uint8_t b[8];
	__wasi_size_t n;
	__wasi_iovec_t v = {b, sizeof b};
	(void)__wasi_clock_time_get(__WASI_CLOCKID_REALTIME, 1, &t);
	e[k++] = __wasi_path_filestat_get(3, 0, "a", &s0);
	e[k++] = __wasi_path_open(3, 0, "a", 0, __WASI_RIGHTS_FD_READ, 0, 0, &f);
	e[k++] = __wasi_fd_read(f, &v, 1, &n);
	e[k++] = __wasi_path_filestat_get(3, 0, "a", &s1);
	e[k++] = t / 1000000000ull - s0.atim / 1000000000ull >= 24ull * 3600;
	e[k++] = s1.atim != s0.atim;
	answer_errnos(e, k, "");
	return 0;
}
