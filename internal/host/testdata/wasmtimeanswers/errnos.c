// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o errnos.wasm errnos.c
// Reads one request line and answers with the
// errnos of calls Subako's runtime answers otherwise than the host:
// proc_raise(SIGINT) and proc_raise(0), then, in /volume/tmp (fd 3) with
// a file f and a directory dd, path_create_directory("f/x"), the rename
// of dd onto "f/x", path_create_directory("f/x/y"), and for comparison
// path_open("f/x") and path_filestat_get("f/x"), which both answer
// ENOTDIR; then path_symlink with an empty target, path_filestat_get of
// "f/" (a file with a trailing slash), fd_pwrite and fd_pread of f at
// offset 2^64-1, and last path_remove_directory("d2/"), d2 an empty
// directory.
#include "../request.h"

int32_t raw_proc_raise(int32_t) __attribute__((__import_module__("wasi_snapshot_preview1"), __import_name__("proc_raise")));

int main(void) {
	if (!read_request()) return 1;
	long long e[20];
	__wasi_size_t n;
	char b[4];
	int k = 0;
	__wasi_fd_t x;
	__wasi_filestat_t st;
	(void)__wasi_path_open(3, 0, "f", __WASI_OFLAGS_CREAT, all, all, 0, &x);
	(void)__wasi_path_create_directory(3, "dd");
	e[k++] = raw_proc_raise(2);
	e[k++] = raw_proc_raise(0);
	e[k++] = __wasi_path_create_directory(3, "f/x");
	e[k++] = __wasi_path_rename(3, "dd", 3, "f/x");
	e[k++] = __wasi_path_create_directory(3, "f/x/y");
	e[k++] = __wasi_path_open(3, 0, "f/x", 0, all, all, 0, &x);
	e[k++] = __wasi_path_filestat_get(3, 0, "f/x", &st);
	e[k++] = __wasi_path_symlink("", 3, "empty");
	e[k++] = __wasi_path_filestat_get(3, 0, "f/", &st);
	__wasi_ciovec_t c = {(const uint8_t *)"a", 1};
	e[k++] = __wasi_fd_pwrite(x, &c, 1, 0xffffffffffffffffULL, &n);
	__wasi_iovec_t iv = {(uint8_t *)b, 4};
	e[k++] = __wasi_fd_pread(x, &iv, 1, 0xffffffffffffffffULL, &n);
	(void)__wasi_path_create_directory(3, "d2");
	e[k++] = __wasi_path_remove_directory(3, "d2/");
	answer_errnos(e, k, "");
	return 0;
}
