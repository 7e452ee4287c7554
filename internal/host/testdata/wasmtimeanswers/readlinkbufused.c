// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o readlinkbufused.wasm readlinkbufused.c
// (attack pass 45g, readlink.c) Reads one request line, makes a symbolic link "l" in
// /volume/tmp (fd 3) to a 20-byte target, and reads it back with
// path_readlink into a 64-byte buffer, the result (bufused) written at
// address 136 of memory: inside the 4 KiB the host lends the call from
// address 128 on, 8 bytes into where the target is written. Also reads
// it with bufused in a static variable (.bss, near 1024 in a small C
// module) and a target of 1,200 bytes.
#include "../request.h"
#include <stdint.h>

static char got[64];
static __wasi_size_t used2;
static char got2[2048];
static char longt[1201];

int main(void) {
	if (!read_request()) return 1;
	const char *target = "0123456789abcdefghij";
	int es = __wasi_path_symlink(target, 3, "l");
	__wasi_size_t *usedp = (__wasi_size_t *)(uintptr_t)136;
	int er = __wasi_path_readlink(3, "l", (uint8_t *)got, sizeof got, usedp);
	__wasi_size_t n1 = *usedp;
	got[n1 < sizeof got ? n1 : sizeof got - 1] = 0;
	for (int i = 0; i < 1200; i++) longt[i] = 'a' + i % 26;
	int es2 = __wasi_path_symlink(longt, 3, "m");
	int er2 = __wasi_path_readlink(3, "m", (uint8_t *)got2, sizeof got2, &used2);
	int same = used2 == 1200 && memcmp(got2, longt, 1200) == 0;
	int firstdiff = -1;
	for (int i = 0; i < 1200 && i < (int)used2; i++) if (got2[i] != longt[i]) { firstdiff = i; break; }
	for (char *p = got; *p; p++) if (*p < 0x20 || *p > 0x7e || *p == '"' || *p == '\\') *p = '?';
	answer_result(1, "{\"e\":\"%d,%d,%u:%s|%d,%d,%u,%d,%d@%lu\"}",
		es, er, (unsigned)n1, got, es2, er2, (unsigned)used2, same, firstdiff, (unsigned long)(uintptr_t)&used2);
	return 0;
}
