// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o ownlinks.wasm ownlinks.c
// Hard links the module makes itself (path_link) on fd 3, which holds a
// and b, one file made before the run ("hi\n"): each name opened for
// writing (O_TRUNC too), times set, as names are linked, renamed,
// unlinked and renamed over; and a linked again, to c, opened for writing.
// Answers {"e":"..."}: errnos, what a name reads after a write through
// another ('X', 88), and link counts, in the order below.
// Attack pass 51d, row 1.
#include "../request.h"

static long long e[80];
static int k;

// wr opens name for writing (with of) and writes "X" at its start: the
// open's errno and the write's (-1 when not opened).
static void wr(const char *name, __wasi_oflags_t of) {
	__wasi_fd_t f = 0;
	__wasi_errno_t r = __wasi_path_open(3, 0, name, of, all, all, 0, &f);
	e[k++] = r;
	if (r == 0) {
		__wasi_ciovec_t v = {(const uint8_t *)"X", 1};
		__wasi_size_t n = 0;
		e[k++] = __wasi_fd_write(f, &v, 1, &n);
		(void)__wasi_fd_close(f);
	} else {
		e[k++] = -1;
	}
}

// rd is name's first byte, or -1.
static long long rd(const char *name) {
	__wasi_fd_t f = 0;
	uint8_t b[4] = {0};
	if (__wasi_path_open(3, 0, name, 0, __WASI_RIGHTS_FD_READ, 0, 0, &f) != 0) return -1;
	__wasi_iovec_t v = {b, 3};
	__wasi_size_t n = 0;
	(void)__wasi_fd_read(f, &v, 1, &n);
	(void)__wasi_fd_close(f);
	return b[0];
}

// nlink is name's link count, or -1.
static long long nlink(const char *name) {
	__wasi_filestat_t s;
	if (__wasi_path_filestat_get(3, 0, name, &s) != 0) return -1;
	return (long long)s.nlink;
}

static void create(const char *name) {
	__wasi_fd_t f;
	e[k++] = __wasi_path_open(3, 0, name, __WASI_OFLAGS_CREAT, all, all, 0, &f);
	if (e[k - 1] == 0) (void)__wasi_fd_close(f);
}

static const __wasi_fstflags_t both = __WASI_FSTFLAGS_ATIM | __WASI_FSTFLAGS_MTIM;

int main(void) {
	if (!read_request()) return 1;
	// f made, g linked to it: one file of two names, both the module's.
	create("f");
	e[k++] = __wasi_path_link(3, 0, "f", 3, "g");
	wr("f", 0);
	e[k++] = rd("g");
	wr("g", __WASI_OFLAGS_TRUNC);
	e[k++] = nlink("g");
	e[k++] = __wasi_path_filestat_set_times(3, __WASI_LOOKUPFLAGS_SYMLINK_FOLLOW, "f", 1, 1, both);
	e[k++] = __wasi_path_filestat_set_times(3, 0, "g", 1, 1, both);
	// a third name, h, renamed to i.
	e[k++] = __wasi_path_link(3, 0, "g", 3, "h");
	e[k++] = nlink("g");
	wr("h", 0);
	e[k++] = __wasi_path_rename(3, "h", 3, "i");
	wr("i", 0);
	// f unlinked: g and i.
	e[k++] = __wasi_path_unlink_file(3, "f");
	e[k++] = nlink("g");
	wr("g", 0);
	__wasi_fd_t f = 0;
	e[k++] = __wasi_path_open(3, 0, "g", 0, all, all, 0, &f);
	e[k++] = __wasi_fd_filestat_set_times(f, 1, 1, both);
	(void)__wasi_fd_close(f);
	// d/k linked, d renamed to x: x/k.
	e[k++] = __wasi_path_create_directory(3, "d");
	e[k++] = __wasi_path_link(3, 0, "g", 3, "d/k");
	e[k++] = __wasi_path_rename(3, "d", 3, "x");
	wr("x/k", 0);
	e[k++] = nlink("g");
	// j made and renamed over i: g and x/k.
	create("j");
	e[k++] = __wasi_path_rename(3, "j", 3, "i");
	e[k++] = nlink("g");
	wr("g", __WASI_OFLAGS_TRUNC);
	e[k++] = rd("x/k");
	// a, linked before the run (to b), linked again by the module.
	wr("a", 0);
	e[k++] = rd("b");
	e[k++] = __wasi_path_link(3, 0, "a", 3, "c");
	e[k++] = nlink("a");
	wr("c", 0);
	e[k++] = __wasi_path_filestat_set_times(3, 0, "c", 1, 1, both);
	answer_errnos(e, k, "");
	return 0;
}
