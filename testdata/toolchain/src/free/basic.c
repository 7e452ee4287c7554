/* Freestanding (no libc, no imports). Built for -mcpu=mvp and for clang-19's default cpu
 * (which has reference types, so call_indirect carries a 5-byte padded table index). */
volatile int input = 7;
volatile int output;

typedef int (*op_fn)(int);
__attribute__((noinline)) static int twice(int x) { return x * 2; }
__attribute__((noinline)) static int square(int x) { return x * x; }
static op_fn ops[2] = {twice, square};

void _start(void) {
	op_fn f = ops[input & 1];
	output = f(input);
}
