// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o fsdiff.wasm fsdiff.c
// (attack pass 44a) Reads one request line and answers with the errnos of
// file calls in /volume/tmp (fd 3) whose answers Subako's runtime may not
// share: path_open with fdflags SYNC, DSYNC, RSYNC, NONBLOCK, APPEND;
// O_TRUNC read-only; O_CREAT|O_DIRECTORY; O_EXCL alone; a directory opened
// with fd_write rights; fd_write / fd_filestat_set_size on a file opened
// with read rights only; path_open("..") and ("/etc"); path_symlink with an
// absolute target; path_link; fd_readdir's entry count in an empty dir.
#include "../request.h"

int main(void) {
	if (!read_request()) return 1;
	const __wasi_rights_t rd = __WASI_RIGHTS_FD_READ | __WASI_RIGHTS_FD_FILESTAT_GET;
	long long e[20];
	int k = 0;
	__wasi_fd_t fd;
	__wasi_size_t n;
	e[k++] = __wasi_path_open(3, 0, "f", __WASI_OFLAGS_CREAT, all, all, 0, &fd);
	e[k++] = __wasi_path_open(3, 0, "f", 0, all, all, __WASI_FDFLAGS_SYNC, &fd);
	e[k++] = __wasi_path_open(3, 0, "f", 0, all, all, __WASI_FDFLAGS_DSYNC, &fd);
	e[k++] = __wasi_path_open(3, 0, "f", 0, all, all, __WASI_FDFLAGS_RSYNC, &fd);
	e[k++] = __wasi_path_open(3, 0, "f", 0, all, all, __WASI_FDFLAGS_NONBLOCK, &fd);
	e[k++] = __wasi_path_open(3, 0, "f", 0, all, all, __WASI_FDFLAGS_APPEND, &fd);
	e[k++] = __wasi_path_open(3, 0, "f", __WASI_OFLAGS_TRUNC, rd, rd, 0, &fd);
	e[k++] = __wasi_path_open(3, 0, "d", __WASI_OFLAGS_CREAT | __WASI_OFLAGS_DIRECTORY, all, all, 0, &fd);
	e[k++] = __wasi_path_open(3, 0, "f", __WASI_OFLAGS_EXCL, all, all, 0, &fd);
	e[k++] = __wasi_path_open(3, 0, ".", 0, all, all, 0, &fd);
	__wasi_fd_t ro;
	e[k++] = __wasi_path_open(3, 0, "f", 0, rd, rd, 0, &ro);
	__wasi_ciovec_t c = {(const uint8_t *)"x", 1};
	e[k++] = __wasi_fd_write(ro, &c, 1, &n);
	e[k++] = __wasi_fd_filestat_set_size(ro, 5);
	e[k++] = __wasi_path_open(3, 0, "..", 0, rd, rd, 0, &fd);
	e[k++] = __wasi_path_open(3, 0, "/etc", 0, rd, rd, 0, &fd);
	e[k++] = __wasi_path_symlink("/etc/passwd", 3, "l");
	e[k++] = __wasi_path_link(3, 0, "f", 3, "h");
	e[k++] = __wasi_path_create_directory(3, "e");
	__wasi_fd_t dd;
	(void)__wasi_path_open(3, 0, "e", __WASI_OFLAGS_DIRECTORY, all, all, 0, &dd);
	static uint8_t dbuf[512];
	__wasi_size_t used = 0;
	e[k++] = __wasi_fd_readdir(dd, dbuf, sizeof dbuf, 0, &used);
	e[k++] = (int)used;
	answer_errnos(e, k, "");
	return 0;
}
