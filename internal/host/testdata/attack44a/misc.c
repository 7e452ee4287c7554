// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o misc.wasm misc.c
// (attack pass 44a) Reads one request line and answers with what a module
// can read of the runtime without side effects: clock_res_get of the two
// clocks, args/environ sizes, fd_prestat_get(3) and its name length,
// fd_fdstat_get(3) (file type, flags, rights), fd_filestat_get(3) (file
// type, nlink), sock_accept(3), sock_shutdown(1), random_get of 0 bytes,
// sched_yield.
#include "../request.h"

int main(void) {
	if (!read_request()) return 1;
	__wasi_timestamp_t r0 = 0, r1 = 0;
	int e0 = __wasi_clock_res_get(0, &r0), e1 = __wasi_clock_res_get(1, &r1);
	__wasi_size_t ac = 0, as = 0, ec = 0, es = 0;
	int ea = __wasi_args_sizes_get(&ac, &as), ee = __wasi_environ_sizes_get(&ec, &es);
	__wasi_prestat_t ps;
	memset(&ps, 0, sizeof ps);
	int ep = __wasi_fd_prestat_get(3, &ps);
	__wasi_fdstat_t st;
	memset(&st, 0, sizeof st);
	int ef = __wasi_fd_fdstat_get(3, &st);
	__wasi_filestat_t fs;
	memset(&fs, 0, sizeof fs);
	int efs = __wasi_fd_filestat_get(3, &fs);
	__wasi_fd_t nfd;
	int esa = __wasi_sock_accept(3, 0, &nfd);
	int ess = __wasi_sock_shutdown(1, __WASI_SDFLAGS_WR);
	int er = __wasi_random_get((uint8_t *)request, 0);
	int ey = __wasi_sched_yield();
	answer_result(1,
		"{\"e\":\"res %d %llu %d %llu; args %d %u %u env %d %u %u; prestat %d %d %u; fdstat %d type %d flags %d rights %llx %llx; filestat %d type %d nlink %llu; sock %d %d; rand %d yield %d\"}",
		e0, (unsigned long long)r0, e1, (unsigned long long)r1, ea, (unsigned)ac, (unsigned)as, ee, (unsigned)ec, (unsigned)es,
		ep, ps.tag, (unsigned)ps.u.dir.pr_name_len, ef, st.fs_filetype, st.fs_flags,
		(unsigned long long)st.fs_rights_base, (unsigned long long)st.fs_rights_inheriting,
		efs, fs.filetype, (unsigned long long)fs.nlink, esa, ess, er, ey);
	return 0;
}
