// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o openrenamedover.wasm openrenamedover.c
// As wasmtime (attack pass 50c, row 1): f made and opened, fstat, g made, 50 ms, g renamed
// over f, fstat of f's descriptor; then a/d moved to b/d after 50 ms.
// Answers {"e":"..."}: errnos, then 1/0 for f's ino, ctim, mtim unchanged
// through its descriptor, and whether d's, a's and b's mtim moved.
#include "../request.h"

static void spin(long long ns) {
	__wasi_timestamp_t t0, t;
	(void)__wasi_clock_time_get(__WASI_CLOCKID_MONOTONIC, 1, &t0);
	do (void)__wasi_clock_time_get(__WASI_CLOCKID_MONOTONIC, 1, &t); while ((long long)(t - t0) < ns);
}

int main(void) {
	if (!read_request()) return 1;
	long long e[32];
	int k = 0;
	__wasi_fd_t f, g;
	__wasi_filestat_t f0, f1, d0, d1, a0, a1, b0, b1;
	e[k++] = __wasi_path_open(3, 0, "f", __WASI_OFLAGS_CREAT, all, all, 0, &f);
	e[k++] = __wasi_fd_filestat_get(f, &f0);
	e[k++] = __wasi_path_open(3, 0, "g", __WASI_OFLAGS_CREAT, all, all, 0, &g);
	spin(50000000);
	e[k++] = __wasi_path_rename(3, "g", 3, "f");
	e[k++] = __wasi_fd_filestat_get(f, &f1);
	e[k++] = __wasi_path_create_directory(3, "a");
	e[k++] = __wasi_path_create_directory(3, "b");
	e[k++] = __wasi_path_create_directory(3, "a/d");
	e[k++] = __wasi_path_filestat_get(3, 0, "a/d", &d0);
	e[k++] = __wasi_path_filestat_get(3, 0, "a", &a0);
	e[k++] = __wasi_path_filestat_get(3, 0, "b", &b0);
	spin(50000000);
	e[k++] = __wasi_path_rename(3, "a/d", 3, "b/d");
	e[k++] = __wasi_path_filestat_get(3, 0, "b/d", &d1);
	e[k++] = __wasi_path_filestat_get(3, 0, "a", &a1);
	e[k++] = __wasi_path_filestat_get(3, 0, "b", &b1);
	e[k++] = f0.ino == f1.ino;
	e[k++] = f0.ctim == f1.ctim;
	e[k++] = f0.mtim == f1.mtim;
	e[k++] = d0.mtim != d1.mtim;
	e[k++] = a0.mtim != a1.mtim;
	e[k++] = b0.mtim != b1.mtim;
	answer_errnos(e, k, "");
	return 0;
}
