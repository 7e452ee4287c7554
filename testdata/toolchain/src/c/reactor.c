/* A WASI reactor (clang -mexec-model=reactor): exports _initialize and greet, no _start. */
#include <stdio.h>

__attribute__((export_name("greet")))
int greet(int n) {
	return printf("hello, %d\n", n);
}
