// clang --target=wasm32-wasi -O2 -o closedpoll.wasm closedpoll.c
// (fix pass 43f, row 1) Reads one request line, closes stdin (fd_close(0)),
// then polls fd 0 for reading beside a clock of an hour: the fd 0
// subscription's event answers EBADF at once, the clock's does not fire.
// Answers id 1 with the events' count, the first's type and its errno.
#include "../request.h"

int main(void) {
	if (!read_request()) return 1;
	(void)__wasi_fd_close(0);
	__wasi_subscription_t s[2];
	memset(s, 0, sizeof s);
	s[0].u.tag = __WASI_EVENTTYPE_FD_READ;
	s[0].u.u.fd_read.file_descriptor = 0;
	s[1].u.tag = __WASI_EVENTTYPE_CLOCK;
	s[1].u.u.clock.id = __WASI_CLOCKID_MONOTONIC;
	s[1].u.u.clock.timeout = 3600ull * 1000000000ull;
	__wasi_event_t e[2];
	__wasi_size_t ne = 0;
	__wasi_errno_t r = __wasi_poll_oneoff(s, e, 2, &ne);
	answer_result(1, "{\"poll\":\"%d%d%d%d%d\"}", r % 10, (int)(ne % 10), ne ? e[0].type : 9, ne ? e[0].error / 10 : 0, ne ? e[0].error % 10 : 0);
	return 0;
}
