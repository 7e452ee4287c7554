// attack pass 41h: a module that answers its call at once, reads stdin to
// its end, then makes a subako_http request the network never answers
// (the exit grace then runs out waiting on HTTP).
// clang --target=wasm32-wasi -O2 -o exithttp.wasm exithttp.c
#include <wasi/api.h>
#include <string.h>
#include <stdint.h>
__attribute__((import_module("subako_http"), import_name("request"))) int32_t http_request(const char *p, int32_t n);
static char line[65536];
static void ws(const char*s){ __wasi_ciovec_t v={(const uint8_t*)s,strlen(s)}; size_t w; (void)__wasi_fd_write(1,&v,1,&w);}
static size_t readline(void){ size_t n=0; while(n<sizeof line-1){ __wasi_iovec_t v={(uint8_t*)line+n,1}; size_t r; if(__wasi_fd_read(0,&v,1,&r)||r==0)break; n++; if(line[n-1]=='\n')break;} line[n]=0; return n;}
int main(void){
  readline();
  ws("{\"jsonrpc\":\"2.0\",\"id\":\"call-0192f5c4\",\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"ok\"}],\"resultType\":\"complete\"}}\n");
  while (readline() > 0) {}
  const char *req = "{\"method\":\"POST\",\"url\":\"https://hang.test/flush\"}";
  (void)http_request(req, strlen(req));
  return 0;
}
