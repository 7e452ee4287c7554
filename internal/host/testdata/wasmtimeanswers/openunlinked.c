// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o openunlinked.wasm openunlinked.c
// As wasmtime (attack pass 50c, row 1): a file's identity through a descriptor held across the
// unlink of its name. Part A (fd 3 a package holding "asset"): asset
// opened, the first change (path_create_directory(3, "newdir")), fstat,
// unlink asset, fstat. Part B: "f" made, written, 100 ms of the module's
// own time, written, fstat, unlink f, fstat. Answers {"e":"..."}: errnos,
// then 1/0 for "the same after the unlink as before" (ino, ctim, mtim),
// then the nlink after.
#include "../request.h"

static void spin(long long ns) {
	__wasi_timestamp_t t0, t;
	(void)__wasi_clock_time_get(__WASI_CLOCKID_MONOTONIC, 1, &t0);
	do (void)__wasi_clock_time_get(__WASI_CLOCKID_MONOTONIC, 1, &t); while ((long long)(t - t0) < ns);
}

int main(void) {
	if (!read_request()) return 1;
	long long e[40];
	int k = 0;
	__wasi_fd_t fa, fb;
	__wasi_filestat_t a0, a1, b0, b1;
	__wasi_size_t n;
	__wasi_ciovec_t v = {(const uint8_t *)"x", 1};
	e[k++] = __wasi_path_open(3, 0, "asset", 0, all, all, 0, &fa);
	e[k++] = __wasi_path_create_directory(3, "newdir");
	e[k++] = __wasi_fd_filestat_get(fa, &a0);
	e[k++] = __wasi_path_unlink_file(3, "asset");
	e[k++] = __wasi_fd_filestat_get(fa, &a1);
	e[k++] = a0.ino == a1.ino;
	e[k++] = a0.ctim == a1.ctim;
	e[k++] = a0.mtim == a1.mtim;
	e[k++] = (long long)a1.nlink;
	e[k++] = __wasi_path_open(3, 0, "f", __WASI_OFLAGS_CREAT, all, all, 0, &fb);
	e[k++] = __wasi_fd_write(fb, &v, 1, &n);
	spin(100000000);
	e[k++] = __wasi_fd_write(fb, &v, 1, &n);
	e[k++] = __wasi_fd_filestat_get(fb, &b0);
	e[k++] = __wasi_path_unlink_file(3, "f");
	e[k++] = __wasi_fd_filestat_get(fb, &b1);
	e[k++] = b0.ino == b1.ino;
	e[k++] = b0.ctim == b1.ctim;
	e[k++] = b0.mtim == b1.mtim;
	e[k++] = (long long)b1.nlink;
	e[k++] = b0.mtim > b0.ctim;
	answer_errnos(e, k, "");
	return 0;
}
