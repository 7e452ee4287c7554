// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o clockstart.wasm clockstart.c
// Reads one request line and answers with clock_res_get of the realtime
// and monotonic clocks (errno, resolution), whether the monotonic clock's
// first reading is under 1 s (it counts from the module's start), and the
// realtime clock's second (attack pass 49a, row 5).
#include "../request.h"

int main(void) {
	__wasi_timestamp_t mono = 0, wall = 0, r0 = 0, r1 = 0;
	int em = __wasi_clock_time_get(__WASI_CLOCKID_MONOTONIC, 1, &mono);
	int ew = __wasi_clock_time_get(__WASI_CLOCKID_REALTIME, 1, &wall);
	if (!read_request()) return 1;
	long long e[8];
	e[0] = __wasi_clock_res_get(__WASI_CLOCKID_REALTIME, &r0);
	e[1] = (long long)r0;
	e[2] = __wasi_clock_res_get(__WASI_CLOCKID_MONOTONIC, &r1);
	e[3] = (long long)r1;
	e[4] = em;
	e[5] = mono < 1000000000ull;
	e[6] = ew;
	e[7] = (long long)(wall / 1000000000ull);
	answer_errnos(e, 8, "");
	return 0;
}
