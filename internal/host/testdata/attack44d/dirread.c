// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o dirread.wasm dirread.c
// (attack pass 44d, row 7) Reads one request line, opens "." of the first
// preopen (fd 3) as a directory, and answers the errnos of fd_read and
// fd_write of that directory and of fd 3 with an iovec inside memory,
// then of fd_read of the opened directory with its iovec array outside
// memory: {"e":[read dir, write dir, read 3, write 3, read dir, iovecs
// outside memory]}. wasmtime's preview 1 (p1.rs at v39.0.1) looks the
// descriptor up first and answers EBADF for a Directory ("_ => Err(Badf)")
// before it reads any iovec: [8,8,8,8,8].
#include "../request.h"

int main(void) {
	if (!read_request()) return 1;
	__wasi_fd_t d = 99;
	int eo = __wasi_path_open(3, 0, ".", __WASI_OFLAGS_DIRECTORY, __WASI_RIGHTS_FD_READDIR, 0, 0, &d);
	if (eo != 0) return 2;
	char b[16];
	__wasi_iovec_t v = {(uint8_t *)b, sizeof b};
	__wasi_ciovec_t c = {(const uint8_t *)b, sizeof b};
	__wasi_size_t n = 0;
	int e0 = __wasi_fd_read(d, &v, 1, &n);
	int e1 = __wasi_fd_write(d, &c, 1, &n);
	int e2 = __wasi_fd_read(3, &v, 1, &n);
	int e3 = __wasi_fd_write(3, &c, 1, &n);
	unsigned long memsize = __builtin_wasm_memory_size(0) * 65536ul;
	int e4 = __wasi_fd_read(d, (const __wasi_iovec_t *)(memsize - 4), 1, &n);
	answer_result(1, "{\"e\":[%d,%d,%d,%d,%d]}", e0, e1, e2, e3, e4);
	return 0;
}
