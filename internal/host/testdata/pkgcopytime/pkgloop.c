// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o pkgloop.wasm pkgloop.c
// (attack pass 45h) Reads one request line, then makes a directory in the
// first preopen (fd 3; /package when only it is mounted) LOOPS times (0:
// for ever), and answers with the first errno and how many of the calls
// failed. Each mkdir is a change: while the host's copy of /package fails
// (a file of the package it cannot read), every one makes the host measure
// and copy the package again.
#include "../request.h"

#ifndef LOOPS
#define LOOPS 0
#endif

int main(void) {
	if (!read_request()) return 1;
	int first = -1, failed = 0;
	for (long i = 0; LOOPS == 0 || i < LOOPS; i++) {
		int e = __wasi_path_create_directory(3, "d");
		if (first < 0) first = e;
		if (e != 0) failed++;
		else (void)__wasi_path_remove_directory(3, "d");
	}
	answer_result(1, "{\"e\":\"%d,%d\"}", first, failed);
	return 0;
}
