// clang --target=wasm32-wasi -O2 -o filetype.wasm filetype.c
// (attack pass 43f) Reads one request line and answers id 1 with the
// WASI file type fd_fdstat_get gives for its stdin, stdout and stderr
// (0 unknown, as a pipe is on wasmtime; 2 character device, a terminal).
#include "../request.h"

static int ft(int fd) {
	__wasi_fdstat_t st;
	if (__wasi_fd_fdstat_get(fd, &st) != 0) return 9;
	return st.fs_filetype;
}

int main(void) {
	if (!read_request()) return 1;
	int t[3];
	for (int fd = 0; fd < 3; fd++) t[fd] = ft(fd);
	answer_result(1, "{\"filetypes\":\"%d%d%d\"}", t[0], t[1], t[2]);
	return 0;
}
