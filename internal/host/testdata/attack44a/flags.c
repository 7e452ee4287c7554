// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o flags.wasm flags.c
// (attack pass 44a, row 9) Reads one request line; its id picks one WASI
// call made with a bit set that its flags type does not define, and the
// module answers {"errno":E} with what the call answered:
//   1: path_open, fs_rights_base and _inheriting all ones (~0)
//   2: path_open, oflags CREAT | 0x10
//   3: path_open, fdflags 0x20
//   4: path_open, lookupflags 0x2
//   5: fd_fdstat_set_flags(1, 0x20)
//   6: poll_oneoff, one relative clock of 1 ns with subclockflags 0x2
//   7: path_filestat_set_times("f"), fstflags 0x10
// Paths are relative to fd 3 (/volume/tmp). wasmtime (Subako's runtime)
// traps on each ("Int conversion error" / invalid flags: wiggle checks
// every flags value); the call never returns.
#include <wasi/api.h>
#include <string.h>
#include <stdio.h>

static char buf[4096];

int main(void) {
	size_t have = 0;
	for (;;) {
		__wasi_iovec_t v = {(uint8_t *)buf + have, sizeof buf - have};
		__wasi_size_t n = 0;
		if (__wasi_fd_read(0, &v, 1, &n) != 0 || n == 0) return 1;
		have += n;
		if (memchr(buf, '\n', have)) break;
	}
	char *p = strstr(buf, "\"id\":");
	int id = p ? p[5] - '0' : 0;
	const __wasi_rights_t r = (1ull << 29) - 1;
	__wasi_fd_t fd;
	int e = -1;
	switch (id) {
	case 1: e = __wasi_path_open(3, 0, "g", __WASI_OFLAGS_CREAT, ~0ull, ~0ull, 0, &fd); break;
	case 2: e = __wasi_path_open(3, 0, "g", __WASI_OFLAGS_CREAT | 0x10, r, r, 0, &fd); break;
	case 3: e = __wasi_path_open(3, 0, "g", __WASI_OFLAGS_CREAT, r, r, 0x20, &fd); break;
	case 4: e = __wasi_path_open(3, 0x2, "g", __WASI_OFLAGS_CREAT, r, r, 0, &fd); break;
	case 5: e = __wasi_fd_fdstat_set_flags(1, 0x20); break;
	case 6: {
		__wasi_subscription_t s;
		memset(&s, 0, sizeof s);
		s.u.tag = __WASI_EVENTTYPE_CLOCK;
		s.u.u.clock.id = __WASI_CLOCKID_MONOTONIC;
		s.u.u.clock.timeout = 1;
		s.u.u.clock.flags = 0x2;
		__wasi_event_t ev;
		__wasi_size_t nev;
		e = __wasi_poll_oneoff(&s, &ev, 1, &nev);
		break;
	}
	case 7:
		(void)__wasi_path_open(3, 0, "f", __WASI_OFLAGS_CREAT, r, r, 0, &fd);
		e = __wasi_path_filestat_set_times(3, 0, "f", 0, 0, 0x10);
		break;
	}
	char out[128];
	int len = snprintf(out, sizeof out, "{\"jsonrpc\":\"2.0\",\"id\":%d,\"result\":{\"errno\":%d}}\n", id, e);
	__wasi_ciovec_t o = {(const uint8_t *)out, (size_t)len};
	__wasi_size_t w;
	(void)__wasi_fd_write(1, &o, 1, &w);
	return 0;
}
