// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o linkabovedir.wasm linkabovedir.c
// Reads one request line (attack pass 45g, row 6). In the preopen at fd 3 the
// person's directory holds top/x ("T") and sub/l, a symbolic link to
// ../top. Opens the directory sub (a descriptor of its own) and reads x
// through the link relative to it, "l/x" and "l/./x", and relative to
// the preopen, "sub/l/x" and "sub/l/./x". Answers errno:contents each.
#include "../request.h"

static int get(__wasi_fd_t dir, const char *name, char *got, size_t cap) {
	return read_path(dir, __WASI_LOOKUPFLAGS_SYMLINK_FOLLOW, name, all & ~(__wasi_rights_t)__WASI_RIGHTS_FD_WRITE, got, cap);
}

int main(void) {
	if (!read_request()) return 1;
	__wasi_fd_t d = 0;
	int ed = __wasi_path_open(3, 0, "sub", __WASI_OFLAGS_DIRECTORY, all & ~(__wasi_rights_t)__WASI_RIGHTS_FD_WRITE, all, 0, &d);
	char a[8], b[8], c[8], e4[8];
	int ea = get(d, "l/x", a, sizeof a);
	int eb = get(d, "l/./x", b, sizeof b);
	int ec = get(3, "sub/l/x", c, sizeof c);
	int ee = get(3, "sub/l/./x", e4, sizeof e4);
	answer_result(1, "{\"e\":\"%d,%d:%s,%d:%s,%d:%s,%d:%s\"}", ed, ea, a, eb, b, ec, c, ee, e4);
	return 0;
}
