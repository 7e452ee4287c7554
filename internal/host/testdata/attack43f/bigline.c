// clang --target=wasm32-wasi -O2 -o bigline.wasm bigline.c
// clang --target=wasm32-wasi -O2 -DEMPTYOBJ -o bigobj.wasm bigline.c
// clang --target=wasm32-wasi -O2 -DNEST -o bignest.wasm bigline.c
// clang --target=wasm32-wasi -O2 -DKEYS -o bigkeys.wasm bigline.c
// (attack pass 43f) Writes one notification line just under 1 MiB whose
// params hold many tiny JSON values: [0,0,...] (default), [{},{},...]
// (EMPTYOBJ), nested arrays (NEST), or an object of many one-letter-ish
// keys (KEYS); then exits 0.
#include <wasi/api.h>
#include <string.h>

static char buf[(1 << 20) - 64];

int main(void) {
	const char *head = "{\"jsonrpc\":\"2.0\",\"method\":\"n\",\"params\":{\"a\":";
	size_t l = strlen(head), room = sizeof buf - 8;
	memcpy(buf, head, l);
#if defined(NEST)
	size_t depth = (room - l) / 2;
	for (size_t i = 0; i < depth; i++) buf[l++] = '[';
	for (size_t i = 0; i < depth; i++) buf[l++] = ']';
#elif defined(KEYS)
	buf[l++] = '{';
	for (unsigned k = 0; l + 16 < room; k++) {
		if (k) buf[l++] = ',';
		buf[l++] = '"';
		unsigned v = k;
		do { buf[l++] = 'a' + v % 26; v /= 26; } while (v);
		buf[l++] = '"'; buf[l++] = ':'; buf[l++] = '0';
	}
	buf[l++] = '}';
#else
	buf[l++] = '[';
	for (int first = 1; l + 8 < room; first = 0) {
		if (!first) buf[l++] = ',';
#ifdef EMPTYOBJ
		buf[l++] = '{'; buf[l++] = '}';
#else
		buf[l++] = '0';
#endif
	}
	buf[l++] = ']';
#endif
	buf[l++] = '}'; buf[l++] = '}'; buf[l++] = '\n';
	__wasi_ciovec_t o = {(const uint8_t *)buf, l};
	__wasi_size_t w;
	(void)__wasi_fd_write(1, &o, 1, &w);
	return 0;
}
