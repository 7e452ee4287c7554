// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o dirlinks.wasm dirlinks.c
// (attack pass 45a; a test of path forms) Reads one request line and answers with the errnos of
// symbolic-link calls in /volume/tmp (fd 3): links whose targets climb
// with ".." (staying inside or not), and calls through a link to a
// directory (s -> sub) with and without SYMLINK_FOLLOW, and with a
// trailing slash.
#include "../request.h"

int main(void) {
	if (!read_request()) return 1;
	long long e[40];
	int k = 0;
	__wasi_fd_t x;
	__wasi_filestat_t st;
	(void)__wasi_path_create_directory(3, "sub");
	(void)__wasi_path_open(3, 0, "sub/f", __WASI_OFLAGS_CREAT, all, all, 0, &x);
	e[k++] = __wasi_path_symlink("sub", 3, "s");
	e[k++] = __wasi_path_symlink("../f", 3, "sub/up");        /* inside */
	e[k++] = __wasi_path_symlink("sub/../sub/f", 3, "in2");   /* inside */
	e[k++] = __wasi_path_symlink("../outside", 3, "out1");    /* outside */
	e[k++] = __wasi_path_symlink("x/../../y", 3, "out2");     /* outside, lexically */
	e[k++] = __wasi_path_symlink("./f", 3, "dot");
	e[k++] = __wasi_path_open(3, 0, "s/f", 0, all, all, 0, &x);
	e[k++] = __wasi_path_open(3, 0, "s", __WASI_OFLAGS_DIRECTORY, 0, 0, 0, &x);
	e[k++] = __wasi_path_open(3, __WASI_LOOKUPFLAGS_SYMLINK_FOLLOW, "s", __WASI_OFLAGS_DIRECTORY, 0, 0, 0, &x);
	e[k++] = __wasi_path_filestat_get(3, 0, "s", &st);
	e[k++] = st.filetype;
	e[k++] = __wasi_path_filestat_get(3, 0, "s/", &st);
	e[k++] = st.filetype;
	e[k++] = __wasi_path_filestat_get(3, __WASI_LOOKUPFLAGS_SYMLINK_FOLLOW, "s", &st);
	e[k++] = st.filetype;
	e[k++] = __wasi_path_unlink_file(3, "s/");
	e[k++] = __wasi_path_remove_directory(3, "s");
	e[k++] = __wasi_path_remove_directory(3, "s/");
	e[k++] = __wasi_path_create_directory(3, "s/new");
	e[k++] = __wasi_path_link(3, __WASI_LOOKUPFLAGS_SYMLINK_FOLLOW, "s", 3, "hs");
	e[k++] = __wasi_path_rename(3, "s/", 3, "s2");
	e[k++] = __wasi_path_unlink_file(3, "s");
	answer_errnos(e, k, "");
	return 0;
}
