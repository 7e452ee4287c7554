// add: an ABI 1 function package in C (clang and wasi-libc) with one tool,
// add, that sums two integers. A test subject for subakogo's call probes:
// built plain it behaves; each -D switch below breaks one probe and nothing
// that upload discovery can see.
//
//   RPC_ERROR      bad arguments get a JSON-RPC error instead of an isError result
//   READ_TO_EOF    a call is answered only once stdin reaches end of file
//   SLOW_EXIT      after a call, the module sleeps 2 s at end of file before exiting
//   ANSWER_NOTIFY  a notification gets an answer
//   BAD_OUTPUT     structuredContent's sum is a string, against the outputSchema
//   STRING_ID      a numeric id is echoed as a string
//   MAX_TRAP       a or b at its maximum, 1000000, traps
//   BUFFERED       stdout fully buffered and flushed only after discovery: a call's answer comes out
//                  when the buffer fills or at exit
//   WORK_ITER=N    every call first makes N random reads and writes over 8 MiB: memory-bound
//                  work, whose own time grows on a throttled thread (internal/throttled, attack
//                  pass 42c); with CALIBRATE a call answers how long the work took
//   IDLE_POLL=T    once it answered a call, it polls stdin T ms of its time for the next request
//                  and exits without one (an idle server; behaves); with IDLE_POLL_ALL it polls so
//                  after every answer, discovery's too (attack pass 43c, rows 3-4)
//   SLEEP_AFTER=T  after each call's answer it sleeps T ms before reading on (and seeing end of
//                  file): as SLOW_EXIT, past the exit grace from T = 1000 (attack pass 43c, row 5)
//   GAP_ITER=N     with IDLE_POLL or SLEEP_AFTER: N iterations of a spin after the answer first
//   GROW_MIB=N     the first call takes N MiB of the module's memory and keeps it (a model or a
//                  table loaded once); a failed malloc traps (attack pass 43c, row 2)
//   FS_TIME_TRAP=N every call traps on one in N hashes of /volume/tmp's modification time: a
//                  verdict drawn from the volume's times (attack pass 43c, row 1)
//   FS_PRINT       every call answers /volume/tmp's modification time and inode number
//   HOST_CALLS=N   every call first makes N stat() calls of /volume/tmp and opens and closes it
//                  N times: host calls that allocate on the host's side, whose collector's
//                  assists are on the module's thread (attack pass 44e, row 2)
//
// The machine's refusals (attack pass 43i, rows 3-5): a module within its
// own limits that aborts when the host refuses it a file or a write.
//
//   FILES=N        the first call of a run opens N files in /volume/tmp and keeps them open for
//                  the run; a failed open traps
//   HOLD=T         with FILES: a call with "a":7 (a client's) spins T ms of its own time before
//                  answering, holding its files
//   WRITE=N        every call writes N MiB to /volume/tmp/w; a failed write traps
//
// Hooks of attack pass 43i (rows 1 and 2), in a block of their own:
//
//   DIR_PRINT      every call makes f0..f7 in /volume/tmp and answers the order fd_readdir lists
//                  them in and /volume/tmp's size and link count ("order=01234567 size=0 nlink=1")
//   PIPE_READS     stdin is read with read(2) of 256 KiB at a time (not stdio's getline); a call
//                  whose request line took more than one read traps: a module that sees how the
//                  host cut its input into a pipe
//
// Hooks of attack pass 43j (rows 3 and 5):
//
//   STDIN_FILE     a call closes stdin, opens /volume/tmp/s (which takes fd 0) and polls it for
//                  reading; it answers "fd=F n=N revents=R" (a file is ready: R is POLLIN) and
//                  then ends, its stdin gone
//   LISTINGS=N     every call makes 1,000 files of 240-byte names in /volume/tmp, opens the
//                  directory N times and reads it on each with one fd_readdir of a 512 KiB buffer,
//                  keeping every descriptor open; then one fd_readdir of a 4 GiB buffer at address
//                  16 on the last descriptor; it answers "ok=K nomem=M other=X big=E" (E: that last call's errno)
//
// The edge variants declare three more optional members (mode, an enum;
// label, a string or null of at most 16 characters; tags, at most 4
// strings) and break on one edge of them; EDGE_GOOD behaves:
//
//   ENUM_SECOND    mode "difference" gets a JSON-RPC error
//   EMPTY_STRING   an empty label traps
//   NULL_MEMBER    a null label traps
//   MAX_ITEMS      tags at maxItems (4) traps
//
// The search variants declare other optional members (note and code,
// strings of at most 32 characters; level, from and to, integers from 0 to
// 1000; when, a date) and break inside them, where no schema edge is;
// SEARCH_GOOD behaves:
//
//   MAGIC_STRING   a note starting with "admin:" traps
//   MID_NUMBER     level 613 traps
//   RELATION       to one more than from traps
//   EXACT_LENGTH   a code of exactly 11 characters traps
//   LEAP_DATE      when on February 29 traps
//   STAGED         level 347, note "open-sesame!" and from 271 together
//                  trap, each compared in a function of its own: the module's
//                  constants give each value, coverage of the stage functions
//                  the way to combine them
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// RESULT opens a response's result: every result says it is complete.
#define RESULT "\"result\":{\"resultType\":\"complete\","

#if defined(EDGE_GOOD) || defined(ENUM_SECOND) || defined(EMPTY_STRING) || defined(NULL_MEMBER) || defined(MAX_ITEMS)
#define EDGE 1
#define EDGE_MEMBERS \
	",\"mode\":{\"type\":\"string\",\"enum\":[\"sum\",\"difference\"],\"description\":\"What to compute.\"}," \
	"\"label\":{\"type\":[\"string\",\"null\"],\"maxLength\":16,\"description\":\"A label for the result.\"}," \
	"\"tags\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"maxLength\":8},\"maxItems\":4,\"description\":\"Tags.\"}"
#elif defined(SEARCH_GOOD) || defined(MAGIC_STRING) || defined(MID_NUMBER) || defined(RELATION) || defined(EXACT_LENGTH) || defined(LEAP_DATE) || defined(STAGED)
#define SEARCH 1
#define EDGE_MEMBERS \
	",\"note\":{\"type\":\"string\",\"maxLength\":32,\"description\":\"A note.\"}," \
	"\"code\":{\"type\":\"string\",\"maxLength\":32,\"description\":\"A code.\"}," \
	"\"level\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":1000,\"description\":\"A level.\"}," \
	"\"from\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":1000,\"description\":\"The range's start.\"}," \
	"\"to\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":1000,\"description\":\"The range's end.\"}," \
	"\"when\":{\"type\":\"string\",\"format\":\"date\",\"description\":\"A day.\"}"
#else
#define EDGE_MEMBERS ""
#endif

static const char TOOLS[] =
    "\"tools\":[{\"name\":\"add\",\"description\":\"Adds two integers.\","
    "\"inputSchema\":{\"type\":\"object\",\"properties\":{"
    "\"a\":{\"type\":\"integer\",\"description\":\"The first addend.\",\"minimum\":-1000000,\"maximum\":1000000},"
    "\"b\":{\"type\":\"integer\",\"description\":\"The second addend.\",\"minimum\":-1000000,\"maximum\":1000000}" EDGE_MEMBERS "},"
    "\"required\":[\"a\",\"b\"],\"additionalProperties\":false},"
    "\"outputSchema\":{\"type\":\"object\",\"properties\":{"
    "\"sum\":{\"type\":\"integer\",\"description\":\"a + b.\"}},"
    "\"required\":[\"sum\"],\"additionalProperties\":false}}]";

static const char *ws(const char *p) {
	while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') p++;
	return p;
}

// skip returns the end of the JSON value at p, or NULL when it is malformed.
static const char *skip(const char *p) {
	p = ws(p);
	if (*p == '"') {
		for (p++; *p != '"'; p++)
			if (*p == '\0' || (*p == '\\' && *++p == '\0')) return NULL;
		return p + 1;
	}
	if (*p == '{' || *p == '[') {
		char close = *p == '{' ? '}' : ']';
		p = ws(p + 1);
		if (*p == close) return p + 1;
		for (;;) {
			if (close == '}') {
				if (*p != '"' || !(p = skip(p))) return NULL;
				p = ws(p);
				if (*p++ != ':') return NULL;
			}
			if (!(p = skip(p))) return NULL;
			p = ws(p);
			if (*p == close) return p + 1;
			if (*p++ != ',') return NULL;
			p = ws(p);
		}
	}
	const char *start = p;
	while (*p && strchr("+-.0123456789Eaeflnrstu", *p)) p++;
	return p > start ? p : NULL;
}

// next walks an object: from just inside its '{' (or the end of the last
// value), it sets the next member's key (without quotes) and value and
// returns the end of that value; NULL at the end or on malformed input.
static const char *next(const char *p, const char **key, size_t *keylen, const char **val) {
	p = ws(p);
	if (*p == ',') p = ws(p + 1);
	const char *end;
	if (*p != '"' || !(end = skip(p))) return NULL;
	*key = p + 1;
	*keylen = (size_t)(end - p - 2);
	p = ws(end);
	if (*p != ':') return NULL;
	*val = ws(p + 1);
	return skip(*val);
}

// member returns the value of key in the object at obj, or NULL.
static const char *member(const char *obj, const char *key) {
	obj = ws(obj);
	if (*obj != '{') return NULL;
	const char *p = obj + 1, *k, *v;
	size_t n;
	while ((p = next(p, &k, &n, &v)))
		if (n == strlen(key) && memcmp(k, key, n) == 0) return v;
	return NULL;
}

static int is(const char *v, const char *s) {
	return v && v[0] == '"' && strncmp(v + 1, s, strlen(s)) == 0 && v[strlen(s) + 1] == '"';
}

// integer reads a JSON integer within the schema's range.
static int integer(const char *v, long *out) {
	const char *end = skip(v), *p = v;
	if (!end) return 0;
	if (*p == '-') p++;
	if (p == end || end - p > 7) return 0;
	for (const char *q = p; q < end; q++)
		if (*q < '0' || *q > '9') return 0;
	*out = strtol(v, NULL, 10);
	return *out >= -1000000 && *out <= 1000000;
}

#if defined(EDGE) || defined(SEARCH)
// chars counts the characters of the JSON string at v.
static long chars(const char *v) {
	long n = 0;
	for (const unsigned char *p = (const unsigned char *)v + 1; *p && *p != '"'; p++) {
		if (*p == '\\') {
			p++;
			if (*p == 'u') p += 4;
		}
		if ((*p & 0xC0) != 0x80) n++;
	}
	return n;
}
#endif

#ifdef STAGED
// The stages of STAGED, kept out of line so that each is a function whose
// entry coverage sees, the constant each compares in it.
__attribute__((noinline)) static void stage3(long from) {
	if (from == 271) __builtin_trap();
}

__attribute__((noinline)) static void stage2(const char *note, long from) {
	if (note && strncmp(note + 1, "open-sesame!", 12) == 0 && note[13] == '"') stage3(from);
}

__attribute__((noinline)) static void stage1(long level, const char *note, long from) {
	if (level == 347) stage2(note, from);
}
#endif

// answer writes one response line for id, fmt giving its "result" or "error" member.
__attribute__((format(printf, 2, 3))) static void answer(const char *id, const char *fmt, ...) {
	int n = (int)(skip(id) - id);
#ifdef STRING_ID
	if (id[0] != '"') printf("{\"jsonrpc\":\"2.0\",\"id\":\"%.*s\",", n, id);
	else
#endif
		printf("{\"jsonrpc\":\"2.0\",\"id\":%.*s,", n, id);
	va_list ap;
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	fputs("}\n", stdout);
#ifndef BUFFERED
	fflush(stdout);
#endif
}

#ifdef WORK_ITER
#include <stdint.h>
#include <time.h>
// work42c: WORK_ITER random reads and writes over 8 MiB, memory-bound work
// (attack pass 42c), done at the start of every call.
static uint32_t buf42c[2 * 1024 * 1024];
static void work42c(void) {
	enum { N = 2 * 1024 * 1024 };
	uint32_t x = 1, s = 0;
	for (long i = 0; i < WORK_ITER; i++) {
		x = x * 1103515245u + 12345u;
		s += buf42c[(x >> 8) % N];
		buf42c[(x >> 4) % N] = s;
	}
}
#endif

#if defined(FS_TIME_TRAP) || defined(FS_PRINT) || defined(HOST_CALLS)
#include <sys/stat.h>
#endif
#ifdef HOST_CALLS
#include <fcntl.h>
#endif

#if defined(FILES) || defined(WRITE)
#include <fcntl.h>
#include <time.h>
#endif
#ifdef FILES
static void files_hook(const char *params) {
	static int held;
	if (!held) {
		held = 1;
		for (int i = 0; i < FILES; i++) {
			char name[32];
			snprintf(name, sizeof name, "/volume/tmp/h%d", i);
			if (open(name, O_CREAT | O_RDWR, 0644) < 0) __builtin_trap();
		}
	}
#ifdef HOLD
	if (params && strstr(params, "\"a\":7,")) {
		struct timespec t0, t1;
		clock_gettime(CLOCK_MONOTONIC, &t0);
		do clock_gettime(CLOCK_MONOTONIC, &t1);
		while ((t1.tv_sec - t0.tv_sec) * 1000 + (t1.tv_nsec - t0.tv_nsec) / 1000000 < HOLD);
	}
#else
	(void)params;
#endif
}
#endif
#ifdef WRITE
static void write_hook(void) {
	static char block[1 << 16];
	int fd = open("/volume/tmp/w", O_CREAT | O_WRONLY | O_TRUNC, 0644);
	if (fd < 0) __builtin_trap();
	for (int i = 0; i < WRITE * 16; i++)
		if (write(fd, block, sizeof block) != (long)sizeof block) __builtin_trap();
	close(fd);
}
#endif

// Attack pass 43i hooks (DIR_PRINT, PIPE_READS): see the head.
#ifdef DIR_PRINT
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
static void dir_print(const char *id) {
	char order[64] = {0};
	size_t o = 0;
	for (int i = 0; i < 8; i++) {
		char name[32];
		snprintf(name, sizeof name, "/volume/tmp/f%d", i);
		int fd = open(name, O_CREAT | O_WRONLY, 0644);
		if (fd >= 0) close(fd);
	}
	DIR *d = opendir("/volume/tmp");
	if (d) {
		struct dirent *e;
		while ((e = readdir(d)) && o < sizeof order - 3)
			if (e->d_name[0] == 'f') order[o++] = e->d_name[1];
		closedir(d);
	}
	struct stat st = {0};
	stat("/volume/tmp", &st);
	answer(id, RESULT "\"content\":[{\"type\":\"text\",\"text\":\"order=%s size=%lld nlink=%llu\"}]}", order, (long long)st.st_size, (unsigned long long)st.st_nlink);
}
#endif
#ifdef LISTINGS
#include <fcntl.h>
#include <wasi/api.h>
static void listings(const char *id) {
	char name[300];
	memset(name, 'n', 240);
	for (int i = 0; i < 1000; i++) {
		snprintf(name + 240, 40, "%04d", i);
		char path[320];
		snprintf(path, sizeof path, "/volume/tmp/%s", name);
		int fd = open(path, O_CREAT | O_WRONLY, 0644);
		if (fd >= 0) close(fd);
	}
	static uint8_t buf[512 << 10];
	int ok = 0, nomem = 0, other = 0;
	int fds[LISTINGS];
	for (int i = 0; i < LISTINGS; i++) {
		fds[i] = open("/volume/tmp", O_RDONLY | O_DIRECTORY);
		if (fds[i] < 0) {
			other++;
			continue;
		}
		__wasi_size_t used;
		__wasi_errno_t e = __wasi_fd_readdir(fds[i], buf, sizeof buf, 0, &used);
		if (e == 0) ok++;
		else if (e == __WASI_ERRNO_NOMEM) nomem++;
		else other++;
	}
	__wasi_size_t used;
	int last = fds[LISTINGS - 1]; // whose listing was refused: it holds none
	__wasi_errno_t big = last >= 0 ? __wasi_fd_readdir(last, (uint8_t *)16, 0xFFFFFFF0u, 0, &used) : 0;
	for (int i = 0; i < LISTINGS; i++)
		if (fds[i] >= 0) close(fds[i]);
	answer(id, RESULT "\"content\":[{\"type\":\"text\",\"text\":\"ok=%d nomem=%d other=%d big=%d\"}]}", ok, nomem, other, (int)big);
}
#endif
#ifdef STDIN_FILE
#include <fcntl.h>
static void stdin_file(const char *id) {
	close(0);
	int fd = open("/volume/tmp/s", O_CREAT | O_RDWR, 0644);
	struct pollfd p = {.fd = fd, .events = POLLIN};
	int n = poll(&p, 1, 0);
	answer(id, RESULT "\"content\":[{\"type\":\"text\",\"text\":\"fd=%d n=%d revents=%d\"}]}", fd, n, p.revents);
}
#endif
#ifdef PIPE_READS
static char *pr_buf;
static size_t pr_len, pr_cap, pr_last;
static long pr_reads; // how many reads the line last returned took
// pr_line returns the next line's length (NUL-terminated, in *line), read
// with read(2) of 256 KiB at a time; -1 at end of input.
static long pr_line(char **line) {
	if (pr_last) { // drop the line returned before
		memmove(pr_buf, pr_buf + pr_last, pr_len - pr_last);
		pr_len -= pr_last;
		pr_last = 0;
	}
	pr_reads = 0;
	for (;;) {
		char *nl = pr_len ? memchr(pr_buf, '\n', pr_len) : NULL;
		if (nl) {
			*nl = 0;
			pr_last = (size_t)(nl - pr_buf) + 1;
			*line = pr_buf;
			return (long)pr_last;
		}
		if (pr_cap - pr_len < (256 << 10) + 1) {
			pr_cap = pr_len + (512 << 10);
			pr_buf = realloc(pr_buf, pr_cap);
			if (!pr_buf) __builtin_trap();
		}
		long n = read(0, pr_buf + pr_len, 256 << 10);
		if (n <= 0) return -1;
		pr_reads++;
		pr_len += (size_t)n;
	}
}
#define READ_LINE(line, cap) ((void)(cap), pr_line(line))
#else
#define READ_LINE(line, cap) getline(line, cap, stdin)
#endif

static void call(const char *id, const char *params) {
#ifdef STDIN_FILE
	stdin_file(id);
	(void)params;
	return;
#endif
#ifdef LISTINGS
	listings(id);
	(void)params;
	return;
#endif
#ifdef DIR_PRINT
	dir_print(id);
	(void)params;
	return;
#endif
#ifdef FILES
	files_hook(params);
#endif
#ifdef WRITE
	write_hook();
#endif
#ifdef GROW_MIB
	{
		static char *g;
		if (!g) {
			g = malloc((size_t)GROW_MIB << 20);
			if (!g) __builtin_trap();
			memset(g, 1, (size_t)GROW_MIB << 20);
		}
	}
#endif
#ifdef HOST_CALLS
	for (int i = 0; i < HOST_CALLS; i++) {
		struct stat st;
		if (stat("/volume/tmp", &st) != 0) __builtin_trap();
		int fd = open("/volume/tmp", O_RDONLY | O_DIRECTORY);
		if (fd < 0) __builtin_trap();
		close(fd);
	}
#endif
#ifdef FS_TIME_TRAP
	{
		struct stat st;
		if (stat("/volume/tmp", &st) == 0) {
			unsigned long long h = (unsigned long long)st.st_mtim.tv_sec * 1000000007ULL + (unsigned long long)st.st_mtim.tv_nsec;
			h ^= h >> 33;
			h *= 0xff51afd7ed558ccdULL;
			h ^= h >> 33;
			if (h % FS_TIME_TRAP == 0) __builtin_trap();
		}
	}
#endif
#ifdef FS_PRINT
	{
		struct stat st;
		int r = stat("/volume/tmp", &st);
		answer(id, RESULT "\"content\":[{\"type\":\"text\",\"text\":\"r=%d mtime=%lld.%09ld ino=%llu\"}]}", r, (long long)st.st_mtim.tv_sec, (long)st.st_mtim.tv_nsec, (unsigned long long)st.st_ino);
		(void)params;
		return;
	}
#endif
#ifdef WORK_ITER
#ifdef CALIBRATE
	// CALIBRATE: answer every call with the module time the work took.
	{
		struct timespec t0, t1;
		clock_gettime(CLOCK_MONOTONIC, &t0);
		work42c();
		clock_gettime(CLOCK_MONOTONIC, &t1);
		long us = (t1.tv_sec - t0.tv_sec) * 1000000L + (t1.tv_nsec - t0.tv_nsec) / 1000;
		answer(id, RESULT "\"content\":[{\"type\":\"text\",\"text\":\"work took %ld us\"}]}", us);
		(void)params;
		return;
	}
#endif
	work42c();
#endif
	const char *args = member(params, "arguments"), *k, *v, *p;
	const char *problem = NULL;
	size_t n;
	long a = 0, b = 0;
#ifdef SEARCH
	long from = 0, to = 0;
#endif
#ifdef STAGED
	long level = -1;
	const char *note = NULL;
#endif
	int have = 0;
	const char *rpc = NULL; // a fault a variant answers with a JSON-RPC error
	if (!is(member(params, "name"), "add")) {
		problem = "there is no such tool: the tool is add";
	} else if (!args || *args != '{') {
		problem = "arguments must be an object with a and b";
	} else {
		for (p = args + 1; !problem && (p = next(p, &k, &n, &v));) {
			if (n == 1 && (*k == 'a' || *k == 'b')) {
				if (!integer(v, *k == 'a' ? &a : &b)) problem = "a and b must be integers from -1000000 to 1000000";
				have |= *k == 'a' ? 1 : 2;
#ifdef MAX_TRAP
				if (!problem && (*k == 'a' ? a : b) == 1000000) __builtin_trap();
#endif
#ifdef SEARCH
			} else if ((n == 4 && (memcmp(k, "note", 4) == 0 || memcmp(k, "code", 4) == 0)) || (n == 4 && memcmp(k, "when", 4) == 0)) {
				if (*v != '"' || chars(v) > 32) problem = "note, code and when must be strings of at most 32 characters";
#ifdef STAGED
				else if (*k == 'n') note = v;
#endif
#ifdef MAGIC_STRING
				else if (*k == 'n' && strncmp(v + 1, "admin:", 6) == 0) __builtin_trap();
#endif
#ifdef EXACT_LENGTH
				else if (*k == 'c' && chars(v) == 11) __builtin_trap();
#endif
				else if (*k == 'w') {
					int ok = chars(v) == 10 && v[5] == '-' && v[8] == '-';
					for (int i = 1; i <= 10 && ok; i++)
						if (i != 5 && i != 8 && (v[i] < '0' || v[i] > '9')) ok = 0;
					int month = ok ? (v[6] - '0') * 10 + (v[7] - '0') : 0, day = ok ? (v[9] - '0') * 10 + (v[10] - '0') : 0;
					if (!ok || month < 1 || month > 12 || day < 1 || day > 31) problem = "when must be a date, YYYY-MM-DD";
#ifdef LEAP_DATE
					else if (month == 2 && day == 29) __builtin_trap();
#endif
				}
			} else if ((n == 5 && memcmp(k, "level", 5) == 0) || (n == 4 && memcmp(k, "from", 4) == 0) || (n == 2 && memcmp(k, "to", 2) == 0)) {
				long x;
				if (!integer(v, &x) || x < 0 || x > 1000) problem = "level, from and to must be integers from 0 to 1000";
				else if (*k == 'f') from = x, have |= 4;
				else if (*k == 't') to = x, have |= 8;
#ifdef STAGED
				if (!problem && *k == 'l') level = x;
#endif
#ifdef MID_NUMBER
				else if (x == 613) __builtin_trap();
#endif
#endif
#ifdef EDGE
			} else if (n == 4 && memcmp(k, "mode", 4) == 0) {
				if (!is(v, "sum") && !is(v, "difference")) problem = "mode must be \\\"sum\\\" or \\\"difference\\\"";
#ifdef ENUM_SECOND
				if (is(v, "difference")) rpc = "mode difference is not implemented";
#endif
			} else if (n == 5 && memcmp(k, "label", 5) == 0) {
				if (strncmp(v, "null", 4) == 0) {
#ifdef NULL_MEMBER
					__builtin_trap();
#endif
				} else if (*v != '"') {
					problem = "label must be a string or null";
				} else if (chars(v) > 16) {
					problem = "label must be at most 16 characters";
				}
#ifdef EMPTY_STRING
				if (v[0] == '"' && v[1] == '"') __builtin_trap();
#endif
			} else if (n == 4 && memcmp(k, "tags", 4) == 0) {
				if (*v != '[') {
					problem = "tags must be an array of strings";
				} else {
					int count = 0;
					const char *q = ws(v + 1);
					while (*q == '"' && (q = skip(q))) {
						count++;
						q = ws(q);
						if (*q == ',') q = ws(q + 1);
					}
					if (!q || *q != ']' || count > 4) problem = "tags must be at most 4 strings";
#ifdef MAX_ITEMS
					if (count == 4) __builtin_trap();
#endif
				}
#endif
			} else {
				problem = "unknown argument: add takes a and b only";
			}
		}
		if (!problem && (have & 3) != 3) problem = "a and b are required";
#ifdef STAGED
		if (!problem && (have & 4)) stage1(level, note, from);
#endif
#ifdef RELATION
		if (!problem && (have & 12) == 12 && to - from == 1) __builtin_trap();
#elif defined(SEARCH)
		(void)from, (void)to;
#endif
	}
	if (!problem && rpc) {
		answer(id, "\"error\":{\"code\":-32603,\"message\":\"%s\"}", rpc);
		return;
	}
	if (problem) {
#ifdef RPC_ERROR
		answer(id, "\"error\":{\"code\":-32602,\"message\":\"%s\"}", problem);
#else
		answer(id, RESULT "\"content\":[{\"type\":\"text\",\"text\":\"%s\"}],\"isError\":true}", problem);
#endif
		return;
	}
#ifdef BAD_OUTPUT
	answer(id, RESULT "\"content\":[{\"type\":\"text\",\"text\":\"{\\\"sum\\\":\\\"%ld\\\"}\"}],\"structuredContent\":{\"sum\":\"%ld\"}}", a + b, a + b);
#else
	answer(id, RESULT "\"content\":[{\"type\":\"text\",\"text\":\"{\\\"sum\\\":%ld}\"}],\"structuredContent\":{\"sum\":%ld}}", a + b, a + b);
#endif
}

#if defined(IDLE_POLL) || defined(SLEEP_AFTER)
// gap is GAP_ITER iterations of a spin (none without it): a few
// microseconds of work after an answer.
static void gap(void) {
#ifdef GAP_ITER
	for (volatile long g = 0; g < GAP_ITER; g++) {
	}
#endif
}
#endif

int main(void) {
#ifdef BUFFERED
	static char buf[4096];
	setvbuf(stdout, buf, _IOFBF, sizeof buf);
#endif
	char *line = NULL;
	size_t cap = 0;
	int called = 0, answered = 0;
	(void)answered;
	for (;;) {
#ifdef IDLE_POLL
#ifdef IDLE_POLL_ALL
		if (answered) {
#else
		if (called) {
#endif
			struct pollfd pfd = {.fd = 0, .events = POLLIN};
			gap();
			if (poll(&pfd, 1, IDLE_POLL) == 0) return 0;
		}
#endif
		if (READ_LINE(&line, &cap) <= 0) break;
		const char *id = member(line, "id"), *method = member(line, "method");
		if (!id) {
#ifdef ANSWER_NOTIFY
			fputs("{\"jsonrpc\":\"2.0\",\"id\":null,\"result\":{}}\n", stdout);
			fflush(stdout);
#endif
			continue;
		}
		if (is(method, "server/discover")) {
			answer(id, RESULT "\"supportedVersions\":[\"2026-07-28\"],\"capabilities\":{\"tools\":{}}}");
#ifdef BUFFERED
			fflush(stdout);
#endif
		} else if (is(method, "tools/list")) {
			answer(id, RESULT "%s}", TOOLS);
#ifdef BUFFERED
			fflush(stdout);
#endif
		} else if (is(method, "tools/call")) {
#ifdef READ_TO_EOF
			while (getchar() != EOF) {
			}
#endif
#ifdef PIPE_READS
			if (pr_reads > 1) __builtin_trap();
#endif
			call(id, member(line, "params"));
			called = 1;
#ifdef SLEEP_AFTER
			gap();
			usleep(SLEEP_AFTER * 1000);
#endif
		} else {
			answer(id, "\"error\":{\"code\":-32601,\"message\":\"method not found\"}");
		}
		answered = 1;
	}
#ifdef SLOW_EXIT
	if (called) sleep(2);
#else
	(void)called;
#endif
	return 0;
}
