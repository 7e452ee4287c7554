// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o renumber.wasm renumber.c
// Reads one request line and answers with what fd_renumber answers in
// /volume/tmp (fd 3): onto a number not open, a file onto stderr (then a
// write to fd 2, which lands in the file b), the preopen onto a file (then
// fd_prestat_get of both numbers and an open through the moved preopen),
// a descriptor onto itself (it stays open), a file onto the preopen (then
// a write to it, in the file c), and from a number no longer open (from
// attack pass 45a, renum.c).
#include "../request.h"

static __wasi_errno_t put(__wasi_fd_t f, const char *s) {
	__wasi_ciovec_t c = {(const uint8_t *)s, strlen(s)};
	__wasi_size_t n;
	return __wasi_fd_write(f, &c, 1, &n);
}

int main(void) {
	if (!read_request()) return 1;
	long long e[40];
	int k = 0;
	__wasi_fd_t a, b, c, d, x;
	__wasi_prestat_t ps;
	(void)__wasi_path_open(3, 0, "a", __WASI_OFLAGS_CREAT, all, all, 0, &a);
	(void)__wasi_path_open(3, 0, "b", __WASI_OFLAGS_CREAT, all, all, 0, &b);
	(void)__wasi_path_open(3, 0, "c", __WASI_OFLAGS_CREAT, all, all, 0, &c);
	(void)__wasi_path_open(3, 0, "d", __WASI_OFLAGS_CREAT, all, all, 0, &d);
	e[k++] = __wasi_fd_renumber(a, 40);
	e[k++] = __wasi_fd_renumber(b, 2);
	e[k++] = put(2, "log");
	e[k++] = __wasi_fd_renumber(3, d);
	e[k++] = __wasi_fd_prestat_get(d, &ps);
	e[k++] = __wasi_fd_prestat_get(3, &ps);
	e[k++] = __wasi_path_open(d, 0, "a", 0, all, all, 0, &x);
	e[k++] = __wasi_fd_renumber(d, d);
	e[k++] = __wasi_path_open(d, 0, "c", 0, all, all, 0, &x);
	e[k++] = __wasi_fd_renumber(c, d);
	e[k++] = put(d, "c!");
	e[k++] = __wasi_fd_renumber(c, d);
	answer_errnos(e, k, "");
	return 0;
}
