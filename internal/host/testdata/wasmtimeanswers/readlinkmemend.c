// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o readlinkmemend.wasm readlinkmemend.c
// (attack pass 45g, rledge.c) Reads one request line; makes a link "l" -> "abc" in
// /volume/tmp (fd 3) and reads it with path_readlink into buffers at the
// end of memory: inside, crossing the end, past it, with lengths below
// and above the host's 4 KiB loan; then into a buffer overlapping the
// loan with bufused past memory. The request line names the case to run
// after a '#' (1-12). Answers the errno and bufused.
#include "../request.h"
#include <stdint.h>
#include <stdlib.h>

static char out[2048];
static int pos, ci, want;
static __wasi_size_t used;

static void put(long v) { pos += snprintf(out + pos, sizeof out - pos, "%ld,", v); }

static void rl(uint32_t b, uint32_t len, uint32_t usedp) {
	used = 12345;
	int e = __wasi_path_readlink(3, "l", (uint8_t *)(uintptr_t)b, len, (__wasi_size_t *)(uintptr_t)usedp);
	put(e);
	put(usedp == (uint32_t)(uintptr_t)&used ? (long)used : -2);
}

int main(void) {
	if (!read_request()) return 1;
	char *h = strchr(request, '#');
	want = h ? atoi(h + 1) : 0;
	put(__wasi_path_symlink("abc", 3, "l"));
	uint32_t end = (uint32_t)__builtin_wasm_memory_size(0) * 65536u;
	uint32_t u = (uint32_t)(uintptr_t)&used;
	if (++ci == want) rl(end - 3, 10, u);      // target fits, buffer crosses the end
	if (++ci == want) rl(end - 3, 5000, u);    // same, not lent
	if (++ci == want) rl(end - 2, 10, u);      // target crosses the end
	if (++ci == want) rl(end - 2, 5000, u);
	if (++ci == want) rl(end, 0, u);           // empty buffer at the end
	if (++ci == want) rl(end + 1, 0, u);       // empty buffer past the end
	if (++ci == want) rl(end + 16, 10, u);     // past the end
	if (++ci == want) rl(end + 16, 5000, u);
	if (++ci == want) rl(1024, 10, end - 2);   // bufused crosses the end
	if (++ci == want) rl(1024, 5000, end - 2);
	if (++ci == want) rl(200, 10, end + 8);    // buffer in the loan, bufused past memory
	if (++ci == want) rl(200, 10, 132);        // bufused 4 bytes into the loan: over the target's 5th byte on
	put(((unsigned char *)200)[0]); put(((unsigned char *)200)[2]);
	answer_result(1, "{\"e\":\"%s\"}", out);
	return 0;
}
