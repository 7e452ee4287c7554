// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o rights.wasm rights.c
// Reads one request line and answers with what Subako's runtime answers
// otherwise than wazero (attack pass 49a, rows 1, 2 and 6), in /volume/tmp
// (fd 3): fd_prestat_dir_name(3) into buffers of 2 bytes, of the name's
// length and of 200 bytes, each errno and what the buffer then holds (n:
// the name, NUL-padded where the buffer is longer; s: the 2-byte buffer,
// "##" when untouched); fd_fdstat_get's base and inheriting rights ("r",
// in hex) of the preopen, of a file opened with every right, with FD_READ
// alone and with none, of a directory "d" opened with every right (the
// open answers EISDIR), with none and with FD_READ|FD_READDIR, of "."
// opened with every right (EISDIR) and with none; then a file created with FD_READ alone (fd_write of "a" and
// fd_filestat_set_size to 3), the file "t" holding "hello" opened with
// OFLAGS_TRUNC and FD_READ alone (fd_write of "a", its size), the same
// without TRUNC (fd_write, which fails), and an existing file opened with
// OFLAGS_CREAT and FD_READ alone (fd_write, its size, its rights), "t"
// opened with OFLAGS_TRUNC and FD_WRITE alone (its rights), and "f"
// opened with FDFLAGS_APPEND and no right (fd_write, its rights).
#include "../request.h"

static char rights_text[1024];
static int rights_len;

// rights appends fd's base and inheriting rights to rights_text, "-E"
// for both when fd_fdstat_get fails with E.
static void rights(__wasi_fd_t fd) {
	__wasi_fdstat_t st;
	__wasi_errno_t err = __wasi_fd_fdstat_get(fd, &st);
	if (err != 0) {
		rights_len += snprintf(rights_text + rights_len, sizeof rights_text - rights_len, "-%d,", err);
		return;
	}
	rights_len += snprintf(rights_text + rights_len, sizeof rights_text - rights_len, "%llx/%llx,",
	                       (unsigned long long)st.fs_rights_base, (unsigned long long)st.fs_rights_inheriting);
}

int main(void) {
	if (!read_request()) return 1;
	long long e[40];
	int k = 0;
	char name[201], small[3] = "##", named[64];
	__wasi_prestat_t pre;
	__wasi_fd_t f, d, x;
	__wasi_filestat_t st;
	__wasi_size_t n;
	const __wasi_ciovec_t a = {(const uint8_t *)"a", 1};

	e[k++] = __wasi_fd_prestat_get(3, &pre);
	e[k++] = pre.u.dir.pr_name_len;
	e[k++] = __wasi_fd_prestat_dir_name(3, (uint8_t *)small, 2);
	memset(named, '#', sizeof named);
	e[k++] = __wasi_fd_prestat_dir_name(3, (uint8_t *)named, pre.u.dir.pr_name_len);
	named[pre.u.dir.pr_name_len < 63 ? pre.u.dir.pr_name_len : 63] = 0;
	memset(name, '#', sizeof name);
	e[k++] = __wasi_fd_prestat_dir_name(3, (uint8_t *)name, 200);
	for (int i = 0; i < 200; i++)
		if (name[i] == 0) name[i] = '0';
	name[20] = 0;

	rights(3);
	e[k++] = __wasi_path_open(3, 0, "f", __WASI_OFLAGS_CREAT, all, all, 0, &f);
	rights(f);
	e[k++] = __wasi_path_open(3, 0, "f", 0, __WASI_RIGHTS_FD_READ, 0, 0, &x);
	rights(x);
	e[k++] = __wasi_path_open(3, 0, "f", 0, 0, 0, 0, &x);
	rights(x);
	e[k++] = __wasi_path_create_directory(3, "d");
	e[k++] = __wasi_path_open(3, 0, "d", __WASI_OFLAGS_DIRECTORY, all, all, 0, &d);
	rights(d);
	e[k++] = __wasi_path_open(3, 0, "d", __WASI_OFLAGS_DIRECTORY, 0, 0, 0, &d);
	rights(d);
	e[k++] = __wasi_path_open(3, 0, "d", 0, __WASI_RIGHTS_FD_READ | __WASI_RIGHTS_FD_READDIR, all, 0, &d);
	rights(d);
	e[k++] = __wasi_path_open(3, 0, ".", 0, all, all, 0, &d);
	e[k++] = __wasi_path_open(3, 0, ".", 0, 0, 0, 0, &d);
	rights(d);

	e[k++] = __wasi_path_open(3, 0, "nf", __WASI_OFLAGS_CREAT, __WASI_RIGHTS_FD_READ, 0, 0, &x);
	e[k++] = __wasi_fd_write(x, &a, 1, &n);
	e[k++] = __wasi_fd_filestat_set_size(x, 3);
	e[k++] = __wasi_fd_filestat_get(x, &st) == 0 ? (long long)st.size : -1;
	rights(x);

	__wasi_fd_t t;
	const __wasi_ciovec_t hello = {(const uint8_t *)"hello", 5};
	(void)__wasi_path_open(3, 0, "t", __WASI_OFLAGS_CREAT, all, all, 0, &t);
	(void)__wasi_fd_write(t, &hello, 1, &n);
	e[k++] = __wasi_path_open(3, 0, "t", __WASI_OFLAGS_TRUNC, __WASI_RIGHTS_FD_READ, 0, 0, &x);
	e[k++] = __wasi_fd_write(x, &a, 1, &n);
	e[k++] = __wasi_fd_filestat_get(x, &st) == 0 ? (long long)st.size : -1;
	rights(x);
	e[k++] = __wasi_path_open(3, 0, "t", 0, __WASI_RIGHTS_FD_READ, 0, 0, &x);
	e[k++] = __wasi_fd_write(x, &a, 1, &n);
	e[k++] = __wasi_fd_filestat_set_size(x, 0);
	e[k++] = __wasi_path_open(3, 0, "t", __WASI_OFLAGS_CREAT, __WASI_RIGHTS_FD_READ, 0, 0, &x);
	e[k++] = __wasi_fd_write(x, &a, 1, &n);
	e[k++] = __wasi_fd_filestat_get(x, &st) == 0 ? (long long)st.size : -1;
	rights(x);
	e[k++] = __wasi_path_open(3, 0, "t", __WASI_OFLAGS_TRUNC, __WASI_RIGHTS_FD_WRITE, 0, 0, &x);
	rights(x);
	e[k++] = __wasi_path_open(3, 0, "f", 0, 0, 0, __WASI_FDFLAGS_APPEND, &x);
	e[k++] = __wasi_fd_write(x, &a, 1, &n);
	rights(x);

	answer_errnos(e, k, ",\"s\":\"%.2s\",\"n\":\"%s\",\"p\":\"%s\",\"r\":\"%s\"", small, name, named, rights_text);
	return 0;
}
