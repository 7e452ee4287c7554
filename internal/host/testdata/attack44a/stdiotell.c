// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o stdiotell.wasm stdiotell.c
// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -DNOTIMES -o stdiotell-notimes.wasm stdiotell.c
// (attack pass 44a, row 6) Reads one request line and answers it with the
// errnos of calls on the standard streams whose answers a module can read:
// for fds 0, 1, 2 in turn, fd_pread, fd_pwrite, fd_advise, fd_sync,
// fd_datasync, fd_filestat_set_size, fd_filestat_set_times, fd_readdir,
// path_open relative to the fd, then fd_fdstat_get's rights (base,
// inheriting) in hex.
#include "../request.h"

static char out[2048];

int main(void) {
	if (!read_request()) return 1;
	int len = 0;
	for (int fd = 0; fd < 3; fd++) {
		char b[8];
		__wasi_size_t n = 0;
		__wasi_iovec_t iv = {(uint8_t *)b, sizeof b};
		__wasi_ciovec_t cv = {(const uint8_t *)"", 0};
		__wasi_fd_t nfd;
		__wasi_fdstat_t st;
		memset(&st, 0, sizeof st);
		int e[10];
		e[0] = __wasi_fd_pread(fd, &iv, 1, 0, &n);
		e[1] = __wasi_fd_pwrite(fd, &cv, 1, 0, &n);
		e[2] = __wasi_fd_advise(fd, 0, 0, __WASI_ADVICE_NORMAL);
		e[3] = __wasi_fd_sync(fd);
		e[4] = __wasi_fd_datasync(fd);
		e[5] = __wasi_fd_filestat_set_size(fd, 0);
#ifdef NOTIMES
		e[6] = -1;
#else
		e[6] = __wasi_fd_filestat_set_times(fd, 0, 0, 0);
#endif
		e[7] = __wasi_fd_readdir(fd, (uint8_t *)b, sizeof b, 0, &n);
		e[8] = __wasi_path_open(fd, 0, "x", 0, 0, 0, 0, &nfd);
		e[9] = __wasi_fd_fdstat_get(fd, &st);
		len += snprintf(out + len, sizeof out - len, "fd%d:%d,%d,%d,%d,%d,%d,%d,%d,%d,%d rights %llx %llx; ", fd,
			e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7], e[8], e[9],
			(unsigned long long)st.fs_rights_base, (unsigned long long)st.fs_rights_inheriting);
	}
	answer_result(1, "{\"e\":\"%s\"}", out);
	return 0;
}
