// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o openrmdir.wasm openrmdir.c
// As wasmtime (attack pass 50c, row 5): a directory held open across its rmdir: d made and
// opened, fstat, rmdir d, fstat; then a new d with three subdirectories,
// fstat of the old descriptor. Answers {"e":"..."}: errnos, then nlink,
// size before; nlink, size, ino-unchanged after the rmdir; nlink, size
// after the new d.
#include "../request.h"

int main(void) {
	if (!read_request()) return 1;
	long long e[32];
	int k = 0;
	__wasi_fd_t d;
	__wasi_filestat_t a, b, c;
	e[k++] = __wasi_path_create_directory(3, "d");
	e[k++] = __wasi_path_open(3, 0, "d", __WASI_OFLAGS_DIRECTORY, __WASI_RIGHTS_FD_FILESTAT_GET | __WASI_RIGHTS_FD_READDIR, 0, 0, &d);
	e[k++] = __wasi_fd_filestat_get(d, &a);
	e[k++] = (long long)a.nlink;
	e[k++] = (long long)a.size;
	e[k++] = __wasi_path_remove_directory(3, "d");
	e[k++] = __wasi_fd_filestat_get(d, &b);
	e[k++] = (long long)b.nlink;
	e[k++] = (long long)b.size;
	e[k++] = a.ino == b.ino;
	e[k++] = __wasi_path_create_directory(3, "d");
	e[k++] = __wasi_path_create_directory(3, "d/t1");
	e[k++] = __wasi_path_create_directory(3, "d/t2");
	e[k++] = __wasi_path_create_directory(3, "d/t3");
	e[k++] = __wasi_fd_filestat_get(d, &c);
	e[k++] = (long long)c.nlink;
	e[k++] = (long long)c.size;
	answer_errnos(e, k, "");
	return 0;
}
