// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o filecalls.wasm filecalls.c
// Reads one request line and answers with what file calls with edge
// arguments answer in /volume/tmp (fd 3, holding the file "f" and the
// link "lnk" to "target-name"): path_readlink into buffers of 0, 4 and 64
// bytes (errno, bytes used, what it wrote), of a file and of a name not
// there into 0 bytes; fd_fdstat_set_rights dropping every right and
// keeping them; path_open of the file with OFLAGS_DIRECTORY, of "." with
// OFLAGS_TRUNC, and of "." with OFLAGS_DIRECTORY (from attack pass 45a,
// calls.c).
#include "../request.h"

int main(void) {
	if (!read_request()) return 1;
	const __wasi_rights_t dirs = all & ~(__WASI_RIGHTS_FD_READ | __WASI_RIGHTS_FD_WRITE | __WASI_RIGHTS_FD_SEEK | __WASI_RIGHTS_FD_TELL);
	long long e[48];
	int k = 0;
	__wasi_fd_t f, x;
	__wasi_size_t n;
	e[k++] = __wasi_path_open(3, 0, "f", __WASI_OFLAGS_CREAT, all, all, 0, &f);
	e[k++] = __wasi_path_symlink("target-name", 3, "lnk");
	static char rl[80], r4[80];
	__wasi_size_t sizes[] = {0, 4, 64};
	for (int i = 0; i < 3; i++) {
		memset(rl, '.', sizeof rl - 1);
		n = 99;
		e[k++] = __wasi_path_readlink(3, "lnk", (uint8_t *)rl, sizes[i], &n);
		e[k++] = n;
		if (i == 1) memcpy(r4, rl, sizeof r4);
	}
	n = 99;
	e[k++] = __wasi_path_readlink(3, "f", (uint8_t *)rl, 0, &n);
	e[k++] = __wasi_path_readlink(3, "nope", (uint8_t *)rl, 0, &n);
	e[k++] = __wasi_fd_fdstat_set_rights(f, 0, 0);
	e[k++] = __wasi_fd_fdstat_set_rights(f, all, all);
	e[k++] = __wasi_path_open(3, 0, "f", __WASI_OFLAGS_DIRECTORY, all, all, 0, &x);
	e[k++] = __wasi_path_open(3, 0, "f", __WASI_OFLAGS_DIRECTORY, dirs, dirs, 0, &x);
	e[k++] = __wasi_path_open(3, 0, ".", __WASI_OFLAGS_TRUNC, all, all, 0, &x);
	e[k++] = __wasi_path_open(3, 0, ".", __WASI_OFLAGS_TRUNC, dirs, dirs, 0, &x);
	e[k++] = __wasi_path_open(3, 0, ".", __WASI_OFLAGS_DIRECTORY, dirs, dirs, 0, &x);
	answer_errnos(e, k, ",\"r4\":\"%.8s\",\"rl\":\"%.16s\"", r4, rl);
	return 0;
}
