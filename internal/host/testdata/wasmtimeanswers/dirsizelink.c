// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o dirsizelink.wasm dirsizelink.c
// Pinned by TestSeededDirSizeThroughLinkAsWasmtime (attack pass 50c, row 4).
// A directory's size when its entries are made through a
// symbolic link to it: d, l -> d, 20 files of 200-byte names made as
// "l/...", then removed as "d/..." and made again as "d/...". Answers
// {"e":"..."}: errnos, d's size after the 20 made through l, bad opens,
// d's size after all removed and made again through d.
#include "../request.h"

static char name[256];

static const char *nameOf(const char *dir, int i) {
	int l = snprintf(name, sizeof name, "%s/n%02d", dir, i);
	memset(name + l, 'x', 202 - l);
	name[202] = 0;
	return name;
}

int main(void) {
	if (!read_request()) return 1;
	long long e[16];
	int k = 0, bad = 0;
	__wasi_fd_t f;
	__wasi_filestat_t st;
	e[k++] = __wasi_path_create_directory(3, "d");
	e[k++] = __wasi_path_symlink("d", 3, "l");
	for (int i = 0; i < 20; i++)
		if (__wasi_path_open(3, 0, nameOf("l", i), __WASI_OFLAGS_CREAT, all, all, 0, &f) == 0) (void)__wasi_fd_close(f); else bad++;
	e[k++] = bad;
	e[k++] = __wasi_path_filestat_get(3, 0, "d", &st);
	e[k++] = (long long)st.size;
	bad = 0;
	for (int i = 0; i < 20; i++) if (__wasi_path_unlink_file(3, nameOf("d", i)) != 0) bad++;
	for (int i = 0; i < 40; i++)
		if (__wasi_path_open(3, 0, nameOf("d", i), __WASI_OFLAGS_CREAT, all, all, 0, &f) == 0) (void)__wasi_fd_close(f); else bad++;
	e[k++] = bad;
	e[k++] = __wasi_path_filestat_get(3, 0, "d", &st);
	e[k++] = (long long)st.size;
	answer_errnos(e, k, "");
	return 0;
}
