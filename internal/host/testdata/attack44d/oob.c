// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o oob.wasm oob.c
// (attack pass 44d, row 5) Reads one request line, then calls
// clock_time_get with its result's pointer at the end of memory (outside
// it), and answers the errno: {"e":<errno>}. wasmtime's wiggle writes the
// result with memory.write(ptr)?, a GuestError (PtrOutOfBounds) that
// traps the module; wazero answers EFAULT (21).
#include "../request.h"

int main(void) {
	if (!read_request()) return 1;
	unsigned long memsize = __builtin_wasm_memory_size(0) * 65536ul;
	int e = __wasi_clock_time_get(__WASI_CLOCKID_MONOTONIC, 1, (__wasi_timestamp_t *)(memsize - 4));
	answer_result(1, "{\"e\":%d}", e);
	return 0;
}
