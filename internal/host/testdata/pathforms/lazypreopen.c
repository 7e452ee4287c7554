// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o lazypreopen.wasm lazypreopen.c
// (attack pass 45i, row 1) Reads one request line holding "c":N and makes
// case N's path call its FIRST call on /volume/tmp (fd 3), which the test
// fills beforehand with f (a file), sub/deep, s -> sub/deep, a/b,
// la -> a/b and loop -> loop: 1 path_filestat_get(".."), 2 path_open
// of "../x", 3 of "nope/.." as a directory, 4 of "f/..", 5 of "loop/..",
// 6 of "s/../../f" (a file), 7 of "la/.." (directory a). Then stats
// "sub" through fd 3 (there only when fd 3 is still a directory), and
// fd 3 itself, which is to be the directory "." names through it (the
// same inode; -3 when not). Answers the three errnos.
#include "../request.h"

static int first(int c) {
	__wasi_fd_t fd;
	__wasi_filestat_t st;
	const char *p = 0;
	__wasi_oflags_t o = __WASI_OFLAGS_DIRECTORY;
	switch (c) {
	case 1:
		return __wasi_path_filestat_get(3, 0, "..", &st);
	case 2: p = "../x"; o = 0; break;
	case 3: p = "nope/.."; break;
	case 4: p = "f/.."; break;
	case 5: p = "loop/.."; break;
	case 6: p = "s/../../f"; o = 0; break;
	case 7: p = "la/.."; break;
	default:
		return -1;
	}
	int e = __wasi_path_open(3, 0, p, o, __WASI_RIGHTS_FD_READ | __WASI_RIGHTS_FD_READDIR, 0, 0, &fd);
	if (e == 0) (void)__wasi_fd_close(fd);
	return e;
}

int main(void) {
	if (!read_request()) return 1;
	const char *c = strstr(request, "\"c\":");
	int e1 = first(c ? c[4] - '0' : 0);
	__wasi_filestat_t st;
	int e2 = __wasi_path_filestat_get(3, 0, "sub", &st);
	if (e2 == 0 && st.filetype != __WASI_FILETYPE_DIRECTORY) e2 = -2;
	__wasi_filestat_t self, dot;
	int e3 = __wasi_fd_filestat_get(3, &self);
	if (e3 == 0) e3 = __wasi_path_filestat_get(3, 0, ".", &dot);
	if (e3 == 0 && (self.ino != dot.ino || self.dev != dot.dev)) e3 = -3;
	answer_result(1, "{\"e\":\"%d,%d,%d\"}", e1, e2, e3);
	return 0;
}
