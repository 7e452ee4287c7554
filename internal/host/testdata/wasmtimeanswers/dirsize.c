// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o dirsize.wasm dirsize.c
// Reads one request line and answers with a new directory d's size (of
// /volume/tmp, fd 3) by fd_filestat_get as files with 200-byte names are
// made in it: new, after 19, after 20, after 64 (ext4 gives 4096, 4096,
// 12288: the first block holds 19 such entries beside "." and "..", the
// 20th makes it an index of three blocks; then a leaf splits where the
// hash puts it); then 1 when 64 are between 16384 and 32768, 1 when d is
// as large after they are all removed (ext4 never gives a block back),
// and 1 when it is still that large after the 64 are made again (attack
// pass 50a, row 4).
#include "../request.h"

static __wasi_fd_t d;

static int make(int from, int to) {
	char name[201];
	__wasi_fd_t f;
	for (int i = from; i < to; i++) {
		memset(name, 'a' + i % 26, 200);
		name[0] = 'A' + i / 26;
		name[200] = 0;
		if (__wasi_path_open(d, 0, name, __WASI_OFLAGS_CREAT, all, all, 0, &f) != 0) return 1;
		(void)__wasi_fd_close(f);
	}
	return 0;
}

static long long size(void) {
	__wasi_filestat_t st;
	if (__wasi_fd_filestat_get(d, &st) != 0) return -1;
	return (long long)st.size;
}

int main(void) {
	if (!read_request()) return 1;
	long long e[16];
	int k = 0;
	e[k++] = __wasi_path_create_directory(3, "d");
	e[k++] = __wasi_path_open(3, 0, "d", __WASI_OFLAGS_DIRECTORY, __WASI_RIGHTS_FD_FILESTAT_GET | __WASI_RIGHTS_PATH_CREATE_FILE | __WASI_RIGHTS_PATH_OPEN | __WASI_RIGHTS_PATH_UNLINK_FILE, all, 0, &d);
	e[k++] = size();
	e[k++] = make(0, 19);
	e[k++] = size();
	e[k++] = make(19, 20);
	e[k++] = size();
	e[k++] = make(20, 64);
	long long full = size();
	e[k++] = full >= 16384 && full <= 32768;
	char name[201];
	for (int i = 0; i < 64; i++) {
		memset(name, 'a' + i % 26, 200);
		name[0] = 'A' + i / 26;
		name[200] = 0;
		if (__wasi_path_unlink_file(d, name) != 0) e[k - 1] = -1;
	}
	e[k++] = size() == full;
	e[k++] = make(0, 64);
	e[k++] = size() == full;
	answer_errnos(e, k, "");
	return 0;
}
