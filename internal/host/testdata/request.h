// request.h: what the request-line modules of internal/host/testdata share,
// each including it as "../request.h": read one request line from stdin,
// write one JSON-RPC answer line to stdout, read a file's first bytes, the
// rights mask of every right. Each module's .wasm is
// what its own `// clang ...` head line builds (TestTestdataWasmRebuilds):
// a change here changes every module that includes it, so rebuild them all
// and run the host tests that use them.
#ifndef SUBAKO_TESTDATA_REQUEST_H
#define SUBAKO_TESTDATA_REQUEST_H

#include <wasi/api.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

// all: every right of WASI preview 1 (bits 0 to 28).
static const __wasi_rights_t all = (1ull << 29) - 1;

// request: the request line read_request read (and whatever came after it
// in the same read), always followed by a NUL.
static char request[4096];

// read_request reads stdin until request holds a '\n': 1 then, 0 at the end
// of input or on an error before it (or when the line does not fit).
static inline int read_request(void) {
	size_t have = 0;
	for (;;) {
		__wasi_iovec_t v = {(uint8_t *)request + have, sizeof request - 1 - have};
		__wasi_size_t n = 0;
		if (__wasi_fd_read(0, &v, 1, &n) != 0 || n == 0) return 0;
		have += n;
		if (memchr(request, '\n', have)) return 1;
	}
}

// answer writes the len bytes at line to stdout in one fd_write.
static inline void answer(const char *line, size_t len) {
	__wasi_ciovec_t o = {(const uint8_t *)line, len};
	__wasi_size_t n;
	(void)__wasi_fd_write(1, &o, 1, &n);
}

static char answer_line[4096];

// answer_rest appends to the first len bytes of answer_line what format
// makes of args, then end, and answers with the line.
static inline void answer_rest(int len, const char *end, const char *format, va_list args) {
	len += vsnprintf(answer_line + len, sizeof answer_line - len, format, args);
	len += snprintf(answer_line + len, sizeof answer_line - len, "%s", end);
	answer(answer_line, (size_t)len);
}

// answer_result answers request id with the result printf's format makes
// (a JSON object): {"jsonrpc":"2.0","id":ID,"result":RESULT} and "\n".
__attribute__((format(printf, 2, 3))) static inline void answer_result(int id, const char *format, ...) {
	int len = snprintf(answer_line, sizeof answer_line, "{\"jsonrpc\":\"2.0\",\"id\":%d,\"result\":", id);
	va_list args;
	va_start(args, format);
	answer_rest(len, "}\n", format, args);
	va_end(args);
}

// answer_errnos answers id 1 with the result {"e":"E0,E1,...,"}: the k
// numbers of e, each followed by a comma; then, inside the result after
// "e", what more's printf format makes ("" for nothing).
__attribute__((format(printf, 3, 4))) static inline void answer_errnos(const long long *e, int k, const char *more, ...) {
	int len = snprintf(answer_line, sizeof answer_line, "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"e\":\"");
	for (int i = 0; i < k; i++) len += snprintf(answer_line + len, sizeof answer_line - len, "%lld,", e[i]);
	len += snprintf(answer_line + len, sizeof answer_line - len, "\"");
	va_list args;
	va_start(args, more);
	answer_rest(len, "}}\n", more, args);
	va_end(args);
}

// read_path opens name relative to dir (with the lookup flags and base
// rights given, inheriting all) and reads up to cap - 1 bytes of it into
// got, then a NUL (got is "" when the open fails): the open's errno.
static inline int read_path(__wasi_fd_t dir, __wasi_lookupflags_t lookup, const char *name, __wasi_rights_t rights, char *got, size_t cap) {
	__wasi_fd_t fd;
	__wasi_size_t n = 0;
	got[0] = 0;
	int e = __wasi_path_open(dir, lookup, name, 0, rights, all, 0, &fd);
	if (e != 0) return e;
	__wasi_iovec_t v = {(uint8_t *)got, cap - 1};
	(void)__wasi_fd_read(fd, &v, 1, &n);
	got[n] = 0;
	(void)__wasi_fd_close(fd);
	return 0;
}

#endif
