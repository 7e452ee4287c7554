/* A WASI command that also imports subako_http with the right signatures:
 *   request(ptr i32, len i32) -> i32
 *   read_response(ptr i32, len i32) -> i32
 * Define BAD_SIGNATURE to declare request as (i64, i32) -> i32 (wrong).
 * Define ENV_LOG to also import env.host_log (a module Subako does not provide). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#ifdef BAD_SIGNATURE
__attribute__((import_module("subako_http"), import_name("request")))
int32_t subako_request(int64_t ptr, int32_t len);
#define REQUEST(p, n) subako_request((int64_t)(uintptr_t)(p), (int32_t)(n))
#else
__attribute__((import_module("subako_http"), import_name("request")))
int32_t subako_request(const char *ptr, int32_t len);
#define REQUEST(p, n) subako_request((p), (int32_t)(n))
#endif

__attribute__((import_module("subako_http"), import_name("read_response")))
int32_t subako_read_response(char *ptr, int32_t len);

#ifdef ENV_LOG
__attribute__((import_module("env"), import_name("host_log")))
void host_log(const char *ptr, int32_t len);
#endif

int main(void) {
	char req[256];
	char resp[512];
	if (fgets(req, sizeof req, stdin) == NULL)
		req[0] = '\0';
#ifdef ENV_LOG
	host_log(req, (int32_t)strlen(req));
#endif
	int32_t st = REQUEST(req, strlen(req));
	int32_t n = subako_read_response(resp, (int32_t)sizeof resp - 1);
	if (n < 0)
		n = 0;
	resp[n] = '\0';
	printf("status %d: %s\n", (int)st, resp);
	return 0;
}
