// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o dirseek.wasm dirseek.c
// Reads one request line and answers with what fd_seek and fd_tell answer
// on the preopen /volume/tmp (fd 3) and on a directory the module opened
// there, and whether they wrote their result (from attack pass 45a,
// dirs.c).
#include "../request.h"

int main(void) {
	if (!read_request()) return 1;
	const __wasi_rights_t dirs = all & ~(__WASI_RIGHTS_FD_READ | __WASI_RIGHTS_FD_WRITE);
	long long e[32];
	int k = 0;
	__wasi_fd_t d = 99;
	e[k++] = __wasi_path_create_directory(3, "sub");
	e[k++] = __wasi_path_open(3, 0, "sub", __WASI_OFLAGS_DIRECTORY, dirs, dirs, 0, &d);
	__wasi_fd_t fds[] = {3, d};
	for (int i = 0; i < 2; i++) {
		__wasi_filesize_t pos = 99;
		e[k++] = __wasi_fd_seek(fds[i], 0, __WASI_WHENCE_CUR, &pos);
		e[k++] = __wasi_fd_seek(fds[i], 0, __WASI_WHENCE_END, &pos);
		e[k++] = __wasi_fd_tell(fds[i], &pos);
		e[k++] = pos;
	}
	answer_errnos(e, k, "");
	return 0;
}
