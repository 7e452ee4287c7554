// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o nlinkrenamed.wasm nlinkrenamed.c
// Reads one request line and answers a directory's link count through a
// rename, in fd 3 (/volume/tmp): d made with d/s1, opened, renamed to e,
// e/s2 made; nlink by the descriptor and by path_filestat_get(3, "e");
// then a new d with d/t1, d/t2, d/t3, and nlink by the old descriptor
// again, and fd 3's. Answers {"e":"..."}: errnos and link counts.
#include "../request.h"

int main(void) {
	if (!read_request()) return 1;
	long long e[24];
	int k = 0;
	__wasi_fd_t d;
	__wasi_filestat_t st;
	e[k++] = __wasi_path_create_directory(3, "d");
	e[k++] = __wasi_path_create_directory(3, "d/s1");
	e[k++] = __wasi_path_open(3, 0, "d", __WASI_OFLAGS_DIRECTORY, __WASI_RIGHTS_FD_FILESTAT_GET | __WASI_RIGHTS_FD_READDIR, 0, 0, &d);
	e[k++] = __wasi_fd_filestat_get(d, &st);
	e[k++] = (long long)st.nlink;
	e[k++] = __wasi_path_rename(3, "d", 3, "e");
	e[k++] = __wasi_path_create_directory(3, "e/s2");
	e[k++] = __wasi_fd_filestat_get(d, &st);
	e[k++] = (long long)st.nlink;
	e[k++] = __wasi_path_filestat_get(3, 0, "e", &st);
	e[k++] = (long long)st.nlink;
	e[k++] = __wasi_path_create_directory(3, "d");
	e[k++] = __wasi_path_create_directory(3, "d/t1");
	e[k++] = __wasi_path_create_directory(3, "d/t2");
	e[k++] = __wasi_path_create_directory(3, "d/t3");
	e[k++] = __wasi_fd_filestat_get(d, &st);
	e[k++] = (long long)st.nlink;
	e[k++] = __wasi_fd_filestat_get(3, &st);
	e[k++] = (long long)st.nlink;
	e[k++] = __wasi_path_filestat_get(3, 0, "d", &st);
	e[k++] = (long long)st.nlink;
	answer_errnos(e, k, "");
	return 0;
}
