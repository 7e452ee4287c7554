// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o cpuclocks.wasm cpuclocks.c
// Reads one request line and answers with the errnos of clock_res_get and
// clock_time_get for each clock id, 0 to 3, and whether each wrote its
// result (from attack pass 45a, clocks.c).
#include "../request.h"

int main(void) {
	if (!read_request()) return 1;
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
	answer_errnos(e, k, "");
	return 0;
}
