// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o linkclimb.wasm linkclimb.c
// (attack pass 45g, climb.c) Reads one request line. In /volume/tmp (fd 3) makes
// sub/deep, f ("top") and s, a symbolic link to sub/deep; then reads
// "s/../../f" (POSIX: sub/deep/../../f, which is f; cleaned lexically:
// "../f", above the preopen), opens "s/../.." as a directory (the
// preopen's own directory) and stats "s/../../f". Answers errno:contents
// and the errnos.
#include "../request.h"

int main(void) {
	if (!read_request()) return 1;
	__wasi_fd_t fd;
	__wasi_size_t n = 0;
	(void)__wasi_path_create_directory(3, "sub");
	(void)__wasi_path_create_directory(3, "sub/deep");
	if (__wasi_path_open(3, 0, "f", __WASI_OFLAGS_CREAT, all, all, 0, &fd) == 0) {
		__wasi_ciovec_t c = {(const uint8_t *)"top", 3};
		(void)__wasi_fd_write(fd, &c, 1, &n);
		(void)__wasi_fd_close(fd);
	}
	(void)__wasi_path_symlink("sub/deep", 3, "s");
	char got[8] = {0};
	int ea = __wasi_path_open(3, 0, "s/../../f", 0, __WASI_RIGHTS_FD_READ, 0, 0, &fd);
	if (ea == 0) {
		__wasi_iovec_t v = {(uint8_t *)got, 3};
		(void)__wasi_fd_read(fd, &v, 1, &n);
		got[n] = 0;
		(void)__wasi_fd_close(fd);
	}
	int eb = __wasi_path_open(3, 0, "s/../..", __WASI_OFLAGS_DIRECTORY, __WASI_RIGHTS_FD_READDIR, 0, 0, &fd);
	if (eb == 0) (void)__wasi_fd_close(fd);
	__wasi_filestat_t st;
	int ec = __wasi_path_filestat_get(3, 0, "s/../../f", &st);
	answer_result(1, "{\"e\":\"%d:%s,%d,%d\"}", ea, got, eb, ec);
	return 0;
}
