// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o stdioseek.wasm stdioseek.c
// (attack pass 44a, row 6) Reads one request line and answers it with the
// errnos of fd_seek(fd, 0, CUR) and fd_tell(fd) on stdin, stdout, stderr:
// {"seek":[e0,e1,e2],"tell":[e0,e1,e2]}. On a pipe both are ESPIPE (70).
#include "../request.h"

int main(void) {
	if (!read_request()) return 1;
	int seek[3], tell[3];
	for (int fd = 0; fd < 3; fd++) {
		__wasi_filesize_t pos = 0;
		seek[fd] = __wasi_fd_seek(fd, 0, __WASI_WHENCE_CUR, &pos);
		tell[fd] = __wasi_fd_tell(fd, &pos);
	}
	answer_result(1,
		"{\"seek\":[%d,%d,%d],\"tell\":[%d,%d,%d]}",
		seek[0], seek[1], seek[2], tell[0], tell[1], tell[2]);
	return 0;
}
