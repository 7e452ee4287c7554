// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o pkgstale.wasm pkgstale.c
// Reads one request line. The preopen at fd 3 holds the
// person's file "asset" ("OLD."). Opens it for reading and opens the
// directory "." before any change; then writes "NEW!" into asset through
// a second descriptor and creates "n"; then reads asset through the first
// descriptor (fd_pread at 0), its size, and lists the directory through
// the descriptor opened before, answering the errnos, the bytes read and
// whether "n" was listed.
#include "../request.h"

static char ents[4096];

int main(void) {
	if (!read_request()) return 1;
	__wasi_fd_t r = 0, d = 0, w = 0, c = 0;
	int er = __wasi_path_open(3, 0, "asset", 0, __WASI_RIGHTS_FD_READ | __WASI_RIGHTS_FD_FILESTAT_GET, 0, 0, &r);
	int ed = __wasi_path_open(3, 0, ".", __WASI_OFLAGS_DIRECTORY, __WASI_RIGHTS_FD_READDIR, 0, 0, &d);
	int ew = __wasi_path_open(3, 0, "asset", 0, all, all, 0, &w);
	__wasi_size_t n = 0;
	__wasi_ciovec_t cv = {(const uint8_t *)"NEW!", 4};
	int ewr = __wasi_fd_write(w, &cv, 1, &n);
	int ec = __wasi_path_open(3, 0, "n", __WASI_OFLAGS_CREAT, all, all, 0, &c);
	char got[8] = {0};
	__wasi_iovec_t iv = {(uint8_t *)got, 4};
	int ep = __wasi_fd_pread(r, &iv, 1, 0, &n);
	got[n] = 0;
	__wasi_filestat_t st;
	int es = __wasi_fd_filestat_get(r, &st);
	__wasi_size_t used = 0;
	int el = __wasi_fd_readdir(d, (uint8_t *)ents, sizeof ents, 0, &used);
	int listed = 0;
	for (size_t i = 0; i + 24 <= used;) {
		uint32_t nl;
		memcpy(&nl, ents + i + 16, 4);
		if (nl == 1 && i + 24 + 1 <= used && ents[i + 24] == 'n') listed = 1;
		i += 24 + nl;
	}
	answer_result(1, "{\"e\":\"%d,%d,%d,%d,%d,%d:%s,%d:%llu,%d:%d\"}", er, ed, ew, ewr, ec, ep, got, es, (unsigned long long)st.size, el, listed);
	return 0;
}
