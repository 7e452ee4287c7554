// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o prestatnotpreopen.wasm prestatnotpreopen.c
// Reads one request line and answers with fd_prestat_get's and
// fd_prestat_dir_name's errnos for descriptors that are no preopen
// (attack pass 49c, row 3), in /volume/tmp (fd 3): fd_prestat_get of fd 0,
// of a file "f" the module created and of "." opened as a directory;
// fd_prestat_dir_name into 256 bytes of fd 0, the file, the directory and
// fd 99 (not open); then into 2 bytes past the end of memory of the file
// and of fd 3 (shorter than the preopen's name).
#include "../request.h"

int main(void) {
	if (!read_request()) return 1;
	static uint8_t buf[256];
	__wasi_prestat_t pre;
	__wasi_fd_t f = 0, d = 0;
	long long e[11];
	e[0] = __wasi_path_open(3, 0, "f", __WASI_OFLAGS_CREAT, all, all, 0, &f);
	e[1] = __wasi_path_open(3, 0, ".", __WASI_OFLAGS_DIRECTORY, all & ~__WASI_RIGHTS_FD_WRITE, all, 0, &d);
	e[2] = __wasi_fd_prestat_get(0, &pre);
	e[3] = __wasi_fd_prestat_get(f, &pre);
	e[4] = __wasi_fd_prestat_get(d, &pre);
	e[5] = __wasi_fd_prestat_dir_name(0, buf, sizeof buf);
	e[6] = __wasi_fd_prestat_dir_name(f, buf, sizeof buf);
	e[7] = __wasi_fd_prestat_dir_name(d, buf, sizeof buf);
	e[8] = __wasi_fd_prestat_dir_name(99, buf, sizeof buf);
	e[9] = __wasi_fd_prestat_dir_name(f, (uint8_t *)0xfffffff0u, 2);
	e[10] = __wasi_fd_prestat_dir_name(3, (uint8_t *)0xfffffff0u, 2);
	answer_errnos(e, 11, "");
	return 0;
}
