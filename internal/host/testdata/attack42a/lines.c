// attack pass 42a: stdout of short lines up to just under the 1 MiB cap:
// argv-free; "x\n" (2 bytes a line) or "\n" with -DEMPTY.
// clang --target=wasm32-wasi -O2 -o lines.wasm lines.c
// clang --target=wasm32-wasi -O2 -DEMPTY -o emptylines.wasm lines.c
#include <wasi/api.h>
#include <string.h>
#include <stdint.h>
static uint8_t buf[(1u << 20) - 16];
int main(void){
#ifdef EMPTY
  memset(buf, '\n', sizeof buf);
#else
  for (unsigned i = 0; i + 1 < sizeof buf; i += 2) { buf[i] = 'x'; buf[i+1] = '\n'; }
#endif
  __wasi_ciovec_t v = {buf, sizeof buf};
  __wasi_size_t w;
  (void)__wasi_fd_write(1, &v, 1, &w);
  return 0;
}
