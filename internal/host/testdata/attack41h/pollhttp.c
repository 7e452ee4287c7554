// attack pass 41h: a module that, having read its call, computes until
// AT_MS of its own time, polls stdin once with a clock already due (the
// shape of an event loop checking for input between tasks), then makes a
// subako_http request that the network never answers, and answers the
// call with what the request answered.
// clang --target=wasm32-wasi -O2 -DAT_MS=850 -o pollhttp850.wasm pollhttp.c
// clang --target=wasm32-wasi -O2 -DAT_MS=950 -o pollhttp950.wasm pollhttp.c
#include <wasi/api.h>
#include <string.h>
#include <stdint.h>
__attribute__((import_module("subako_http"), import_name("request"))) int32_t http_request(const char *p, int32_t n);
__attribute__((import_module("subako_http"), import_name("read_response"))) int32_t http_read(char *p, int32_t n);
static char line[65536];
static char resp[8192];
static void wr(int fd, const char *s, size_t n){ __wasi_ciovec_t v={(const uint8_t*)s,n}; size_t w; __wasi_fd_write(fd,&v,1,&w);}
static void ws(const char*s){wr(1,s,strlen(s));}
static size_t readline(void){ size_t n=0; while(n<sizeof line-1){ __wasi_iovec_t v={(uint8_t*)line+n,1}; size_t r; if(__wasi_fd_read(0,&v,1,&r)||r==0)break; n++; if(line[n-1]=='\n')break;} line[n]=0; return n;}
int main(void){
  readline();
  __wasi_timestamp_t t = 0;
  do { __wasi_clock_time_get(__WASI_CLOCKID_MONOTONIC, 1, &t); } while (t < (__wasi_timestamp_t)AT_MS * 1000000ull);
  __wasi_subscription_t s[2]; memset(s,0,sizeof s);
  s[0].u.tag=__WASI_EVENTTYPE_FD_READ; s[0].u.u.fd_read.file_descriptor=0;
  s[1].u.tag=__WASI_EVENTTYPE_CLOCK; s[1].u.u.clock.id=__WASI_CLOCKID_MONOTONIC; s[1].u.u.clock.timeout=0;
  __wasi_event_t e[2]; size_t n; __wasi_poll_oneoff(s,e,2,&n);
  const char *req = "{\"method\":\"GET\",\"url\":\"https://hang.test/\"}";
  int32_t len = http_request(req, strlen(req));
  if (len < 0 || len >= (int32_t)sizeof resp - 1 || http_read(resp, len) != 0) { strcpy(resp, "no answer"); len = 9; }
  resp[len] = 0;
  for (char *p = resp; *p; p++) if (*p == '"' || *p == '\\' || *p < 32) *p = '\'';
  ws("{\"jsonrpc\":\"2.0\",\"id\":\"call-0192f5c4\",\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"");
  ws(resp); ws("\"}],\"isError\":true,\"resultType\":\"complete\"}}\n");
  while (readline() > 0) {}
  return 0;
}
