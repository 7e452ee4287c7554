// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o cpuclocks.wasm cpuclocks.c
// Reads one request line and answers with the errnos of clock_res_get and
// clock_time_get for each clock id, 0 to 3, and whether each wrote its
// result (from attack pass 45a, clocks.c).
#include <wasi/api.h>
#include <string.h>
#include <stdio.h>

static char buf[4096];
static char out[1024];

int main(void) {
	size_t have = 0;
	for (;;) {
		__wasi_iovec_t v = {(uint8_t *)buf + have, sizeof buf - have};
		__wasi_size_t n = 0;
		if (__wasi_fd_read(0, &v, 1, &n) != 0 || n == 0) return 1;
		have += n;
		if (memchr(buf, '\n', have)) break;
	}
	long long e[32];
	int k = 0;
	for (__wasi_clockid_t id = 0; id < 4; id++) {
		__wasi_timestamp_t t = 0;
		e[k++] = __wasi_clock_res_get(id, &t);
		e[k++] = t != 0;
		t = 0;
		e[k++] = __wasi_clock_time_get(id, 0, &t);
		e[k++] = t != 0;
	}
	__wasi_size_t n;
	int len = snprintf(out, sizeof out, "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"e\":\"");
	for (int i = 0; i < k; i++) len += snprintf(out + len, sizeof out - len, "%lld,", e[i]);
	len += snprintf(out + len, sizeof out - len, "\"}}\n");
	__wasi_ciovec_t o = {(const uint8_t *)out, (size_t)len};
	(void)__wasi_fd_write(1, &o, 1, &n);
	return 0;
}
