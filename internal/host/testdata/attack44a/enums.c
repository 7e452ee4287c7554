// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o enums.wasm enums.c
// (attack pass 44a, row 9) Reads one request line; its id picks one WASI
// call made with an enum value its type does not define, or a pointer
// outside memory, and the module answers {"errno":E}:
//   1: fd_advise(1, 0, 0, advice 9)     2: fd_seek(1, 0, whence 7)
//   3: clock_time_get(clock 9)          4: clock_res_get(clock 9)
//   5: poll_oneoff, one subscription of event type 7
//   6: fd_write(1, iovs at 0xfffffff0, 1) 7: fd_write(1, one iovec whose buffer is at 0xfffffff0, 16 bytes)
//   8: path_open(3, path at 0xfffffff0)
#include "../request.h"

int main(void) {
	if (!read_request()) return 1;
	char *p = strstr(request, "\"id\":");
	int id = p ? p[5] - '0' : 0;
	int e = -1;
	__wasi_filesize_t pos;
	__wasi_timestamp_t ts;
	__wasi_size_t nw;
	__wasi_fd_t fd;
	switch (id) {
	case 1: e = __wasi_fd_advise(1, 0, 0, 9); break;
	case 2: e = __wasi_fd_seek(1, 0, 7, &pos); break;
	case 3: e = __wasi_clock_time_get(9, 1, &ts); break;
	case 4: e = __wasi_clock_res_get(9, &ts); break;
	case 5: {
		__wasi_subscription_t s;
		memset(&s, 0, sizeof s);
		s.u.tag = 7;
		__wasi_event_t ev;
		__wasi_size_t nev;
		e = __wasi_poll_oneoff(&s, &ev, 1, &nev);
		break;
	}
	case 6: e = __wasi_fd_write(1, (const __wasi_ciovec_t *)0xfffffff0u, 1, &nw); break;
	case 7: {
		__wasi_ciovec_t c = {(const uint8_t *)0xfffffff0u, 16};
		e = __wasi_fd_write(1, &c, 1, &nw);
		break;
	}
	case 8: {
		e = __wasi_path_open(3, 0, (const char *)0xfffffff0u, 0, all, all, 0, &fd);
		break;
	}
	}
	answer_result(id, "{\"errno\":%d}", e);
	return 0;
}
