// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o linkabovedir.wasm linkabovedir.c
// Reads one request line (attack pass 45g, row 6). In the preopen at fd 3 the
// person's directory holds top/x ("T") and sub/l, a symbolic link to
// ../top. Opens the directory sub (a descriptor of its own) and reads x
// through the link relative to it, "l/x" and "l/./x", and relative to
// the preopen, "sub/l/x" and "sub/l/./x". Answers errno:contents each.
#include <wasi/api.h>
#include <string.h>
#include <stdio.h>

static char buf[4096];
static char out[1024];
static const __wasi_rights_t all = (1ull << 29) - 1;

static int get(__wasi_fd_t dir, const char *name, char *got, size_t cap) {
	__wasi_fd_t fd;
	__wasi_size_t n = 0;
	got[0] = 0;
	int e = __wasi_path_open(dir, __WASI_LOOKUPFLAGS_SYMLINK_FOLLOW, name, 0, all & ~(__wasi_rights_t)__WASI_RIGHTS_FD_WRITE, all, 0, &fd);
	if (e != 0) return e;
	__wasi_iovec_t v = {(uint8_t *)got, cap - 1};
	(void)__wasi_fd_read(fd, &v, 1, &n);
	got[n] = 0;
	(void)__wasi_fd_close(fd);
	return 0;
}

int main(void) {
	size_t have = 0;
	for (;;) {
		__wasi_iovec_t v = {(uint8_t *)buf + have, sizeof buf - have};
		__wasi_size_t n = 0;
		if (__wasi_fd_read(0, &v, 1, &n) != 0 || n == 0) return 1;
		have += n;
		if (memchr(buf, '\n', have)) break;
	}
	__wasi_fd_t d = 0;
	int ed = __wasi_path_open(3, 0, "sub", __WASI_OFLAGS_DIRECTORY, all & ~(__wasi_rights_t)__WASI_RIGHTS_FD_WRITE, all, 0, &d);
	char a[8], b[8], c[8], e4[8];
	int ea = get(d, "l/x", a, sizeof a);
	int eb = get(d, "l/./x", b, sizeof b);
	int ec = get(3, "sub/l/x", c, sizeof c);
	int ee = get(3, "sub/l/./x", e4, sizeof e4);
	__wasi_size_t n;
	int len = snprintf(out, sizeof out, "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"e\":\"%d,%d:%s,%d:%s,%d:%s,%d:%s\"}}\n", ed, ea, a, eb, b, ec, c, ee, e4);
	__wasi_ciovec_t o = {(const uint8_t *)out, (size_t)len};
	(void)__wasi_fd_write(1, &o, 1, &n);
	return 0;
}
