// clang --target=wasm32-wasi -O2 -o readv.wasm readv.c
// clang --target=wasm32-wasi -O2 -DNONBLOCK -o readvnb.wasm readv.c
// clang --target=wasm32-wasi -O2 -DPOLLCLOCK -o readvpc.wasm readv.c
// Reads stdin with two iovecs, as wasi-libc's buffered stdio does
// (__stdio_read: the caller's buffer, then the FILE's own): the first of
// 64 bytes, the second of 4,096. On a real pipe readv answers what is there
// at once. Every newline read is answered with a result for id 1. Exits
// at end of input. With -DNONBLOCK (fix 43a, row 1) it makes stdin
// non-blocking, polls it before each read and reads again on EAGAIN.
// With -DPOLLCLOCK (fix 43e, row 1) it polls stdin with a clock of a
// second before each read, as an idle server does, and polls again when
// the clock fires first.
#include <wasi/api.h>

static const char answer[] = "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n";
static char buf[64 + 4096];

int main(void) {
#ifdef NONBLOCK
	(void)__wasi_fd_fdstat_set_flags(0, __WASI_FDFLAGS_NONBLOCK);
#endif
	for (;;) {
#ifdef NONBLOCK
		__wasi_subscription_t s = {0};
		s.u.tag = __WASI_EVENTTYPE_FD_READ;
		s.u.u.fd_read.file_descriptor = 0;
		__wasi_event_t e;
		__wasi_size_t ne;
		(void)__wasi_poll_oneoff(&s, &e, 1, &ne);
#endif
#ifdef POLLCLOCK
		__wasi_subscription_t s[2] = {{0}, {0}};
		s[0].u.tag = __WASI_EVENTTYPE_FD_READ;
		s[0].u.u.fd_read.file_descriptor = 0;
		s[1].u.tag = __WASI_EVENTTYPE_CLOCK;
		s[1].u.u.clock.id = __WASI_CLOCKID_MONOTONIC;
		s[1].u.u.clock.timeout = 1000000000;
		__wasi_event_t e[2];
		__wasi_size_t ne = 0;
		(void)__wasi_poll_oneoff(s, e, 2, &ne);
		int readable = 0;
		for (__wasi_size_t i = 0; i < ne; i++) {
			if (e[i].type == __WASI_EVENTTYPE_FD_READ) readable = 1;
		}
		if (!readable) continue;
#endif
		__wasi_iovec_t iov[2] = {{(uint8_t *)buf, 64}, {(uint8_t *)buf + 64, 4096}};
		__wasi_size_t n = 0;
		__wasi_errno_t err = __wasi_fd_read(0, iov, 2, &n);
#ifdef NONBLOCK
		if (err == __WASI_ERRNO_AGAIN) continue;
#endif
		if (err != 0 || n == 0) return 0;
		for (__wasi_size_t i = 0; i < n; i++) {
			if (buf[i] == '\n') {
				__wasi_ciovec_t out = {(const uint8_t *)answer, sizeof answer - 1};
				__wasi_size_t w;
				(void)__wasi_fd_write(1, &out, 1, &w);
			}
		}
	}
}
