// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o readatime.wasm readatime.c
// Reads one request line and answers which reads move atim (ext4 mounted
// relatime, Linux's default: a read moves atime to now when it is not
// past mtime or ctime, or is a day old). In fd 3 (/volume/tmp) files
// f, g, h, e and u are made and written "hello", directories d and p
// made and opened; 100 ms of the module's time; then f read (fd_pread of
// 8 bytes), g read into one empty iovec (fd_pread), u read into one empty
// iovec (fd_read), e read at its end (fd_pread at 5), h read (fd_read),
// d listed, p listed at a cookie past its end, fd 3 listed. Answers
// {"e":"..."}: the errnos, then for each whether its atim moved, and
// whether f's moved past the wait and to at most now; then, 100 ms on,
// f read and d listed again (relatime: atim is past mtim now, so neither
// moves); f written and 100 ms on, f read once more (it moves: mtim is
// past atim); g's times set (atim 50 ms after its birth, mtim an hour
// before), 100 ms on, g read: it moves (the set moved Linux's ctime,
// which wasmtime does not show, past atim).
#include "../request.h"

static uint8_t buf[4096];

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

static __wasi_timestamp_t atim(__wasi_fd_t fd) {
	__wasi_filestat_t s = {0};
	(void)__wasi_fd_filestat_get(fd, &s);
	return s.atim;
}

int main(void) {
	if (!read_request()) return 1;
	long long e[64];
	int k = 0;
	static const char *files[5] = {"f", "g", "u", "e", "h"};
	static const char *dirs[2] = {"d", "p"};
	__wasi_fd_t fd[8];
	__wasi_timestamp_t a0[8], a1[8];
	__wasi_size_t n;
	__wasi_ciovec_t cv = {(const uint8_t *)"hello", 5};
	for (int i = 0; i < 5; i++) {
		e[k++] = __wasi_path_open(3, 0, files[i], __WASI_OFLAGS_CREAT, all, all, 0, &fd[i]);
		e[k++] = __wasi_fd_write(fd[i], &cv, 1, &n);
	}
	for (int i = 0; i < 2; i++) {
		e[k++] = __wasi_path_create_directory(3, dirs[i]);
		e[k++] = __wasi_path_open(3, 0, dirs[i], __WASI_OFLAGS_DIRECTORY, __WASI_RIGHTS_FD_READDIR | __WASI_RIGHTS_FD_FILESTAT_GET, 0, 0, &fd[5 + i]);
	}
	fd[7] = 3;
	for (int i = 0; i < 8; i++) a0[i] = atim(fd[i]);
	wait100ms();
	__wasi_iovec_t v = {buf, 8}, none = {buf, 0};
	e[k++] = __wasi_fd_pread(fd[0], &v, 1, 0, &n);
	e[k++] = __wasi_fd_pread(fd[1], &none, 1, 0, &n);
	e[k++] = __wasi_fd_read(fd[2], &none, 1, &n);
	e[k++] = __wasi_fd_pread(fd[3], &v, 1, 5, &n);
	e[k++] = __wasi_fd_read(fd[4], &v, 1, &n);
	e[k++] = __wasi_fd_readdir(fd[5], buf, sizeof buf, 0, &n);
	e[k++] = __wasi_fd_readdir(fd[6], buf, sizeof buf, 1000, &n);
	e[k++] = __wasi_fd_readdir(3, buf, sizeof buf, 0, &n);
	__wasi_timestamp_t after = now();
	for (int i = 0; i < 8; i++) {
		a1[i] = atim(fd[i]);
		e[k++] = a1[i] != a0[i];
	}
	e[k++] = a1[0] > a0[0] + 90000000ull && a1[0] <= after;
	wait100ms();
	e[k++] = __wasi_fd_pread(fd[0], &v, 1, 0, &n);
	e[k++] = __wasi_fd_readdir(fd[5], buf, sizeof buf, 0, &n);
	e[k++] = atim(fd[0]) != a1[0];
	e[k++] = atim(fd[5]) != a1[5];
	e[k++] = __wasi_fd_pwrite(fd[0], &cv, 1, 5, &n);
	wait100ms();
	__wasi_timestamp_t a2 = atim(fd[0]);
	e[k++] = __wasi_fd_pread(fd[0], &v, 1, 0, &n);
	e[k++] = atim(fd[0]) != a2;
	__wasi_filestat_t gs;
	e[k++] = __wasi_fd_filestat_get(fd[1], &gs);
	e[k++] = __wasi_fd_filestat_set_times(fd[1], gs.ctim + 50000000ull, gs.ctim - 3600000000000ull, __WASI_FSTFLAGS_ATIM | __WASI_FSTFLAGS_MTIM);
	wait100ms();
	e[k++] = __wasi_fd_pread(fd[1], &v, 1, 0, &n);
	e[k++] = atim(fd[1]) != gs.ctim + 50000000ull;
	answer_errnos(e, k, "");
	return 0;
}
