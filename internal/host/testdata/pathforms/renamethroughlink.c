// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o renamethroughlink.wasm renamethroughlink.c
// Reads one request line (attack pass 46e, row 1). In /volume/tmp (fd 3)
// makes a, a/s1, a/s2 and a link l -> a; opens a/s1 (by its own name) and
// l/s2 (through the link) as descriptors; renames l/s1 to r1 (through the
// link) and a/s2 to r2 (by its own name); makes a/s1 and a/s2 again; then
// creates x relative to the first descriptor and y relative to the second,
// and answers the errnos and where x and y are now (r1/x, r2/y in
// wasmtime: each descriptor is the directory it opened, wherever it moved).
// Then makes s3, opens it, renames it to l/s3 (a link in the new name: a/s3),
// points l at a new b holding its own s3, creates z relative to the
// descriptor, and answers where z is (a/s3/z in wasmtime).
#include "../request.h"

int main(void) {
	if (!read_request()) return 1;
	__wasi_fd_t d1 = 0, d2 = 0, d3 = 0, x = 0, y = 0, z = 0;
	int e1 = __wasi_path_create_directory(3, "a");
	int e2 = __wasi_path_create_directory(3, "a/s1");
	int e3 = __wasi_path_create_directory(3, "a/s2");
	int e4 = __wasi_path_symlink("a", 3, "l");
	int e5 = __wasi_path_open(3, 0, "a/s1", __WASI_OFLAGS_DIRECTORY, all & ~(__wasi_rights_t)__WASI_RIGHTS_FD_WRITE, all, 0, &d1);
	int e6 = __wasi_path_open(3, __WASI_LOOKUPFLAGS_SYMLINK_FOLLOW, "l/s2", __WASI_OFLAGS_DIRECTORY, all & ~(__wasi_rights_t)__WASI_RIGHTS_FD_WRITE, all, 0, &d2);
	int e7 = __wasi_path_rename(3, "l/s1", 3, "r1");
	int e8 = __wasi_path_rename(3, "a/s2", 3, "r2");
	int e9 = __wasi_path_create_directory(3, "a/s1");
	int e10 = __wasi_path_create_directory(3, "a/s2");
	int e11 = __wasi_path_open(d1, 0, "x", __WASI_OFLAGS_CREAT, all, all, 0, &x);
	int e12 = __wasi_path_open(d2, 0, "y", __WASI_OFLAGS_CREAT, all, all, 0, &y);
	int e13 = __wasi_path_create_directory(3, "s3");
	int e14 = __wasi_path_open(3, 0, "s3", __WASI_OFLAGS_DIRECTORY, all & ~(__wasi_rights_t)__WASI_RIGHTS_FD_WRITE, all, 0, &d3);
	int e15 = __wasi_path_rename(3, "s3", 3, "l/s3");
	int e16 = __wasi_path_unlink_file(3, "l");
	int e17 = __wasi_path_create_directory(3, "b");
	int e18 = __wasi_path_create_directory(3, "b/s3");
	int e19 = __wasi_path_symlink("b", 3, "l");
	int e20 = __wasi_path_open(d3, 0, "z", __WASI_OFLAGS_CREAT, all, all, 0, &z);
	__wasi_filestat_t st;
	int r1x = __wasi_path_filestat_get(3, 0, "r1/x", &st);
	int a1x = __wasi_path_filestat_get(3, 0, "a/s1/x", &st);
	int r2y = __wasi_path_filestat_get(3, 0, "r2/y", &st);
	int a2y = __wasi_path_filestat_get(3, 0, "a/s2/y", &st);
	int a3z = __wasi_path_filestat_get(3, 0, "a/s3/z", &st);
	int b3z = __wasi_path_filestat_get(3, 0, "b/s3/z", &st);
	answer_result(1, "{\"e\":\"%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,r1/x:%d,a/s1/x:%d,r2/y:%d,a/s2/y:%d;%d,%d,%d,%d,%d,%d,%d,%d,a/s3/z:%d,b/s3/z:%d\"}",
		e1, e2, e3, e4, e5, e6, e7, e8, e9, e10, e11, e12, r1x, a1x, r2y, a2y,
		e13, e14, e15, e16, e17, e18, e19, e20, a3z, b3z);
	return 0;
}
