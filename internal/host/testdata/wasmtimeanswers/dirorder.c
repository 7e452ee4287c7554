// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o dirorder.wasm dirorder.c
// Reads one request line and answers with how fd_readdir lists 16 files
// f00 ... f15 made in a shuffled order in /volume/tmp (fd 3): 1 when
// they come in name order (ext4 under wasmtime: its hash order, sorted
// once in 16! listings), how many, 1 when "." and ".." come first, 1 when
// reads of 64 bytes, each from the last whole entry's cookie, list the
// same entries in the same order as one read of 4096 (attack pass 50a,
// row 5).
#include "../request.h"

// list reads fd 3 from cookie 0 in reads of size bytes and writes the
// names it lists, each followed by '/', into out.
static int list(size_t size, char *out, size_t cap) {
	static char buf[4096];
	__wasi_dircookie_t cookie = 0;
	size_t o = 0;
	out[0] = 0;
	for (int reads = 0; reads < 200; reads++) {
		__wasi_size_t n = 0;
		int e = __wasi_fd_readdir(3, (uint8_t *)buf, size, cookie, &n);
		if (e != 0) return e;
		int whole = 0;
		for (size_t p = 0; p + sizeof(__wasi_dirent_t) <= n;) {
			__wasi_dirent_t de;
			memcpy(&de, buf + p, sizeof de);
			if (p + sizeof de + de.d_namlen > n) break;
			if (o + de.d_namlen + 2 > cap) return -1;
			memcpy(out + o, buf + p + sizeof de, de.d_namlen);
			o += de.d_namlen;
			out[o++] = '/';
			out[o] = 0;
			cookie = de.d_next;
			whole++;
			p += sizeof de + de.d_namlen;
		}
		if (n < size || whole == 0) return 0;
	}
	return 0;
}

int main(void) {
	if (!read_request()) return 1;
	long long e[16];
	int k = 0;
	static const int order[16] = {7, 3, 12, 0, 15, 9, 1, 14, 5, 11, 2, 8, 13, 4, 10, 6};
	__wasi_fd_t f;
	char name[4];
	long long bad = 0;
	for (int i = 0; i < 16; i++) {
		name[0] = 'f';
		name[1] = '0' + order[i] / 10;
		name[2] = '0' + order[i] % 10;
		name[3] = 0;
		if (__wasi_path_open(3, 0, name, __WASI_OFLAGS_CREAT, all, all, 0, &f) != 0) bad++;
		else (void)__wasi_fd_close(f);
	}
	e[k++] = bad;
	static char whole[1024], chunked[1024];
	e[k++] = list(4096, whole, sizeof whole);
	int sorted = 1, count = 0;
	char last[4] = "";
	for (const char *p = whole; *p;) {
		const char *end = strchr(p, '/');
		if (end - p == 3 && p[0] == 'f') {
			if (count > 0 && memcmp(last, p, 3) > 0) sorted = 0;
			memcpy(last, p, 3);
			count++;
		}
		p = end + 1;
	}
	e[k++] = sorted;
	e[k++] = count;
	e[k++] = strncmp(whole, "./../", 5) == 0;
	e[k++] = list(64, chunked, sizeof chunked);
	e[k++] = strcmp(whole, chunked) == 0;
	answer_errnos(e, k, "");
	return 0;
}
