// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o pathforms.wasm pathforms.c
// (attack pass 45a; a test of path forms) Reads one request line and answers with the errnos of
// path call shapes in /volume/tmp (fd 3) whose answers
// Subako's runtime may not share.
#include "../request.h"

int main(void) {
	if (!read_request()) return 1;
	long long e[40];
	int k = 0;
	__wasi_fd_t a, b, c, d, x;
	(void)__wasi_path_open(3, 0, "a", __WASI_OFLAGS_CREAT, all, all, 0, &a);
	(void)__wasi_path_open(3, 0, "b", __WASI_OFLAGS_CREAT, all, all, 0, &b);
	(void)__wasi_path_open(3, 0, "c", __WASI_OFLAGS_CREAT, all, all, 0, &c);
	(void)__wasi_path_open(3, 0, "d", __WASI_OFLAGS_CREAT, all, all, 0, &d);
	/* paths */
	e[k++] = __wasi_path_open(3, 0, "", 0, all, all, 0, &x);
	e[k++] = __wasi_path_open(3, 0, "a/", 0, all, all, 0, &x);
	e[k++] = __wasi_path_open(3, 0, "a/.", 0, all, all, 0, &x);
	e[k++] = __wasi_path_open(3, 0, "//a", 0, all, all, 0, &x);
	e[k++] = __wasi_path_open(3, 0, "/volume/tmp/a", 0, all, all, 0, &x);
	e[k++] = __wasi_path_open(3, 0, "\xff", __WASI_OFLAGS_CREAT, all, all, 0, &x);
	e[k++] = __wasi_path_open(3, 0, "e\x01", __WASI_OFLAGS_CREAT, all, all, 0, &x);
	e[k++] = __wasi_path_symlink("l2", 3, "l1");
	e[k++] = __wasi_path_symlink("l1", 3, "l2");
	e[k++] = __wasi_path_open(3, __WASI_LOOKUPFLAGS_SYMLINK_FOLLOW, "l1", 0, all, all, 0, &x);
	e[k++] = __wasi_path_open(3, 0, "l1", 0, all, all, 0, &x);
	e[k++] = __wasi_path_create_directory(3, "a/");
	e[k++] = __wasi_path_create_directory(3, "z/");
	e[k++] = __wasi_path_remove_directory(3, "z/.");
	e[k++] = __wasi_path_unlink_file(3, "c/");
	e[k++] = __wasi_path_rename(3, "z", 3, "z/y");
	e[k++] = __wasi_path_rename(3, "b", 3, "b/");
	answer_errnos(e, k, "");
	return 0;
}
