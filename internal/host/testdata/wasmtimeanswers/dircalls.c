// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o dircalls.wasm dircalls.c
// Reads one request line and answers with what file calls answer in
// /volume/tmp (fd 3) on a descriptor not opened for writing, on a
// directory (the preopen, one opened by path_open, the preopen's own
// directory opened as "."; the preopen and a directory renumbered onto
// other numbers) and for an O_CREAT open of a path with a trailing slash
// (attack pass 46a, rows 5 and 6).
#include "../request.h"

int main(void) {
	if (!read_request()) return 1;
	const __wasi_rights_t ro = all & ~(__WASI_RIGHTS_FD_WRITE);
	const __wasi_rights_t dirs = all & ~(__WASI_RIGHTS_FD_READ | __WASI_RIGHTS_FD_WRITE | __WASI_RIGHTS_FD_SEEK | __WASI_RIGHTS_FD_TELL);
	const __wasi_fstflags_t both = __WASI_FSTFLAGS_ATIM | __WASI_FSTFLAGS_MTIM;
	long long e[80]; int k = 0;
	__wasi_fd_t f, r, dd = 77, x;
	__wasi_size_t n;
	__wasi_filestat_t st;
	e[k++] = __wasi_path_open(3, 0, "f", __WASI_OFLAGS_CREAT, all, all, 0, &f);
	e[k++] = __wasi_fd_write(f, (const __wasi_ciovec_t[]){{(const uint8_t *)"abcd", 4}}, 1, &n);
	e[k++] = __wasi_path_create_directory(3, "d");
	/* 3 */ e[k++] = __wasi_path_open(3, 0, "f", 0, ro, ro, 0, &r);
	e[k++] = __wasi_fd_write(r, (const __wasi_ciovec_t[]){{(const uint8_t *)"zz", 2}}, 1, &n);
	e[k++] = __wasi_fd_pwrite(r, (const __wasi_ciovec_t[]){{(const uint8_t *)"zz", 2}}, 1, 0, &n);
	e[k++] = __wasi_fd_filestat_set_size(r, 100);
	e[k++] = __wasi_fd_filestat_set_size(r, 1);
	/* 8 */ e[k++] = __wasi_fd_filestat_get(f, &st); e[k++] = (int)st.size;
	e[k++] = __wasi_path_open(3, 0, "d", __WASI_OFLAGS_DIRECTORY, dirs, all, 0, &dd);
	/* 11 */ e[k++] = __wasi_fd_sync(dd);
	e[k++] = __wasi_fd_datasync(dd);
	e[k++] = __wasi_fd_advise(dd, 0, 0, 0);
	e[k++] = __wasi_fd_filestat_set_size(dd, 0);
	e[k++] = __wasi_fd_filestat_set_times(dd, 1000000000, 1000000000, both);
	/* 16 */ e[k++] = __wasi_fd_sync(3);
	e[k++] = __wasi_fd_datasync(3);
	e[k++] = __wasi_fd_advise(3, 0, 0, 0);
	e[k++] = __wasi_fd_filestat_set_size(3, 0);
	e[k++] = __wasi_fd_filestat_set_times(3, 1000000000, 1000000000, both);
	/* 21 */ e[k++] = __wasi_fd_sync(r);
	e[k++] = __wasi_fd_datasync(r);
	e[k++] = __wasi_fd_advise(r, 0, 0, 0);
	e[k++] = __wasi_fd_filestat_set_times(r, 1000000000, 1000000000, both);
	/* 25 */ e[k++] = __wasi_path_create_directory(3, "g/");
	e[k++] = __wasi_path_open(3, 0, "h/", __WASI_OFLAGS_CREAT, all, all, 0, &x);
	e[k++] = __wasi_path_open(3, 0, "d/", __WASI_OFLAGS_CREAT, all, all, 0, &x);
	e[k++] = __wasi_path_open(3, 0, "f/", __WASI_OFLAGS_CREAT, all, all, 0, &x);
	e[k++] = __wasi_path_open(3, 0, "i/", __WASI_OFLAGS_CREAT, ro, ro, 0, &x);
	e[k++] = __wasi_path_open(3, 0, "j/", __WASI_OFLAGS_CREAT|__WASI_OFLAGS_EXCL, all, all, 0, &x);
	e[k++] = __wasi_path_open(3, 0, "nx/k/", __WASI_OFLAGS_CREAT, all, all, 0, &x);
	/* 32 */ e[k++] = __wasi_path_open(3, 0, "f/k", __WASI_OFLAGS_CREAT, all, all, 0, &x);
	e[k++] = __wasi_path_filestat_set_times(3, __WASI_LOOKUPFLAGS_SYMLINK_FOLLOW, ".", 1000000000, 1000000000, both);
	e[k++] = __wasi_path_open(3, 0, ".", __WASI_OFLAGS_DIRECTORY, dirs, all, 0, &x);
	e[k++] = __wasi_fd_filestat_set_times(x, 1000000000, 1000000000, both);
	/* 36 */ e[k++] = __wasi_fd_sync(x);
	e[k++] = __wasi_fd_write(dd, (const __wasi_ciovec_t[]){{(const uint8_t *)"zz", 2}}, 1, &n);
	e[k++] = __wasi_fd_pwrite(dd, (const __wasi_ciovec_t[]){{(const uint8_t *)"zz", 2}}, 1, 0, &n);
	e[k++] = __wasi_fd_write(3, (const __wasi_ciovec_t[]){{(const uint8_t *)"zz", 2}}, 1, &n);
	/* 40 */ e[k++] = __wasi_fd_renumber(3, f);
	e[k++] = __wasi_fd_filestat_set_times(f, 1000000000, 1000000000, both);
	e[k++] = __wasi_fd_sync(f);
	e[k++] = __wasi_fd_renumber(dd, r);
	e[k++] = __wasi_fd_filestat_set_times(r, 1000000000, 1000000000, both);
	/* 45 */ e[k++] = __wasi_fd_sync(r);
	e[k++] = __wasi_path_open(f, 0, "f", 0, ro, ro, 0, &x);
	answer_errnos(e, k, "");
	return 0;
}
