// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o scan.wasm scan.c
// (attack pass 44d, row 8) Reads one request line, then opens /volume/tmp
// as many times as the request's id says and reads it whole on each, in
// order, with fd_readdir of a 4 KiB buffer at the cookie after the last
// whole entry, keeping every descriptor open (as a module that walks a
// directory in small buffers, descriptor after descriptor, does); answers
// {"n":<entries seen in all>,"e":<the first errno not 0, or 0>}.
#include "../request.h"
#include <fcntl.h>
#include <stdlib.h>

static uint8_t buf[4096];

int main(void) {
	if (!read_request()) return 1;
	char *id = strstr(request, "\"id\":");
	int descriptors = id ? atoi(id + 5) : 1;
	long seen = 0;
	int err = 0;
	for (int d = 0; d < descriptors && err == 0; d++) {
		int fd = open("/volume/tmp", O_RDONLY | O_DIRECTORY);
		if (fd < 0) {
			err = -1;
			break;
		}
		__wasi_dircookie_t cookie = 0;
		for (;;) {
			__wasi_size_t used = 0;
			__wasi_errno_t e = __wasi_fd_readdir(fd, buf, sizeof buf, cookie, &used);
			if (e != 0) {
				err = e;
				break;
			}
			size_t at = 0;
			int whole = 0;
			while (at + sizeof(__wasi_dirent_t) <= used) {
				__wasi_dirent_t de;
				memcpy(&de, buf + at, sizeof de);
				if (at + sizeof de + de.d_namlen > used) break;
				at += sizeof de + de.d_namlen;
				cookie = de.d_next;
				whole++;
			}
			seen += whole;
			if (used < sizeof buf) break;
			if (whole == 0) {
				err = -2;
				break;
			}
		}
	}
	answer_result(descriptors, "{\"n\":%ld,\"e\":%d}", seen, err);
	return 0;
}
