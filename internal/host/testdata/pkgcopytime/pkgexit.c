// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o pkgexit.wasm pkgexit.c
// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -DBEFORE_EOF -o pkgexitearly.wasm pkgexit.c
// (attack pass 45h) Reads one request line and answers it, reads stdin to
// its end, then creates "done" in the first preopen (fd 3; /package when
// only it is mounted) -- the run's first change there, made inside the
// exit grace -- and exits. With -DBEFORE_EOF (pkgexitearly.wasm) it creates
// "done" right after answering, before reading stdin to its end.
#include "../request.h"

int main(void) {
	if (!read_request()) return 1;
	answer_result(1, "{}");
	__wasi_size_t n = 0;
	__wasi_fd_t f = 99;
#ifdef BEFORE_EOF
	(void)__wasi_path_open(3, 0, "done", __WASI_OFLAGS_CREAT, all, all, 0, &f);
#endif
	for (;;) {
		__wasi_iovec_t v = {(uint8_t *)request, sizeof request};
		if (__wasi_fd_read(0, &v, 1, &n) != 0 || n == 0) break;
	}
#ifndef BEFORE_EOF
	(void)__wasi_path_open(3, 0, "done", __WASI_OFLAGS_CREAT, all, all, 0, &f);
#endif
	return 0;
}
