// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o preopenitself.wasm preopenitself.c
// (attack pass 45a; a test of path forms) Reads one request line and answers with the errnos of
// calls that name the preopen's own directory through "." or "sub/..":
// renames of it, into it and out of it, a link, a symlink and a removal.
#include "../request.h"

int main(void) {
	if (!read_request()) return 1;
	long long e[32];
	int k = 0;
	e[k++] = __wasi_path_create_directory(3, "sub");
	e[k++] = __wasi_path_rename(3, ".", 3, "moved");
	e[k++] = __wasi_path_rename(3, "sub/..", 3, "sub/moved");
	e[k++] = __wasi_path_rename(3, "sub", 3, "sub/..");
	e[k++] = __wasi_path_rename(3, "sub", 3, ".");
	e[k++] = __wasi_path_symlink("x", 3, "sub/..");
	e[k++] = __wasi_path_link(3, 0, "sub", 3, "sub/..");
	e[k++] = __wasi_path_unlink_file(3, "sub/..");
	e[k++] = __wasi_path_remove_directory(3, "sub/..");
	e[k++] = __wasi_path_remove_directory(3, "sub/.");
	__wasi_fd_t x;
	e[k++] = __wasi_path_open(3, 0, "sub/..", __WASI_OFLAGS_CREAT | __WASI_OFLAGS_EXCL, all, all, 0, &x);
	answer_errnos(e, k, "");
	return 0;
}
