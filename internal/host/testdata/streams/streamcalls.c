// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o streamcalls.wasm streamcalls.c
// Reads one request line and answers it with the errnos of calls on the
// standard streams beyond stdiotell.c's (TestStreamCallsAnswerAsWasmtime):
// the socket calls on stdout and on a descriptor never opened, path calls
// relative to a stream, a read of stdout and a write of stdin,
// fd_fdstat_set_rights, fd_allocate and fd_filestat_set_times on stdout,
// and fd_seek of stderr before and after closing it.
#include "../request.h"

int main(void) {
	if (!read_request()) return 1;
	char b[8];
	__wasi_size_t n;
	__wasi_fd_t nfd;
	__wasi_roflags_t ro;
	__wasi_filesize_t pos;
	__wasi_filestat_t fs;
	__wasi_iovec_t iv = {(uint8_t *)b, sizeof b};
	__wasi_ciovec_t cv = {(const uint8_t *)"x", 1};
	long long e[24];
	int k = 0;
	e[k++] = __wasi_sock_recv(1, &iv, 1, 0, &n, &ro);
	e[k++] = __wasi_sock_send(1, &cv, 1, 0, &n);
	e[k++] = __wasi_sock_accept(1, 0, &nfd);
	e[k++] = __wasi_sock_accept(99, 0, &nfd);
	e[k++] = __wasi_sock_shutdown(99, __WASI_SDFLAGS_WR);
	e[k++] = __wasi_path_create_directory(1, "x");
	e[k++] = __wasi_path_filestat_get(0, 0, "x", &fs);
	e[k++] = __wasi_path_unlink_file(2, "x");
	e[k++] = __wasi_path_readlink(1, "x", (uint8_t *)b, sizeof b, &n);
	e[k++] = __wasi_path_remove_directory(0, "x");
	e[k++] = __wasi_path_symlink("t", 1, "x");
	e[k++] = __wasi_fd_write(0, &cv, 1, &n);
	e[k++] = __wasi_fd_read(1, &iv, 1, &n);
	e[k++] = __wasi_fd_fdstat_set_rights(1, 0, 0);
	e[k++] = __wasi_fd_allocate(1, 0, 1);
	e[k++] = __wasi_fd_filestat_set_times(1, 0, 0, 0);
	e[k++] = __wasi_fd_seek(2, 0, __WASI_WHENCE_CUR, &pos);
	e[k++] = __wasi_fd_close(2);
	e[k++] = __wasi_fd_seek(2, 0, __WASI_WHENCE_CUR, &pos);
	e[k++] = __wasi_sock_shutdown(2, __WASI_SDFLAGS_WR);
	answer_errnos(e, k, "");
	return 0;
}
