// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o preopen.wasm preopen.c
// readdirlive.c (../wasmtimeanswers) on the preopen itself, fd 3, which
// wazero lists through a directory of its own (TestReaddirPreopenListsAfresh):
// fd 3 holds a00..a15; it reads 3 entries at cookie 0 into 78 bytes (".",
// "..", and one name N); N is unlinked and b00..b15 made; fd 3 reads on
// at cookie 3 into 8 KiB (list A), then again at cookie 0 (list B).
// Answers {"e":"..."}: errnos, the entries of A, whether N is in A, the
// entries of B, whether A is B past its first 3, the b's of B.
#include "../request.h"

static uint8_t buf[8192];
static char A[64][8], B[64][8];

static int names(__wasi_size_t used, char out[][8], int max) {
	int c = 0;
	for (__wasi_size_t at = 0; at + sizeof(__wasi_dirent_t) <= used && c < max;) {
		__wasi_dirent_t d;
		memcpy(&d, buf + at, sizeof d);
		at += sizeof d;
		if (at + d.d_namlen > used) break;
		size_t l = d.d_namlen < 7 ? d.d_namlen : 7;
		memcpy(out[c], buf + at, l);
		out[c][l] = 0;
		c++;
		at += d.d_namlen;
	}
	return c;
}

int main(void) {
	if (!read_request()) return 1;
	long long e[32];
	int k = 0;
	char nm[16], first[3][8];
	__wasi_fd_t d, f;
	__wasi_size_t used;
	for (int i = 0; i < 16; i++) {
		snprintf(nm, sizeof nm, "a%02d", i);
		if (__wasi_path_open(3, 0, nm, __WASI_OFLAGS_CREAT, all, all, 0, &f) == 0) (void)__wasi_fd_close(f);
	}
	d = 3;
	e[k++] = __wasi_fd_readdir(d, buf, 78, 0, &used);
	e[k++] = names(used, first, 3);
	snprintf(nm, sizeof nm, "%s", first[2]);
	e[k++] = __wasi_path_unlink_file(3, nm);
	for (int i = 0; i < 16; i++) {
		snprintf(nm, sizeof nm, "b%02d", i);
		if (__wasi_path_open(3, 0, nm, __WASI_OFLAGS_CREAT, all, all, 0, &f) == 0) (void)__wasi_fd_close(f);
	}
	e[k++] = __wasi_fd_readdir(d, buf, sizeof buf, 3, &used);
	int na = names(used, A, 64);
	e[k++] = na;
	int again = 0;
	for (int i = 0; i < na; i++) again |= strcmp(A[i], first[2]) == 0;
	e[k++] = again;
	e[k++] = __wasi_fd_readdir(d, buf, sizeof buf, 0, &used);
	int nb = names(used, B, 64);
	e[k++] = nb;
	int same = nb == na + 3;
	for (int i = 0; same && i < na; i++) same = strcmp(A[i], B[i + 3]) == 0;
	e[k++] = same;
	int bs = 0;
	for (int i = 0; i < nb; i++) bs += B[i][0] == 'b';
	e[k++] = bs;
	answer_errnos(e, k, "");
	return 0;
}
