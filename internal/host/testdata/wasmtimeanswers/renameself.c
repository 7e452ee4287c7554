// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o renameself.wasm renameself.c
// Pinned by TestSeededNoOpRenameAsWasmtime (attack pass 50c, row 3).
// A rename that changes nothing (a name onto itself, a
// name onto a hard link of the same file), which rename(2) answers 0 and
// does nothing for. d holds 19 files of 200-byte names (4096 bytes, one
// block) and a link h to the first; 100 ms of the module's own time; each
// renamed onto itself and the first onto h; then a 20th file. Answers
// {"e":"..."}: errnos, d's size after the 19, whether d's mtim moved by
// the renames, d's size after the 20th, whether both n00 and h remain.
#include "../request.h"

static void spin(long long ns) {
	__wasi_timestamp_t t0, t;
	(void)__wasi_clock_time_get(__WASI_CLOCKID_MONOTONIC, 1, &t0);
	do (void)__wasi_clock_time_get(__WASI_CLOCKID_MONOTONIC, 1, &t); while ((long long)(t - t0) < ns);
}

static char name[256];

static const char *nameOf(int i) {
	int l = snprintf(name, sizeof name, "d/n%02d", i);
	memset(name + l, 'x', 202 - l);
	name[202] = 0;
	return name;
}

int main(void) {
	if (!read_request()) return 1;
	long long e[64];
	int k = 0, bad = 0;
	__wasi_fd_t f;
	__wasi_filestat_t st, st2;
	e[k++] = __wasi_path_create_directory(3, "d");
	for (int i = 0; i < 19; i++)
		if (__wasi_path_open(3, 0, nameOf(i), __WASI_OFLAGS_CREAT, all, all, 0, &f) == 0) (void)__wasi_fd_close(f); else bad++;
	e[k++] = bad;
	e[k++] = __wasi_path_link(3, 0, nameOf(0), 3, "d/h");
	e[k++] = __wasi_path_filestat_get(3, 0, "d", &st);
	e[k++] = (long long)st.size;
	spin(100000000);
	bad = 0;
	for (int i = 0; i < 19; i++) {
		char from[256];
		strcpy(from, nameOf(i));
		if (__wasi_path_rename(3, from, 3, from) != 0) bad++;
	}
	e[k++] = bad;
	e[k++] = __wasi_path_rename(3, nameOf(0), 3, "d/h");
	e[k++] = __wasi_path_filestat_get(3, 0, "d", &st2);
	e[k++] = st2.mtim != st.mtim;
	e[k++] = __wasi_path_open(3, 0, nameOf(19), __WASI_OFLAGS_CREAT, all, all, 0, &f);
	e[k++] = __wasi_path_filestat_get(3, 0, "d", &st2);
	e[k++] = (long long)st2.size;
	e[k++] = __wasi_path_filestat_get(3, 0, nameOf(0), &st2);
	e[k++] = __wasi_path_filestat_get(3, 0, "d/h", &st2);
	answer_errnos(e, k, "");
	return 0;
}
