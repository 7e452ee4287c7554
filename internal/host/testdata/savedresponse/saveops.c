// saved responses (subako_http output files; from attack pass 51c's kit): a module that runs the ops of its request line's
// "ops":"..." (space separated) and answers {"r":"..."} with what each
// gave, one ';' after each:
//   Hurl>path  subako_http GET url, the body saved at path (inline without >path): the answer
//   Spath      path_filestat_get: errno,filetype,size,nlink,ino,mtim,ctim
//   C          clock_time_get(REALTIME)
//   Lpath      fd_readdir of the directory path from cookie 0: the names
//   Opath      path_open path for reading and keep the fd (the last one kept)
//   Fpath      fd_filestat_get of the kept fd, after a read of 8 bytes: errno,size,nlink,bytes read
//   Wpath      create path and write 5 bytes: errno
//   Ya>b       path_symlink target a at b: errno
//   Ra>b       path_rename a onto b: errno
//   Zms        sleep ms through poll_oneoff
//   Pa>b       poll until a exists (at most 20,000,000 stats), then rename b onto a: tries,errno
// A path is /volume/tmp/... (fd 3) or /volume/data/... (fd 4).
// clang --target=wasm32-wasi -O2 -o saveops.wasm saveops.c
#include "../request.h"
#include <stdlib.h>

__attribute__((import_module("subako_http"), import_name("request"))) int32_t http_request(const uint8_t *ptr, int32_t len);
__attribute__((import_module("subako_http"), import_name("read_response"))) int32_t http_read(uint8_t *ptr, int32_t len);

static char out[60000];
static int olen;
static char big[1 << 20];

static void put(const char *s) {
	for (; *s && olen < (int)sizeof out - 8; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\') { out[olen++] = '\\'; out[olen++] = c; }
		else if (c < 0x20) { olen += snprintf(out + olen, sizeof out - olen, "\\u%04x", c); }
		else out[olen++] = c;
	}
}

static __wasi_fd_t dirof(const char *p, const char **rest) {
	if (strncmp(p, "/volume/tmp/", 12) == 0) { *rest = p + 12; return 3; }
	if (strcmp(p, "/volume/tmp") == 0) { *rest = "."; return 3; }
	if (strncmp(p, "/volume/data/", 13) == 0) { *rest = p + 13; return 4; }
	if (strcmp(p, "/volume/data") == 0) { *rest = "."; return 4; }
	*rest = p;
	return 3;
}

static __wasi_fd_t kept = (__wasi_fd_t)-1;

static void op(char *o) {
	char buf[512];
	const char *r;
	switch (o[0]) {
	case 'H': {
		char *url = o + 1, *path = strchr(url, '>');
		if (path) *path++ = 0;
		int n;
		if (path) n = snprintf(big, sizeof big, "{\"url\":\"%s\",\"output\":{\"type\":\"file\",\"path\":\"%s\"}}", url, path);
		else n = snprintf(big, sizeof big, "{\"url\":\"%s\"}", url);
		int32_t len = http_request((const uint8_t *)big, n);
		if (len < 0 || len >= (int32_t)sizeof big) { snprintf(buf, sizeof buf, "req%d", len); put(buf); break; }
		int32_t e = http_read((uint8_t *)big, len);
		big[len] = 0;
		if (e != 0) { snprintf(buf, sizeof buf, "read%d", e); put(buf); break; }
		if (len > 400) big[400] = 0;
		put(big);
		break;
	}
	case 'S': {
		__wasi_filestat_t st;
		__wasi_fd_t d = dirof(o + 1, &r);
		int e = __wasi_path_filestat_get(d, 0, r, &st);
		snprintf(buf, sizeof buf, "%d,%d,%llu,%llu,%llu,%llu,%llu", e, st.filetype, (unsigned long long)st.size, (unsigned long long)st.nlink,
		         (unsigned long long)st.ino, (unsigned long long)st.mtim, (unsigned long long)st.ctim);
		if (e) snprintf(buf, sizeof buf, "%d", e);
		put(buf);
		break;
	}
	case 'C': {
		__wasi_timestamp_t t = 0;
		(void)__wasi_clock_time_get(__WASI_CLOCKID_REALTIME, 1, &t);
		snprintf(buf, sizeof buf, "%llu", (unsigned long long)t);
		put(buf);
		break;
	}
	case 'L': {
		__wasi_fd_t d = dirof(o + 1, &r), fd;
		int e = __wasi_path_open(d, 0, r, __WASI_OFLAGS_DIRECTORY, __WASI_RIGHTS_FD_READDIR | __WASI_RIGHTS_FD_FILESTAT_GET, all, 0, &fd);
		if (e) { snprintf(buf, sizeof buf, "open%d", e); put(buf); break; }
		static uint8_t lb[8192];
		__wasi_size_t used = 0;
		e = __wasi_fd_readdir(fd, lb, sizeof lb, 0, &used);
		for (size_t i = 0; i + sizeof(__wasi_dirent_t) <= used;) {
			__wasi_dirent_t de;
			memcpy(&de, lb + i, sizeof de);
			i += sizeof de;
			snprintf(buf, sizeof buf, "%.*s/%llu,", (int)de.d_namlen, (char *)lb + i, (unsigned long long)de.d_ino);
			put(buf);
			i += de.d_namlen;
		}
		(void)__wasi_fd_close(fd);
		break;
	}
	case 'O': {
		__wasi_fd_t d = dirof(o + 1, &r);
		int e = __wasi_path_open(d, 0, r, 0, all, all, 0, &kept);
		snprintf(buf, sizeof buf, "%d", e);
		put(buf);
		break;
	}
	case 'F': {
		__wasi_filestat_t st;
		char b8[8];
		__wasi_iovec_t v = {(uint8_t *)b8, 8};
		__wasi_size_t n = 0;
		int e1 = __wasi_fd_read(kept, &v, 1, &n);
		int e = __wasi_fd_filestat_get(kept, &st);
		snprintf(buf, sizeof buf, "%d,%d,%llu,%llu,%.*s", e1, e, (unsigned long long)st.size, (unsigned long long)st.nlink, (int)n, b8);
		put(buf);
		break;
	}
	case 'W': {
		__wasi_fd_t d = dirof(o + 1, &r), fd;
		int e = __wasi_path_open(d, 0, r, __WASI_OFLAGS_CREAT | __WASI_OFLAGS_TRUNC, all, all, 0, &fd);
		if (!e) {
			__wasi_ciovec_t v = {(const uint8_t *)"mine\n", 5};
			__wasi_size_t n;
			e = __wasi_fd_write(fd, &v, 1, &n);
			(void)__wasi_fd_close(fd);
		}
		snprintf(buf, sizeof buf, "%d", e);
		put(buf);
		break;
	}
	case 'Y': case 'R': {
		char *b = strchr(o + 1, '>');
		if (!b) break;
		*b++ = 0;
		const char *rb;
		__wasi_fd_t db = dirof(b, &rb);
		int e;
		if (o[0] == 'Y') e = __wasi_path_symlink(o + 1, db, rb);
		else { const char *ra; __wasi_fd_t da = dirof(o + 1, &ra); e = __wasi_path_rename(da, ra, db, rb); }
		snprintf(buf, sizeof buf, "%d", e);
		put(buf);
		break;
	}
	case 'P': {
		char *b = strchr(o + 1, '>');
		if (!b) break;
		*b++ = 0;
		const char *rt, *rf;
		__wasi_fd_t dt = dirof(o + 1, &rt), df = dirof(b, &rf);
		__wasi_filestat_t st;
		long tries = 0;
		while (tries < 20000000 && __wasi_path_filestat_get(dt, 0, rt, &st) != 0) tries++;
		int e = __wasi_path_rename(df, rf, dt, rt);
		snprintf(buf, sizeof buf, "%ld,%d", tries, e);
		put(buf);
		break;
	}
	case 'Z': {
		__wasi_subscription_t s = {0};
		s.u.tag = __WASI_EVENTTYPE_CLOCK;
		s.u.u.clock.id = __WASI_CLOCKID_MONOTONIC;
		s.u.u.clock.timeout = (unsigned long long)atoll(o + 1) * 1000000ull;
		__wasi_event_t ev;
		__wasi_size_t n;
		(void)__wasi_poll_oneoff(&s, &ev, 1, &n);
		put("z");
		break;
	}
	}
	put(";");
}

int main(void) {
	while (read_request()) {
		char *ops = strstr(request, "\"ops\":\"");
		olen = 0;
		if (ops) {
			ops += 7;
			char *end = strchr(ops, '"');
			if (end) *end = 0;
			for (char *tok = strtok(ops, " "); tok; tok = strtok(NULL, " ")) op(tok);
		}
		out[olen] = 0;
		int n = snprintf(big, sizeof big, "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"r\":\"%s\"}}\n", out);
		answer(big, (size_t)n);
	}
	return 0;
}
