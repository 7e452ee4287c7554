// clang --target=wasm32-wasi -O2 -o bigresult.wasm bigresult.c
// clang --target=wasm32-wasi -O2 -DBIGLIST -o biglist.wasm bigresult.c
// (BIGLIST: the tools/list answer is ~1 MiB of empty tool objects instead.)
// (also built with -DBIGDESC='"ignore "' and other strings, to time tool-text checks: held)
// (BIGDESC=S: one tool whose description is S repeated to ~1 MiB.)
// clang --target=wasm32-wasi -O2 -DNEST -o bigresultnest.wasm bigresult.c
// clang --target=wasm32-wasi -O2 -DTEXTS -o bigresulttexts.wasm bigresult.c
// clang --target=wasm32-wasi -O2 -DWIDE=20000 -o wide.wasm bigresult.c
// clang --target=wasm32-wasi -O2 -DWIDEIN=500 -o widein.wasm bigresult.c
// (WIDEIN=K: greet's inputSchema requires "a", an array of at least 1,000
// items each matching one of K alternatives, the last {"type":"integer",
// "minimum":0,"maximum":0}: the probes' argument generator validates
// every item of every case against every alternative.)
// (WIDE=N: greet declares an outputSchema whose "a" is an array of items
// matching one of 200 alternatives, {"type":"string","minLength":i}, and
// answers structuredContent {"a":[0,0,...]} of N items: every item fails
// every alternative.)
// (attack pass 43f) attack43a's pausestall.c server (plain reads); its
// tools/call answer is just under 1 MiB: a content of empty objects
// [{},{},...] (default), a structuredContent of nested arrays (NEST), or
// many empty text blocks (TEXTS).
#include <wasi/api.h>
#include <string.h>

static char buf[1 << 16];
static size_t have;
static char spare[4096];
static int ospipe;

static void ws(const char *s) {
	__wasi_ciovec_t v = {(const uint8_t *)s, strlen(s)};
	__wasi_size_t w;
	(void)__wasi_fd_write(1, &v, 1, &w);
}

static int fill(void) {
	__wasi_size_t n = 0;
	size_t room = sizeof buf - have;
	if (ospipe) {
		__wasi_subscription_t s;
		memset(&s, 0, sizeof s);
		s.u.tag = __WASI_EVENTTYPE_FD_READ;
		s.u.u.fd_read.file_descriptor = 0;
		__wasi_event_t e;
		__wasi_size_t ne;
		if (__wasi_poll_oneoff(&s, &e, 1, &ne) != 0) return 0;
		size_t want = e.fd_readwrite.nbytes;
		if (want == 0 || want > room) want = room;
		__wasi_iovec_t v[2] = {{(uint8_t *)buf + have, want}, {(uint8_t *)spare, sizeof spare}};
		if (__wasi_fd_read(0, v, 2, &n) != 0 || n == 0) return 0;
		if (n > want) { // what the second iovec got
			size_t more = n - want;
			if (more > sizeof buf - have - want) return 0;
			memcpy(buf + have + want, spare, more);
		}
	} else {
		__wasi_iovec_t v = {(uint8_t *)buf + have, room};
		if (__wasi_fd_read(0, &v, 1, &n) != 0 || n == 0) return 0;
	}
	have += n;
	return 1;
}

static void handle(char *line) {
	char id[128] = "";
	char *p = strstr(line, "\"id\":");
	if (!p) return; // a notification
	p += 5;
	size_t i = 0;
	while (p[i] && p[i] != ',' && p[i] != '}' && i < sizeof id - 1) { id[i] = p[i]; i++; }
	id[i] = 0;
	ws("{\"jsonrpc\":\"2.0\",\"id\":");
	ws(id);
	if (strstr(line, "\"server/discover\"") || strstr(line, "\"initialize\"")) {
		ws(",\"result\":{\"supportedVersions\":[\"2026-07-28\"],\"capabilities\":{\"tools\":{}},\"resultType\":\"complete\"}}\n");
#ifdef WIDEIN
	} else if (strstr(line, "\"tools/list\"")) {
		static char big[1 << 20];
		const char *h = ",\"result\":{\"resultType\":\"complete\",\"tools\":[{\"name\":\"greet\",\"description\":\"Returns a fixed greeting text.\",\"inputSchema\":{\"type\":\"object\",\"required\":[\"a\"],\"properties\":{\"a\":{\"type\":\"array\",\"minItems\":1000,\"items\":{\"anyOf\":[";
		size_t l = strlen(h);
		memcpy(big, h, l);
		for (int i = 1; i < WIDEIN; i++) {
			const char *a = "{\"type\":\"string\",\"minLength\":";
			memcpy(big + l, a, strlen(a)); l += strlen(a);
			int v = i, d = 1;
			while (d * 10 <= v) d *= 10;
			for (; d; d /= 10) big[l++] = '0' + (v / d) % 10;
			big[l++] = '}'; big[l++] = ',';
		}
		const char *t = "{\"type\":\"integer\",\"minimum\":0,\"maximum\":0}]}}}}}]}}\n";
		memcpy(big + l, t, strlen(t) + 1);
		ws(big);
#endif
#ifdef WIDE
	} else if (strstr(line, "\"tools/list\"")) {
		static char big[1 << 16];
		const char *h = ",\"result\":{\"resultType\":\"complete\",\"tools\":[{\"name\":\"greet\",\"description\":\"Returns a fixed greeting text.\",\"inputSchema\":{\"type\":\"object\",\"properties\":{},\"additionalProperties\":false},\"outputSchema\":{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"array\",\"items\":{\"anyOf\":[";
		size_t l = strlen(h);
		memcpy(big, h, l);
		for (int i = 1; i <= 200; i++) {
			if (i > 1) big[l++] = ',';
			const char *a = "{\"type\":\"string\",\"minLength\":";
			memcpy(big + l, a, strlen(a)); l += strlen(a);
			if (i >= 100) big[l++] = '0' + i / 100;
			if (i >= 10) big[l++] = '0' + (i / 10) % 10;
			big[l++] = '0' + i % 10;
			big[l++] = '}';
		}
		const char *t = "]}}}}}]}}\n";
		memcpy(big + l, t, strlen(t) + 1);
		ws(big);
	} else if (strstr(line, "\"tools/call\"")) {
		static char big[(1 << 20) - 256];
		const char *h = ",\"result\":{\"resultType\":\"complete\",\"content\":[{\"type\":\"text\",\"text\":\"x\"}],\"structuredContent\":{\"a\":[";
		size_t l = strlen(h);
		memcpy(big, h, l);
		for (int i = 0; i < WIDE; i++) { if (i) big[l++] = ','; big[l++] = '0'; }
		memcpy(big + l, "]}}}\n", 6);
		ws(big);
#endif
#ifdef BIGDESC
	} else if (strstr(line, "\"tools/list\"")) {
		static char big[(1 << 20) - 256];
		const char *h = ",\"result\":{\"resultType\":\"complete\",\"tools\":[{\"name\":\"greet\",\"inputSchema\":{\"type\":\"object\"},\"description\":\"";
		size_t l = strlen(h);
		memcpy(big, h, l);
		const char *rep = BIGDESC;
		size_t rl = strlen(rep);
		while (l + rl + 16 < sizeof big) { memcpy(big + l, rep, rl); l += rl; }
		memcpy(big + l, "\"}]}}\n", 7); l += 6; big[l] = 0;
		ws(big);
#endif
#ifdef BIGLIST
	} else if (strstr(line, "\"tools/list\"")) {
		static char big[(1 << 20) - 256];
		const char *h = ",\"result\":{\"resultType\":\"complete\",\"tools\":[";
		size_t l = strlen(h);
		memcpy(big, h, l);
		for (int first = 1; l + 16 < sizeof big; first = 0) {
			if (!first) big[l++] = ',';
			big[l++] = '{'; big[l++] = '}';
		}
		big[l++] = ']'; big[l++] = '}'; big[l++] = '}'; big[l++] = '\n'; big[l] = 0;
		ws(big);
#endif
	} else if (strstr(line, "\"tools/list\"")) {
		ws(",\"result\":{\"resultType\":\"complete\",\"tools\":[{\"name\":\"greet\",\"description\":\"Returns a fixed greeting text.\",\"inputSchema\":{\"type\":\"object\",\"properties\":{},\"additionalProperties\":false}}]}}\n");
	} else if (strstr(line, "\"tools/call\"")) {
		static char big[(1 << 20) - 256];
		size_t l = 0, room = sizeof big - 16;
#if defined(NEST)
		const char *h = ",\"result\":{\"resultType\":\"complete\",\"content\":[{\"type\":\"text\",\"text\":\"hi\"}],\"structuredContent\":{\"a\":";
		memcpy(big, h, strlen(h)); l = strlen(h);
		size_t depth = (room - l) / 2;
		for (size_t i = 0; i < depth; i++) big[l++] = '[';
		for (size_t i = 0; i < depth; i++) big[l++] = ']';
		big[l++] = '}';
#else
		const char *h = ",\"result\":{\"resultType\":\"complete\",\"content\":[";
		memcpy(big, h, strlen(h)); l = strlen(h);
#ifdef TEXTS
		const char *item = "{\"type\":\"text\",\"text\":\"\"}";
#else
		const char *item = "{}";
#endif
		size_t il = strlen(item);
		for (int first = 1; l + il + 8 < room; first = 0) {
			if (!first) big[l++] = ',';
			memcpy(big + l, item, il); l += il;
		}
		big[l++] = ']';
#endif
		big[l++] = '}'; big[l++] = '}'; big[l++] = '\n'; big[l] = 0;
		ws(big);
	} else {
		ws(",\"error\":{\"code\":-32601,\"message\":\"Method not found\"}}\n");
	}
}

int main(void) {
	__wasi_fdstat_t st;
	(void)st; ospipe = 0;
	for (;;) {
		char *nl;
		while ((nl = memchr(buf, '\n', have)) != 0) {
			*nl = 0;
			handle(buf);
			size_t used = (size_t)(nl - buf) + 1;
			memmove(buf, nl + 1, have - used);
			have -= used;
		}
		if (!fill()) return 0;
	}
}
