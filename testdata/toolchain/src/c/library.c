/* A library linked with --no-entry: it uses WASI (printf) but has no _start, only greet(). */
#include <stdio.h>

__attribute__((export_name("greet")))
int greet(int n) {
	return printf("hello, %d\n", n);
}
