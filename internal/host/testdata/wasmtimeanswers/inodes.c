// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o inodes.wasm inodes.c
// Reads one request line and answers with what the inode numbers and ctim
// of /volume/tmp (fd 3) say, as bits that do not depend on the machine's
// numbers: the preopen's, a new file f's and a new directory d's ino past
// 2^40 (a hash's high bits), by fd_filestat_get and path_filestat_get the
// same, fd_readdir's entries of fd 3 and of d, in a fixed order (".",
// "..", "f", "d", whatever order the file system lists them in): which
// inode their d_ino is (1 the listed directory's, 3 f's, 4 d's, 0 none, 9
// another; -1 for no such entry), ".."'s d_ino when a listing of fd 3
// starts at cookie 1 into a buffer of 26 bytes, f's ctim after a write
// and a set of its times 30 ms of the module's time later: unmoved, and 0
// or not; and whether every device shown is 1.
#include "../request.h"

static int dirent_codes(__wasi_fd_t fd, long long *e, int k, __wasi_inode_t dir, __wasi_inode_t f, __wasi_inode_t d) {
	static char buf[4096];
	__wasi_size_t n;
	e[k++] = __wasi_fd_readdir(fd, (uint8_t *)buf, sizeof buf, 0, &n);
	long long slot[4] = {-1, -1, -1, -1};
	for (size_t p = 0; p + sizeof(__wasi_dirent_t) <= n; ) {
		__wasi_dirent_t de;
		memcpy(&de, buf + p, sizeof de);
		const char *name = buf + p + sizeof de;
		int i = name[0] == '.' ? (de.d_namlen == 1 ? 0 : 1) : name[0] == 'f' ? 2 : 3;
		slot[i] = de.d_ino == 0 ? 0 : de.d_ino == dir ? 1 : de.d_ino == f ? 3 : de.d_ino == d ? 4 : 9;
		p += sizeof de + de.d_namlen;
	}
	for (int i = 0; i < 4; i++) e[k++] = slot[i];
	return k;
}

int main(void) {
	if (!read_request()) return 1;
	long long e[48];
	int k = 0;
	__wasi_fd_t f, d;
	__wasi_filestat_t s3, sf, pf, sd, pd, after;
	e[k++] = __wasi_path_open(3, 0, "f", __WASI_OFLAGS_CREAT, all, all, 0, &f);
	e[k++] = __wasi_path_create_directory(3, "d");
	e[k++] = __wasi_path_open(3, 0, "d", __WASI_OFLAGS_DIRECTORY, __WASI_RIGHTS_FD_READDIR | __WASI_RIGHTS_FD_FILESTAT_GET, all, 0, &d);
	e[k++] = __wasi_fd_filestat_get(3, &s3);
	e[k++] = __wasi_fd_filestat_get(f, &sf);
	e[k++] = __wasi_path_filestat_get(3, 0, "f", &pf);
	e[k++] = __wasi_fd_filestat_get(d, &sd);
	e[k++] = __wasi_path_filestat_get(3, 0, "d", &pd);
	e[k++] = s3.ino >> 40 != 0;
	e[k++] = sf.ino >> 40 != 0;
	e[k++] = sd.ino >> 40 != 0;
	e[k++] = sf.ino == pf.ino && sd.ino == pd.ino;
	e[k++] = s3.ino != sf.ino && s3.ino != sd.ino && sf.ino != sd.ino;
	k = dirent_codes(3, e, k, s3.ino, sf.ino, sd.ino);
	k = dirent_codes(d, e, k, sd.ino, sf.ino, sd.ino);
	{
		char b[26];
		__wasi_size_t n;
		__wasi_dirent_t de;
		e[k++] = __wasi_fd_readdir(3, (uint8_t *)b, sizeof b, 1, &n);
		memcpy(&de, b, sizeof de);
		e[k++] = n;
		e[k++] = de.d_next * 10 + (de.d_ino == s3.ino);
	}
	__wasi_timestamp_t t0, t1;
	(void)__wasi_clock_time_get(__WASI_CLOCKID_MONOTONIC, 1, &t0);
	volatile unsigned x = 0;
	do {
		for (int i = 0; i < 100000; i++) x += i;
		(void)__wasi_clock_time_get(__WASI_CLOCKID_MONOTONIC, 1, &t1);
	} while (t1 - t0 < 30000000);
	__wasi_ciovec_t iov = {(const uint8_t *)"x", 1};
	__wasi_size_t wrote;
	e[k++] = __wasi_fd_write(f, &iov, 1, &wrote);
	e[k++] = __wasi_fd_filestat_set_times(f, 5, 6, __WASI_FSTFLAGS_ATIM | __WASI_FSTFLAGS_MTIM);
	e[k++] = __wasi_fd_filestat_get(f, &after);
	e[k++] = after.ctim == sf.ctim;
	e[k++] = after.ctim == 0;
	e[k++] = after.mtim;
	e[k++] = after.ino == sf.ino;
	e[k++] = s3.dev == 1 && sf.dev == 1 && pf.dev == 1 && sd.dev == 1 && pd.dev == 1;
	answer_errnos(e, k, "");
	return 0;
}
