// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o appendpwrite.wasm appendpwrite.c
// (attack pass 45g, append.c) Reads one request line; in /volume/tmp (fd 3) opens
// "a" with fdflags APPEND and "b" without, then sets APPEND on "b" with
// fd_fdstat_set_flags; on each writes "xx", positioned-writes "Y" at 0,
// and answers the errnos, fd_tell and the file's contents.
#include "../request.h"

static int one(const char *name, int viaflags, char *res, size_t cap) {
	__wasi_fd_t fd;
	__wasi_size_t n = 0, n2 = 0;
	int eo = __wasi_path_open(3, 0, name, __WASI_OFLAGS_CREAT, all, all, viaflags ? 0 : __WASI_FDFLAGS_APPEND, &fd);
	if (eo) return snprintf(res, cap, "open%d", eo);
	int ef = viaflags ? __wasi_fd_fdstat_set_flags(fd, __WASI_FDFLAGS_APPEND) : 0;
	__wasi_ciovec_t c = {(const uint8_t *)"xx", 2};
	int ew = __wasi_fd_write(fd, &c, 1, &n);
	__wasi_ciovec_t y = {(const uint8_t *)"Y", 1};
	int ep = __wasi_fd_pwrite(fd, &y, 1, 0, &n2);
	__wasi_filesize_t pos = 0;
	int et = __wasi_fd_tell(fd, &pos);
	(void)__wasi_fd_close(fd);
	char got[32];
	(void)read_path(3, 0, name, all, got, sizeof got);
	return snprintf(res, cap, "%d,%d,%u,%d,%u,%d,%llu,%s", ef, ew, (unsigned)n, ep, (unsigned)n2, et, (unsigned long long)pos, got);
}

int main(void) {
	if (!read_request()) return 1;
	char a[128], b[128];
	one("a", 0, a, sizeof a);
	one("b", 1, b, sizeof b);
	answer_result(1, "{\"e\":\"%s|%s\"}", a, b);
	return 0;
}
