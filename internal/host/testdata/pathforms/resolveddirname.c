// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o resolveddirname.wasm resolveddirname.c
// Reads one request line. In /volume/tmp (fd 3) makes sub/deep and s, a
// symbolic link to sub/deep; opens "s/.." (sub, by POSIX) and
// "s/../../sub" (sub; cleaned lexically "../sub", above the preopen) as
// directories and creates "x" and "y" relative to each. Answers the
// errnos; the test looks for sub/x and sub/y.
#include "../request.h"

static int make(const char *dir, const char *name, int *eo) {
	__wasi_fd_t d, f;
	*eo = __wasi_path_open(3, 0, dir, __WASI_OFLAGS_DIRECTORY, __WASI_RIGHTS_FD_READDIR | __WASI_RIGHTS_PATH_OPEN | __WASI_RIGHTS_PATH_CREATE_FILE, all, 0, &d);
	if (*eo) return -1;
	int e = __wasi_path_open(d, 0, name, __WASI_OFLAGS_CREAT, all, all, 0, &f);
	if (e == 0) (void)__wasi_fd_close(f);
	(void)__wasi_fd_close(d);
	return e;
}

int main(void) {
	if (!read_request()) return 1;
	(void)__wasi_path_create_directory(3, "sub");
	(void)__wasi_path_create_directory(3, "sub/deep");
	(void)__wasi_path_symlink("sub/deep", 3, "s");
	int ea, eb;
	int ex = make("s/..", "x", &ea);
	int ey = make("s/../../sub", "y", &eb);
	answer_result(1, "{\"e\":\"%d,%d,%d,%d\"}", ea, ex, eb, ey);
	return 0;
}
