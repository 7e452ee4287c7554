// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o dxleaves.wasm dxleaves.c
// On ext4 a directory's listing order and its leaves are one hash (the
// file system's: the leaves split by hash ranges, readdir walks them in
// hash order), so names that list before the 4th of the first 20 are in
// the first leaf. In /volume/tmp (fd 3), d and p each get 20 files of the
// same 200-byte names n.. (ext4: an index of a root and two leaves,
// 12288); L is p's listing. Candidates c.. are made in p one at a time,
// listed, and unlinked; each that lists before L[3] is made in d, until 12
// are: d's first leaf (10 of the 20) overflows its 4096 bytes (19 entries
// of 208 bytes), so ext4 gives d 16384. Answers e: d's size after 20, the
// kept, the candidates tried (the hash's: per file system, per seed), d's
// size after, and 1 when d lists the 12 before its L[3]. Attack pass 51b,
// row 4 (its kit's dxorder.c).
#include "../request.h"

static __wasi_fd_t d, p;
static char buf[1 << 17];
static char names[64][201];
static int nnames;

static long long size(void) {
	__wasi_filestat_t st;
	if (__wasi_fd_filestat_get(d, &st) != 0) return -1;
	return (long long)st.size;
}

static int make(__wasi_fd_t dir, const char *name) {
	__wasi_fd_t f;
	if (__wasi_path_open(dir, 0, name, __WASI_OFLAGS_CREAT, all, all, 0, &f) != 0) return 1;
	(void)__wasi_fd_close(f);
	return 0;
}

static void fill(char *name, char c, int i) {
	memset(name, 'a' + i % 26, 200);
	name[0] = c;
	name[1] = 'A' + (i / 26) % 26;
	name[2] = 'A' + i / 676;
	name[200] = 0;
}

// list reads d whole into names (without . and ..), in the listing's order.
static int list(__wasi_fd_t dir) {
	__wasi_size_t n = 0;
	if (__wasi_fd_readdir(dir, (uint8_t *)buf, sizeof buf, 0, &n) != 0) return -1;
	nnames = 0;
	for (size_t at = 0; at + sizeof(__wasi_dirent_t) <= n;) {
		__wasi_dirent_t e;
		memcpy(&e, buf + at, sizeof e);
		const char *nm = buf + at + sizeof e;
		if (!(e.d_namlen == 1 && nm[0] == '.') && !(e.d_namlen == 2 && nm[0] == '.' && nm[1] == '.') && nnames < 64) {
			size_t l = e.d_namlen < 200 ? e.d_namlen : 200;
			memcpy(names[nnames], nm, l);
			names[nnames][l] = 0;
			nnames++;
		}
		at += sizeof e + e.d_namlen;
	}
	return nnames;
}

static int pos(const char *name) {
	for (int i = 0; i < nnames; i++)
		if (strcmp(names[i], name) == 0) return i;
	return -1;
}

static __wasi_fd_t opendir(const char *name) {
	__wasi_fd_t f;
	if (__wasi_path_create_directory(3, name) != 0) return (__wasi_fd_t)-1;
	if (__wasi_path_open(3, 0, name, __WASI_OFLAGS_DIRECTORY, __WASI_RIGHTS_FD_FILESTAT_GET | __WASI_RIGHTS_FD_READDIR | __WASI_RIGHTS_PATH_CREATE_FILE | __WASI_RIGHTS_PATH_OPEN | __WASI_RIGHTS_PATH_UNLINK_FILE, all, 0, &f) != 0) return (__wasi_fd_t)-1;
	return f;
}

int main(void) {
	if (!read_request()) return 1;
	long long e[8];
	int k = 0;
	char name[201], mark[201], kept[12][201];
	d = opendir("d");
	p = opendir("p");
	if (d == (__wasi_fd_t)-1 || p == (__wasi_fd_t)-1) return 1;
	for (int i = 0; i < 20; i++) {
		fill(name, 'n', i);
		if (make(d, name) || make(p, name)) return 1;
	}
	e[k++] = size();
	if (list(p) != 20) return 1;
	memcpy(mark, names[3], sizeof mark);
	int nkept = 0, tried = 0;
	for (int i = 0; i < 2000 && nkept < 12; i++) {
		fill(name, 'c', i);
		tried++;
		if (make(p, name)) return 1;
		list(p);
		if (pos(name) >= 0 && pos(name) < pos(mark)) {
			memcpy(kept[nkept++], name, sizeof name);
			if (make(d, name)) return 1;
		}
		if (__wasi_path_unlink_file(p, name) != 0) return 1;
	}
	e[k++] = nkept;
	e[k++] = tried;
	e[k++] = size();
	list(d);
	int before = 1;
	for (int i = 0; i < nkept; i++)
		if (pos(kept[i]) >= pos(mark)) before = 0;
	e[k++] = before;
	answer_errnos(e, k, "");
	return 0;
}
