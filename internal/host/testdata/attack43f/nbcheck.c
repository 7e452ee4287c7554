// clang --target=wasm32-wasi -O2 -o nbcheck.wasm nbcheck.c
// (attack pass 43f) Makes stdin non-blocking (fd_fdstat_set_flags), reads
// its request line (polling stdin while a read answers EAGAIN), then, as a
// server checking for a cancellation while it works, reads stdin once more
// without waiting (EAGAIN on a real pipe: nothing more was sent), and
// answers id 1 with both errnos.
#include "../request.h"

int main(void) {
	__wasi_errno_t set = __wasi_fd_fdstat_set_flags(0, __WASI_FDFLAGS_NONBLOCK);
	size_t have = 0;
	for (;;) {
		__wasi_subscription_t s;
		memset(&s, 0, sizeof s);
		s.u.tag = __WASI_EVENTTYPE_FD_READ;
		s.u.u.fd_read.file_descriptor = 0;
		__wasi_event_t ev;
		__wasi_size_t ne;
		(void)__wasi_poll_oneoff(&s, &ev, 1, &ne);
		__wasi_iovec_t v = {(uint8_t *)request + have, sizeof request - have};
		__wasi_size_t n = 0;
		__wasi_errno_t e = __wasi_fd_read(0, &v, 1, &n);
		if (e == __WASI_ERRNO_AGAIN) continue;
		if (e != 0 || n == 0) return 1;
		have += n;
		if (memchr(request, '\n', have)) break;
	}
	__wasi_iovec_t v = {(uint8_t *)request, sizeof request};
	__wasi_size_t n = 0;
	__wasi_errno_t again = __wasi_fd_read(0, &v, 1, &n);
	answer_result(1, "{\"errnos\":\"%d%d %d%d\"}", set / 10, set % 10, again / 10, again % 10);
	return 0;
}
