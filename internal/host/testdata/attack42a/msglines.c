// fix 42a (attack pass 42a, row 2): stdout of the shortest lines that are
// messages, up to just under the 1 MiB cap, in one fd_write: each is kept,
// decoded, and (with -DID) an answer to an id never asked, so a break.
// clang --target=wasm32-wasi -O2 -o msglines.wasm msglines.c
// clang --target=wasm32-wasi -O2 -DID -o idlines.wasm msglines.c
#include <wasi/api.h>
#include <string.h>
#include <stdint.h>
#ifdef ID
static const char line[] = "{\"jsonrpc\":\"2.0\",\"id\":9}\n";
#else
static const char line[] = "{\"jsonrpc\":\"2.0\"}\n";
#endif
static uint8_t buf[(1u << 20) - 64];
int main(void){
  unsigned n = sizeof line - 1, k = 0;
  for (; k + n <= sizeof buf; k += n) memcpy(buf + k, line, n);
  __wasi_ciovec_t v = {buf, k};
  __wasi_size_t w;
  (void)__wasi_fd_write(1, &v, 1, &w);
  return 0;
}
