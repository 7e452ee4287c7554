/* Freestanding, -mbulk-memory -msign-ext -mnontrapping-fptoint:
 * memory.copy / memory.fill, i32.extend8_s, i32.trunc_sat_f32_s. */
volatile int len = 16;
volatile int wide = 0x1fb;
volatile float ratio = 3.75f;
volatile int output;
char src[64] = "hello, bulk memory";
char dst[64];

void _start(void) {
	int n = len;
	__builtin_memcpy(dst, src, n);
	__builtin_memset(dst + n, 'x', n);
	int s = (signed char)wide; /* i32.extend8_s */
	int t = (int)ratio;        /* i32.trunc_sat_f32_s */
	output = dst[0] + dst[n] + s + t;
}
