// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o pkgcopy.wasm pkgcopy.c
// What a module's first change in fd 3 (/package, which the host copies
// then, unseeded) does to the identity of a file already there, "asset",
// and of fd 3: asset's ino, ctim, atim and mtim by path_filestat_get,
// its ino and ctim by fd_filestat_get of a descriptor opened before the
// change, fd 3's ino and ctim, and fd_readdir(3)'s d_ino of "asset", "."
// and "..", before and after path_create_directory(3, "newdir"). Answers
// {"e":"..."}: the errnos, then 1/0 for "the same after as before" (and
// asset's atim == mtim after, last). Attack pass 50a, row 1.
#include "../request.h"

// listed gives the d_ino fd_readdir(3) lists for "asset", "." and "..".
static __wasi_errno_t listed(__wasi_inode_t ino[3]) {
	static char buf[4096];
	__wasi_size_t n;
	__wasi_errno_t e = __wasi_fd_readdir(3, (uint8_t *)buf, sizeof buf, 0, &n);
	ino[0] = ino[1] = ino[2] = 0;
	for (size_t p = 0; p + sizeof(__wasi_dirent_t) <= n; ) {
		__wasi_dirent_t de;
		memcpy(&de, buf + p, sizeof de);
		const char *name = buf + p + sizeof de;
		if (de.d_namlen == 5 && memcmp(name, "asset", 5) == 0) ino[0] = de.d_ino;
		if (de.d_namlen == 1 && name[0] == '.') ino[1] = de.d_ino;
		if (de.d_namlen == 2 && name[0] == '.' && name[1] == '.') ino[2] = de.d_ino;
		p += sizeof de + de.d_namlen;
	}
	return e;
}

int main(void) {
	if (!read_request()) return 1;
	long long e[40];
	int k = 0;
	__wasi_fd_t fd;
	__wasi_filestat_t a, b, c, d, p0, p1;
	__wasi_inode_t l0[3], l1[3];
	e[k++] = __wasi_path_filestat_get(3, 0, "asset", &a);
	e[k++] = __wasi_path_open(3, 0, "asset", 0, __WASI_RIGHTS_FD_READ | __WASI_RIGHTS_FD_FILESTAT_GET, 0, 0, &fd);
	e[k++] = __wasi_fd_filestat_get(fd, &b);
	e[k++] = __wasi_fd_filestat_get(3, &p0);
	e[k++] = listed(l0);
	e[k++] = __wasi_path_create_directory(3, "newdir");
	e[k++] = __wasi_path_filestat_get(3, 0, "asset", &c);
	e[k++] = __wasi_fd_filestat_get(fd, &d);
	e[k++] = __wasi_fd_filestat_get(3, &p1);
	e[k++] = listed(l1);
	e[k++] = a.ino == c.ino;
	e[k++] = a.ctim == c.ctim;
	e[k++] = a.atim == c.atim;
	e[k++] = a.mtim == c.mtim;
	e[k++] = b.ino == d.ino;
	e[k++] = b.ctim == d.ctim;
	e[k++] = p0.ino == p1.ino;
	e[k++] = p0.ctim == p1.ctim;
	e[k++] = l0[0] == a.ino && l1[0] == a.ino;
	e[k++] = l0[1] == p0.ino && l1[1] == p0.ino;
	e[k++] = l0[2] == p0.ino && l1[2] == p0.ino;
	e[k++] = c.atim == c.mtim;
	answer_errnos(e, k, "");
	return 0;
}
