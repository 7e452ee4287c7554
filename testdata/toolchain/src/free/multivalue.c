/* Freestanding, -mmultivalue with the experimental-mv ABI: divmod returns its struct as two
 * results, giving a function type (i32, i32) -> (i32, i32). */
struct pair { int q, r; };

volatile int input = 17;
volatile int output;

__attribute__((noinline)) struct pair divmod(int a, int b) {
	struct pair p = {a / b, a % b};
	return p;
}

void _start(void) {
	struct pair p = divmod(input, 5);
	output = p.q * 100 + p.r;
}
