// clang --target=wasm32-wasi -O2 -DCOUNT=2 -o closed2.wasm closedstdin.c
// clang --target=wasm32-wasi -O2 -DCOUNT=1 -o closed1.wasm closedstdin.c
// clang --target=wasm32-wasi -O2 -DCOUNT=2 -DBADIOV -o badiov2.wasm closedstdin.c
// clang --target=wasm32-wasi -O2 -DCOUNT=1 -DBADIOV -o badiov1.wasm closedstdin.c
// (attack pass 43f) Reads one request line, closes stdin (fd_close(0): it
// wants no more input), drains fd 0 once with COUNT iovecs, which on a
// closed descriptor answers EBADF at once (wasmtime, wazero), and then
// answers the request for id 1, writing the errno the read got.
#include "../request.h"

static char spare[4096];

int main(void) {
	if (!read_request()) return 1;
#ifdef BADIOV
	// No close: the iovec array itself is outside memory (EFAULT at once).
	__wasi_size_t n = 0;
	__wasi_errno_t e = __wasi_fd_read(0, (const __wasi_iovec_t *)0xFFFFFFF0u, COUNT, &n);
#else
	(void)__wasi_fd_close(0);
	__wasi_iovec_t iov[2] = {{(uint8_t *)spare, 16}, {(uint8_t *)spare + 16, 4000}};
	__wasi_size_t n = 0;
	__wasi_errno_t e = __wasi_fd_read(0, iov, COUNT, &n);
#endif
	answer_result(1, "{\"errno\":\"%d%d\"}", (e / 10) % 10, e % 10);
	return 0;
}
