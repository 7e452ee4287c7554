// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o battery.wasm battery.c
// Reads one request line and answers with what path and descriptor calls
// answer in /volume/tmp (fd 3) on a file "f", an empty directory "d", a
// directory "n" holding "n/x", a link "l" to "f" and a link "ld" to "d"
// (attack pass 46a).
#include "../request.h"

int main(void) {
	if (!read_request()) return 1;
	const __wasi_rights_t dirs = all & ~(__WASI_RIGHTS_FD_READ | __WASI_RIGHTS_FD_WRITE | __WASI_RIGHTS_FD_SEEK | __WASI_RIGHTS_FD_TELL);
	const __wasi_fstflags_t both = __WASI_FSTFLAGS_ATIM | __WASI_FSTFLAGS_MTIM;
	long long e[80];
	int k = 0;
	__wasi_fd_t f, x, dd = 77;
	__wasi_filestat_t st;
	__wasi_size_t n;
	__wasi_dirent_t de;
	char rb[64];
	e[k++] = __wasi_path_open(3, 0, "f", __WASI_OFLAGS_CREAT, all, all, 0, &f);
	e[k++] = __wasi_path_create_directory(3, "d");
	e[k++] = __wasi_path_create_directory(3, "n");
	e[k++] = __wasi_path_open(3, 0, "n/x", __WASI_OFLAGS_CREAT, all, all, 0, &x);
	e[k++] = __wasi_path_symlink("f", 3, "l");
	e[k++] = __wasi_path_symlink("d", 3, "ld");
	/* 6 */ e[k++] = __wasi_path_rename(3, "f", 3, "d");
	e[k++] = __wasi_path_rename(3, "d", 3, "n");
	e[k++] = __wasi_path_rename(3, "d", 3, "f");
	e[k++] = __wasi_path_unlink_file(3, "d");
	e[k++] = __wasi_path_remove_directory(3, "f");
	/* 11 */ e[k++] = __wasi_path_remove_directory(3, "n");
	e[k++] = __wasi_path_link(3, 0, "d", 3, "d2");
	e[k++] = __wasi_path_symlink("x", 3, "f");
	e[k++] = __wasi_path_create_directory(3, "f");
	e[k++] = __wasi_path_open(3, 0, "f", __WASI_OFLAGS_CREAT | __WASI_OFLAGS_EXCL, all, all, 0, &x);
	/* 16 */ e[k++] = __wasi_path_open(3, 0, "f/", 0, all, all, 0, &x);
	e[k++] = __wasi_path_open(3, 0, "g/", __WASI_OFLAGS_CREAT, all, all, 0, &x);
	e[k++] = __wasi_path_filestat_get(3, 0, "l/", &st);
	e[k++] = __wasi_path_filestat_get(3, __WASI_LOOKUPFLAGS_SYMLINK_FOLLOW, "l/", &st);
	e[k++] = __wasi_path_link(3, 0, "l", 3, "l2");
	/* 21 */ e[k++] = __wasi_path_readlink(3, "l2", (uint8_t *)rb, sizeof rb, &n);
	e[k++] = __wasi_fd_filestat_set_times(3, 1000000000, 1000000000, both);
	e[k++] = __wasi_path_open(3, 0, "d", __WASI_OFLAGS_DIRECTORY, dirs, all, 0, &dd);
	e[k++] = __wasi_fd_filestat_set_times(dd, 1000000000, 1000000000, both);
	e[k++] = __wasi_fd_filestat_set_size(dd, 10);
	/* 26 */ e[k++] = __wasi_fd_readdir(f, (uint8_t *)&de, sizeof de, 0, &n);
	e[k++] = __wasi_path_rename(3, "l", 3, "ld");
	e[k++] = __wasi_path_rename(3, "ld", 3, "l3");
	e[k++] = __wasi_path_unlink_file(3, "ld/");
	e[k++] = __wasi_path_unlink_file(3, "l3/");
	/* 31 */ e[k++] = __wasi_path_remove_directory(3, "l3");
	e[k++] = __wasi_path_open(3, 0, "l3", __WASI_OFLAGS_TRUNC, all, all, 0, &x);
	e[k++] = __wasi_path_rename(3, "n/x", 3, "n/x/");
	e[k++] = __wasi_path_rename(3, "n", 3, "d/");
	e[k++] = __wasi_path_rename(3, "d", 3, "n/");
	/* 36 */ e[k++] = __wasi_path_create_directory(3, "e/");
	e[k++] = __wasi_path_symlink("f", 3, "m/");
	e[k++] = __wasi_path_link(3, 0, "f", 3, "h/");
	e[k++] = __wasi_path_open(3, 0, "z/", __WASI_OFLAGS_CREAT | __WASI_OFLAGS_DIRECTORY, all, all, 0, &x);
	e[k++] = __wasi_fd_filestat_set_size(f, 1ull << 62);
	/* 41 */ e[k++] = __wasi_fd_pwrite(f, (const __wasi_ciovec_t[]){{(const uint8_t *)"a", 1}}, 1, 1ull << 62, &n);
	e[k++] = __wasi_fd_pread(dd, (const __wasi_iovec_t[]){{(uint8_t *)rb, 1}}, 1, 0, &n);
	e[k++] = __wasi_fd_advise(dd, 0, 0, 0);
	e[k++] = __wasi_fd_datasync(dd);
	e[k++] = __wasi_fd_sync(3);
	answer_errnos(e, k, "");
	return 0;
}
