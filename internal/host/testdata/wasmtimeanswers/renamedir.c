// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o renamedir.wasm renamedir.c
// Reads one request line and answers with what path_rename answers in
// /volume/tmp (fd 3) onto an existing directory: a directory "a" (holding
// "a/k") onto an empty directory "b" (POSIX and Subako's runtime: 0, "b/k"
// then there), a directory "c" onto a non-empty one "e" (ENOTEMPTY), a
// file "f" onto a directory "g" (EISDIR), and the last stat of "b/k"
// (attack pass 46a, row 1).
#include "../request.h"

int main(void) {
	if (!read_request()) return 1;
	long long e[32];
	int k = 0;
	__wasi_fd_t f, x;
	__wasi_filestat_t st;
	e[k++] = __wasi_path_create_directory(3, "a");
	e[k++] = __wasi_path_open(3, 0, "a/k", __WASI_OFLAGS_CREAT, all, all, 0, &x);
	e[k++] = __wasi_path_create_directory(3, "b");
	e[k++] = __wasi_path_create_directory(3, "c");
	e[k++] = __wasi_path_create_directory(3, "e");
	e[k++] = __wasi_path_open(3, 0, "e/y", __WASI_OFLAGS_CREAT, all, all, 0, &x);
	e[k++] = __wasi_path_open(3, 0, "f", __WASI_OFLAGS_CREAT, all, all, 0, &f);
	e[k++] = __wasi_path_create_directory(3, "g");
	e[k++] = __wasi_path_rename(3, "a", 3, "b");
	e[k++] = __wasi_path_rename(3, "c", 3, "e");
	e[k++] = __wasi_path_rename(3, "f", 3, "g");
	e[k++] = __wasi_path_filestat_get(3, 0, "b/k", &st);
	answer_errnos(e, k, "");
	return 0;
}
