/* Freestanding, -mtail-call: musttail becomes return_call (the tail-call proposal). */
volatile int input = 10;
volatile int output;

__attribute__((noinline)) int count_down(int n, int acc);

__attribute__((noinline)) int step(int n, int acc) {
	__attribute__((musttail)) return count_down(n - 1, acc + n);
}

__attribute__((noinline)) int count_down(int n, int acc) {
	if (n <= 0)
		return acc;
	__attribute__((musttail)) return step(n, acc);
}

void _start(void) {
	output = count_down(input, 0);
}
