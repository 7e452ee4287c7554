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
#include "../request.h"

int main(void) {
	if (!read_request()) return 1;
	char *p = strstr(request, "\"id\":");
	int id = p ? p[5] - '0' : 0;
	__wasi_fd_t fd;
	int e = -1;
	switch (id) {
	case 1: e = __wasi_path_open(3, 0, "g", __WASI_OFLAGS_CREAT, ~0ull, ~0ull, 0, &fd); break;
	case 2: e = __wasi_path_open(3, 0, "g", __WASI_OFLAGS_CREAT | 0x10, all, all, 0, &fd); break;
	case 3: e = __wasi_path_open(3, 0, "g", __WASI_OFLAGS_CREAT, all, all, 0x20, &fd); break;
	case 4: e = __wasi_path_open(3, 0x2, "g", __WASI_OFLAGS_CREAT, all, all, 0, &fd); break;
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
		(void)__wasi_path_open(3, 0, "f", __WASI_OFLAGS_CREAT, all, all, 0, &fd);
		e = __wasi_path_filestat_set_times(3, 0, "f", 0, 0, 0x10);
		break;
	}
	answer_result(id, "{\"errno\":%d}", e);
	return 0;
}
