// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o pollfile.wasm pollfile.c
// (attack pass 44a, row 1) Reads one request line, opens /volume/tmp/f
// (created), then polls it for reading:
//   request id 1: beside a clock of 2 s (relative, monotonic);
//   request id 2: beside stdin (nothing more is sent), no clock;
//   request id 3: stdout for writing (not the file), beside a clock of 2 s;
//   request id 4: fd 99, never opened, for reading, alone;
//   request id 5: two clocks, 10 ms (userdata 7) and an hour (userdata 8);
//   request id 6: no poll: a read of stdin into one iovec of 0 bytes
//   (answers "errno" and "n" the bytes read; a pipe's readv answers 0 at once);
//   request id 7: no poll: a read of stdin of no iovecs at all.
// (Only ids 1 and 2 open the file, so the others run without a preopen.)
// A regular file is always ready to read (POSIX poll; wasmtime answers
// such a poll at once), so the poll should return at once with the file's
// event alone. Answers {"ms":<module time the poll took>,"n":<events>,
// "t0":<first event's type>}.
#include "../request.h"

int main(void) {
	if (!read_request()) return 1;
	int mode = strstr(request, "\"id\":2") ? 2 : strstr(request, "\"id\":3") ? 3 : strstr(request, "\"id\":4") ? 4 : strstr(request, "\"id\":5") ? 5 : strstr(request, "\"id\":6") ? 6 : strstr(request, "\"id\":7") ? 7 : 1;
	if (mode >= 6) {
		__wasi_iovec_t z = {(uint8_t *)request, 0};
		__wasi_size_t got = 99;
		__wasi_errno_t e = __wasi_fd_read(0, &z, mode == 6 ? 1 : 0, &got);
		answer_result(mode, "{\"errno\":%d,\"n\":%u}", e, (unsigned)got);
		return 0;
	}
	__wasi_fd_t fd = 99;
	if (mode <= 2 && __wasi_path_open(3, 0, "f", __WASI_OFLAGS_CREAT, all, all, 0, &fd) != 0) return 2;
	__wasi_subscription_t subs[2];
	memset(subs, 0, sizeof subs);
	subs[0].userdata = 7;
	subs[0].u.tag = __WASI_EVENTTYPE_FD_READ;
	subs[0].u.u.fd_read.file_descriptor = fd;
	subs[1].userdata = 8;
	if (mode == 3) {
		subs[0].u.tag = __WASI_EVENTTYPE_FD_WRITE;
		subs[0].u.u.fd_write.file_descriptor = 1;
	}
	if (mode == 4)
		subs[0].u.u.fd_read.file_descriptor = 99;
	if (mode == 5) {
		subs[0].u.tag = __WASI_EVENTTYPE_CLOCK;
		subs[0].u.u.clock.id = __WASI_CLOCKID_MONOTONIC;
		subs[0].u.u.clock.timeout = 10000000ull;
		subs[1].u.tag = __WASI_EVENTTYPE_CLOCK;
		subs[1].u.u.clock.id = __WASI_CLOCKID_MONOTONIC;
		subs[1].u.u.clock.timeout = 3600000000000ull;
	} else if (mode == 1 || mode == 3) {
		subs[1].u.tag = __WASI_EVENTTYPE_CLOCK;
		subs[1].u.u.clock.id = __WASI_CLOCKID_MONOTONIC;
		subs[1].u.u.clock.timeout = 2000000000ull;
	} else {
		subs[1].u.tag = __WASI_EVENTTYPE_FD_READ;
		subs[1].u.u.fd_read.file_descriptor = 0;
	}
	__wasi_event_t ev[2];
	__wasi_size_t nev = 0;
	__wasi_timestamp_t t0 = 0, t1 = 0;
	(void)__wasi_clock_time_get(__WASI_CLOCKID_MONOTONIC, 1, &t0);
	__wasi_errno_t e = __wasi_poll_oneoff(subs, ev, mode == 4 ? 1 : 2, &nev);
	(void)__wasi_clock_time_get(__WASI_CLOCKID_MONOTONIC, 1, &t1);
	answer_result(mode, "{\"errno\":%d,\"ms\":%llu,\"n\":%u,\"t0\":%d,\"e0\":%d,\"u\":[%d,%d]}",
		e, (unsigned long long)((t1 - t0) / 1000000), (unsigned)nev, nev ? ev[0].type : -1, nev ? ev[0].error : -1, nev ? (int)ev[0].userdata : -1, nev > 1 ? (int)ev[1].userdata : -1);
	return 0;
}
