// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o renameddir.wasm renameddir.c
// Reads one request line (attack pass 45g, row 9). In /volume/tmp (fd 3) makes
// the directories sub and other, opens sub (a descriptor of its own),
// renames sub to sub2 and makes a symbolic link sub -> other; then
// creates x relative to the descriptor, and answers the errnos and where
// x is now: in sub2 (the directory the descriptor is, as POSIX and
// wasmtime) or in other (the name the descriptor was opened by).
#include "../request.h"

int main(void) {
	if (!read_request()) return 1;
	__wasi_fd_t d = 0, x = 0;
	int e1 = __wasi_path_create_directory(3, "sub");
	int e2 = __wasi_path_create_directory(3, "other");
	int e3 = __wasi_path_open(3, 0, "sub", __WASI_OFLAGS_DIRECTORY, all & ~(__wasi_rights_t)__WASI_RIGHTS_FD_WRITE, all, 0, &d);
	int e4 = __wasi_path_rename(3, "sub", 3, "sub2");
	int e5 = __wasi_path_symlink("other", 3, "sub");
	int e6 = __wasi_path_open(d, 0, "x", __WASI_OFLAGS_CREAT, all, all, 0, &x);
	__wasi_filestat_t st;
	int in2 = __wasi_path_filestat_get(3, 0, "sub2/x", &st);
	int ino = __wasi_path_filestat_get(3, 0, "other/x", &st);
	answer_result(1, "{\"e\":\"%d,%d,%d,%d,%d,%d,sub2/x:%d,other/x:%d\"}", e1, e2, e3, e4, e5, e6, in2, ino);
	return 0;
}
