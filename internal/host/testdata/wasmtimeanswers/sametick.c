// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o sametick.wasm sametick.c
// Pinned by TestSeededChangeOneTickAsWasmtime (attack pass 50c, row 7).
// The times of one change. d made; 50 ms of the module's
// own time; d/f made (path_open CREAT), d/s made (mkdir), d/l made
// (symlink): each compared with d's mtim right after it. Answers
// {"e":"..."}: errnos, then 1/0 for f.mtim == d.mtim, f.ctim == d.mtim,
// s.mtim == d.mtim, l.mtim == d.mtim, and the ns d.mtim - f.mtim.
#include "../request.h"

static void spin(long long ns) {
	__wasi_timestamp_t t0, t;
	(void)__wasi_clock_time_get(__WASI_CLOCKID_MONOTONIC, 1, &t0);
	do (void)__wasi_clock_time_get(__WASI_CLOCKID_MONOTONIC, 1, &t); while ((long long)(t - t0) < ns);
}

int main(void) {
	if (!read_request()) return 1;
	long long e[24];
	int k = 0;
	__wasi_fd_t f;
	__wasi_filestat_t a, d1, s, d2, l, d3;
	e[k++] = __wasi_path_create_directory(3, "d");
	spin(50000000);
	e[k++] = __wasi_path_open(3, 0, "d/f", __WASI_OFLAGS_CREAT, all, all, 0, &f);
	e[k++] = __wasi_fd_filestat_get(f, &a);
	e[k++] = __wasi_path_filestat_get(3, 0, "d", &d1);
	spin(20000000);
	e[k++] = __wasi_path_create_directory(3, "d/s");
	e[k++] = __wasi_path_filestat_get(3, 0, "d/s", &s);
	e[k++] = __wasi_path_filestat_get(3, 0, "d", &d2);
	spin(20000000);
	e[k++] = __wasi_path_symlink("f", 3, "d/l");
	e[k++] = __wasi_path_filestat_get(3, 0, "d/l", &l);
	e[k++] = __wasi_path_filestat_get(3, 0, "d", &d3);
	e[k++] = a.mtim == d1.mtim;
	e[k++] = a.ctim == d1.mtim;
	e[k++] = s.mtim == d2.mtim;
	e[k++] = l.mtim == d3.mtim;
	answer_errnos(e, k, "%s\"dt\":%lld", ",", (long long)(d1.mtim - a.mtim));
	return 0;
}
