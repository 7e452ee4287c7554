// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o pkglinks.wasm pkglinks.c
// A package (fd 3) holding hard links: a, b and d/c one file ("hi\n"), s
// and t one symbolic link. Their link counts and inodes before and after
// the module's first change (path_create_directory(3, "newdir"), which
// makes the host copy the package, unseeded and seeded), and b's link
// count and inode as a and d/c are unlinked.
// Answers {"e":"..."}: the errnos and the numbers in the order below.
// Attack pass 50c, row 6.
#include "../request.h"

static long long e[64];
static int k;

// st stats name in fd 3 (not following a last symbolic link).
static __wasi_filestat_t st(const char *name) {
	__wasi_filestat_t s;
	memset(&s, 0, sizeof s);
	e[k++] = __wasi_path_filestat_get(3, 0, name, &s);
	return s;
}

int main(void) {
	if (!read_request()) return 1;
	__wasi_filestat_t a = st("a"), b = st("b"), c = st("d/c"), s = st("s"), t = st("t");
	e[k++] = (long long)a.nlink;
	e[k++] = (long long)s.nlink;
	e[k++] = a.ino == b.ino && a.ino == c.ino;
	e[k++] = s.ino == t.ino;
	e[k++] = __wasi_path_create_directory(3, "newdir");
	__wasi_filestat_t a2 = st("a"), b2 = st("b"), c2 = st("d/c"), s2 = st("s"), t2 = st("t");
	e[k++] = (long long)a2.nlink;
	e[k++] = (long long)b2.nlink;
	e[k++] = (long long)c2.nlink;
	e[k++] = (long long)s2.nlink;
	e[k++] = (long long)t2.nlink;
	e[k++] = a2.ino == a.ino && b2.ino == a.ino && c2.ino == a.ino;
	e[k++] = s2.ino == s.ino && t2.ino == s.ino;
	e[k++] = __wasi_path_unlink_file(3, "a");
	__wasi_filestat_t b3 = st("b");
	e[k++] = (long long)b3.nlink;
	e[k++] = b3.ino == a.ino;
	e[k++] = __wasi_path_unlink_file(3, "d/c");
	__wasi_filestat_t b4 = st("b");
	e[k++] = (long long)b4.nlink;
	e[k++] = b4.ino == a.ino;
	answer_errnos(e, k, "");
	return 0;
}
