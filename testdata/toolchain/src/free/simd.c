/* Freestanding, -msimd128: v128 loads, i32x4.add, i32x4.extract_lane. */
#include <wasm_simd128.h>

volatile int input[8] = {1, 2, 3, 4, 5, 6, 7, 8};
volatile int output;

void _start(void) {
	v128_t a = wasm_v128_load((const void *)&input[0]);
	v128_t b = wasm_v128_load((const void *)&input[4]);
	v128_t c = wasm_i32x4_add(a, b);
	output = wasm_i32x4_extract_lane(c, 0) + wasm_i32x4_extract_lane(c, 3);
}
