// clang --target=wasm32-wasi -O2 -o closedpoll.wasm closedpoll.c
// (fix pass 43f, row 1) Reads one request line, closes stdin (fd_close(0)),
// then polls fd 0 for reading beside a clock of an hour: the fd 0
// subscription's event answers EBADF at once, the clock's does not fire.
// Answers id 1 with the events' count, the first's type and its errno.
#include <wasi/api.h>
#include <string.h>

static char buf[4096];

int main(void) {
	size_t have = 0;
	for (;;) {
		__wasi_iovec_t v = {(uint8_t *)buf + have, sizeof buf - have};
		__wasi_size_t n = 0;
		if (__wasi_fd_read(0, &v, 1, &n) != 0 || n == 0) return 1;
		have += n;
		if (memchr(buf, '\n', have)) break;
	}
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
	char out[128] = "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"poll\":\"";
	size_t l = strlen(out);
	out[l++] = '0' + r % 10;
	out[l++] = '0' + ne % 10;
	out[l++] = '0' + (ne ? e[0].type : 9);
	out[l++] = '0' + (ne ? e[0].error / 10 : 0);
	out[l++] = '0' + (ne ? e[0].error % 10 : 0);
	memcpy(out + l, "\"}}\n", 5);
	__wasi_ciovec_t o = {(const uint8_t *)out, strlen(out)};
	__wasi_size_t w;
	(void)__wasi_fd_write(1, &o, 1, &w);
	return 0;
}
