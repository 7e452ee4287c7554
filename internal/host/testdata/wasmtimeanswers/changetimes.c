// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o changetimes.wasm changetimes.c
// Reads one request line and answers what a change moves of the times in
// fd 3 (/volume/tmp, or /package holding "asset"): "asset" opened (made
// in the volume), its times and fd 3's read, 100 ms waited (poll_oneoff),
// a byte written; directory d made, 100 ms waited, d/x made, renamed to
// d/y, removed, asset's size set, each after 100 ms. Answers {"e":"..."}:
// the errnos, then bits, each 1 on wasmtime: the write moved asset's mtim,
// left its ctim (the birth time) and its atim, put mtim past ctim, at or
// before the wall clock's now and within 10 s of it; making d moved fd
// 3's mtim, to within 10 s of now; d/x's birth is past d's mtim before
// it; d/x made, renamed and removed each moved d's mtim; setting asset's
// size moved its mtim.
#include "../request.h"

static void wait100ms(void) {
	__wasi_subscription_t sub = {0};
	__wasi_event_t ev;
	__wasi_size_t n;
	sub.u.tag = __WASI_EVENTTYPE_CLOCK;
	sub.u.u.clock.id = __WASI_CLOCKID_MONOTONIC;
	sub.u.u.clock.timeout = 100000000;
	(void)__wasi_poll_oneoff(&sub, &ev, 1, &n);
}

static __wasi_timestamp_t now(void) {
	__wasi_timestamp_t t = 0;
	(void)__wasi_clock_time_get(__WASI_CLOCKID_REALTIME, 1, &t);
	return t;
}

int main(void) {
	if (!read_request()) return 1;
	long long e[48];
	int k = 0;
	__wasi_fd_t f, x;
	__wasi_filestat_t a0, a1, a2, p0, p1, d0, d1, d2, d3, d4, xs;
	__wasi_ciovec_t iov = {(const uint8_t *)"x", 1};
	__wasi_size_t wrote;
	e[k++] = __wasi_path_open(3, 0, "asset", __WASI_OFLAGS_CREAT, all, all, 0, &f);
	e[k++] = __wasi_fd_filestat_get(f, &a0);
	e[k++] = __wasi_fd_filestat_get(3, &p0);
	wait100ms();
	e[k++] = __wasi_fd_write(f, &iov, 1, &wrote);
	e[k++] = __wasi_fd_filestat_get(f, &a1);
	__wasi_timestamp_t t = now();
	e[k++] = a1.mtim != a0.mtim;
	e[k++] = a1.ctim == a0.ctim;
	e[k++] = a1.atim == a0.atim;
	e[k++] = a1.mtim > a1.ctim;
	e[k++] = a1.mtim <= t && t - a1.mtim < 10000000000ull;
	e[k++] = __wasi_path_create_directory(3, "d");
	e[k++] = __wasi_fd_filestat_get(3, &p1);
	t = now();
	e[k++] = p1.mtim != p0.mtim;
	e[k++] = p1.mtim <= t && t - p1.mtim < 10000000000ull;
	e[k++] = __wasi_path_filestat_get(3, 0, "d", &d0);
	wait100ms();
	e[k++] = __wasi_path_open(3, 0, "d/x", __WASI_OFLAGS_CREAT, all, all, 0, &x);
	e[k++] = __wasi_fd_filestat_get(x, &xs);
	e[k++] = __wasi_path_filestat_get(3, 0, "d", &d1);
	e[k++] = xs.ctim > d0.mtim;
	e[k++] = d1.mtim != d0.mtim;
	wait100ms();
	e[k++] = __wasi_path_rename(3, "d/x", 3, "d/y");
	e[k++] = __wasi_path_filestat_get(3, 0, "d", &d2);
	e[k++] = d2.mtim != d1.mtim;
	wait100ms();
	e[k++] = __wasi_path_unlink_file(3, "d/y");
	e[k++] = __wasi_path_filestat_get(3, 0, "d", &d3);
	e[k++] = d3.mtim != d2.mtim;
	wait100ms();
	e[k++] = __wasi_fd_filestat_set_size(f, 0);
	e[k++] = __wasi_fd_filestat_get(f, &a2);
	e[k++] = a2.mtim != a1.mtim;
	e[k++] = __wasi_path_filestat_get(3, 0, "d", &d4);
	e[k++] = d4.mtim == d3.mtim;
	answer_errnos(e, k, "");
	return 0;
}
