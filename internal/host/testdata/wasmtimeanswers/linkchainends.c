// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o linkchainends.wasm linkchainends.c
// Reads one request line and answers with the errnos of calls whose paths
// pass through a chain of 12 symbolic links (more than the 8 Go's os.Root
// follows, fewer than the 40 Linux and cap-std do) in /volume/tmp (fd 3),
// where d is a directory, e1 -> d, e<i> -> e<i-1> up to e12, h ->
// e12/missing and h2 -> e12/missing/deeper (attack pass 48e, row 1):
// path_open with O_CREAT of "e12/new", with O_CREAT|O_EXCL of "e12/new2",
// the same again (now there), and of "e12/no/new" (no directory no);
// path_filestat_get and path_open, with SYMLINK_FOLLOW, of h and h2;
// path_filestat_set_times with SYMLINK_FOLLOW of h; path_open with
// O_CREAT|O_EXCL of h. "c" says what exists after: d/new, d/new2,
// d/missing (bits 1, 2 and 4). (path_open with O_CREAT alone of h is not
// asked: wasmtime creates d/missing through the dangling link, which the
// host refuses, ELOOP, for the write budget: attack pass 42m, row 1.)
#include "../request.h"

int main(void) {
	if (!read_request()) return 1;
	const __wasi_lookupflags_t follow = __WASI_LOOKUPFLAGS_SYMLINK_FOLLOW;
	const __wasi_oflags_t creat = __WASI_OFLAGS_CREAT;
	const __wasi_oflags_t excl = __WASI_OFLAGS_CREAT | __WASI_OFLAGS_EXCL;
	long long e[16];
	int k = 0;
	__wasi_fd_t x;
	__wasi_filestat_t st;
	char name[16], target[16];
	(void)__wasi_path_create_directory(3, "d");
	for (int i = 1; i <= 12; i++) {
		snprintf(name, sizeof name, "e%d", i);
		if (i == 1) snprintf(target, sizeof target, "d");
		else snprintf(target, sizeof target, "e%d", i - 1);
		(void)__wasi_path_symlink(target, 3, name);
	}
	(void)__wasi_path_symlink("e12/missing", 3, "h");
	(void)__wasi_path_symlink("e12/missing/deeper", 3, "h2");
	e[k++] = __wasi_path_open(3, follow, "e12/new", creat, all, all, 0, &x);
	e[k++] = __wasi_path_open(3, follow, "e12/new2", excl, all, all, 0, &x);
	e[k++] = __wasi_path_open(3, follow, "e12/new2", excl, all, all, 0, &x);
	e[k++] = __wasi_path_open(3, follow, "e12/no/new", creat, all, all, 0, &x);
	e[k++] = __wasi_path_filestat_get(3, follow, "h", &st);
	e[k++] = __wasi_path_open(3, follow, "h", 0, all, all, 0, &x);
	e[k++] = __wasi_path_filestat_get(3, follow, "h2", &st);
	e[k++] = __wasi_path_open(3, follow, "h2", 0, all, all, 0, &x);
	e[k++] = __wasi_path_filestat_set_times(3, follow, "h", 0, 0, __WASI_FSTFLAGS_ATIM_NOW | __WASI_FSTFLAGS_MTIM_NOW);
	e[k++] = __wasi_path_open(3, follow, "h", excl, all, all, 0, &x);
	int c = 0;
	if (__wasi_path_filestat_get(3, 0, "d/new", &st) == 0) c |= 1;
	if (__wasi_path_filestat_get(3, 0, "d/new2", &st) == 0) c |= 2;
	if (__wasi_path_filestat_get(3, 0, "d/missing", &st) == 0) c |= 4;
	answer_errnos(e, k, ",\"c\":%d", c);
	return 0;
}
