// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o linkchain.wasm linkchain.c
// Reads one request line and answers with the
// errnos of path_open and path_filestat_get, both with SYMLINK_FOLLOW, of
// l1 .. l12 in /volume/tmp (fd 3), where f is a file and each l<i> is a
// symbolic link to l<i-1> (l1 to f): opening l<i> follows i links. Then
// the same through a directory path ("./l<i>"), which the host resolves
// itself.
#include "../request.h"

int main(void) {
	if (!read_request()) return 1;
	long long e[60];
	int k = 0;
	__wasi_fd_t x;
	__wasi_filestat_t st;
	char name[16], target[16];
	(void)__wasi_path_open(3, 0, "f", __WASI_OFLAGS_CREAT, all, all, 0, &x);
	for (int i = 1; i <= 12; i++) {
		snprintf(name, sizeof name, "l%d", i);
		if (i == 1) snprintf(target, sizeof target, "f");
		else snprintf(target, sizeof target, "l%d", i - 1);
		(void)__wasi_path_symlink(target, 3, name);
	}
	for (int i = 1; i <= 12; i++) {
		snprintf(name, sizeof name, "l%d", i);
		e[k++] = __wasi_path_open(3, __WASI_LOOKUPFLAGS_SYMLINK_FOLLOW, name, 0, all, all, 0, &x);
	}
	for (int i = 1; i <= 12; i++) {
		snprintf(name, sizeof name, "l%d", i);
		e[k++] = __wasi_path_filestat_get(3, __WASI_LOOKUPFLAGS_SYMLINK_FOLLOW, name, &st);
	}
	for (int i = 1; i <= 12; i++) {
		snprintf(name, sizeof name, "./l%d", i);
		e[k++] = __wasi_path_open(3, __WASI_LOOKUPFLAGS_SYMLINK_FOLLOW, name, 0, all, all, 0, &x);
	}
	answer_errnos(e, k, "");
	return 0;
}
