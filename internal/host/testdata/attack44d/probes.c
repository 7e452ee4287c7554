// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o probes.wasm probes.c
// (attack pass 44d) Polls stdin for reading before it reads its one
// request line, then answers, without side effects, what it saw:
//   "pin":   poll_oneoff(stdin FD_READ) errno, events, nbytes, flags;
//   "nb":    fd_fdstat_set_flags(NONBLOCK) on fds 0, 1, 2;
//   "pout":  poll_oneoff(stdout FD_READ, alone) errno, events;
//   "pdir":  poll_oneoff(fd 3, the first preopen, FD_READ, alone) errno, events;
//   "rd":    fd_readdir(3) into the last 100 bytes of memory with a
//            buf_len of 200 (the preopen empty: "." and ".." take 51
//            bytes, inside memory): errno, bytes used;
//   "fst":   fd_filestat_get of fds 0, 1, 2: errno, and whether dev, ino,
//            nlink, size, atim, mtim, ctim are all 0 (1) or not (0).
#include "../request.h"

static int poll1(__wasi_fd_t fd, __wasi_eventtype_t kind, __wasi_size_t *nev, __wasi_event_t *ev) {
	__wasi_subscription_t s;
	memset(&s, 0, sizeof s);
	s.userdata = 7;
	s.u.tag = kind;
	s.u.u.fd_read.file_descriptor = fd;
	*nev = 0;
	memset(ev, 0, sizeof *ev);
	return __wasi_poll_oneoff(&s, ev, 1, nev);
}

int main(void) {
	__wasi_event_t ev;
	__wasi_size_t nev;
	int pe = poll1(0, __WASI_EVENTTYPE_FD_READ, &nev, &ev);
	int pn = (int)nev;
	unsigned long long pb = ev.fd_readwrite.nbytes;
	int pf = ev.fd_readwrite.flags;
	if (!read_request()) return 1;
	int n0 = __wasi_fd_fdstat_set_flags(0, __WASI_FDFLAGS_NONBLOCK);
	int n1 = __wasi_fd_fdstat_set_flags(1, __WASI_FDFLAGS_NONBLOCK);
	int n2 = __wasi_fd_fdstat_set_flags(2, __WASI_FDFLAGS_NONBLOCK);
	// Back to blocking, where taken, so the answer's write is as always.
	(void)__wasi_fd_fdstat_set_flags(0, 0);
	(void)__wasi_fd_fdstat_set_flags(1, 0);
	(void)__wasi_fd_fdstat_set_flags(2, 0);
	int oe = poll1(1, __WASI_EVENTTYPE_FD_READ, &nev, &ev);
	int on = (int)nev;
	int de = poll1(3, __WASI_EVENTTYPE_FD_READ, &nev, &ev);
	int dn = (int)nev;
	unsigned long memsize = __builtin_wasm_memory_size(0) * 65536ul;
	__wasi_size_t used = 0;
	int re = __wasi_fd_readdir(3, (uint8_t *)(memsize - 100), 200, 0, &used);
	int fe[3], fz[3];
	for (int fd = 0; fd < 3; fd++) {
		__wasi_filestat_t st;
		memset(&st, 0xff, sizeof st);
		fe[fd] = __wasi_fd_filestat_get(fd, &st);
		fz[fd] = st.dev == 0 && st.ino == 0 && st.nlink == 0 && st.size == 0 && st.atim == 0 && st.mtim == 0 && st.ctim == 0;
	}
	answer_result(1,
		"{\"pin\":[%d,%d,%llu,%d],\"nb\":[%d,%d,%d],\"pout\":[%d,%d],\"pdir\":[%d,%d],\"rd\":[%d,%u],\"fst\":[%d,%d,%d,%d,%d,%d]}",
		pe, pn, pb, pf, n0, n1, n2, oe, on, de, dn, re, (unsigned)used, fe[0], fz[0], fe[1], fz[1], fe[2], fz[2]);
	return 0;
}
