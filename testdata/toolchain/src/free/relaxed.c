/* Freestanding, -msimd128 -mrelaxed-simd: f32x4.relaxed_madd (the relaxed SIMD proposal). */
#include <wasm_simd128.h>

volatile float input[12] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
volatile float output;

void _start(void) {
	v128_t a = wasm_v128_load((const void *)&input[0]);
	v128_t b = wasm_v128_load((const void *)&input[4]);
	v128_t c = wasm_v128_load((const void *)&input[8]);
	v128_t r = (v128_t)__builtin_wasm_relaxed_madd_f32x4((__f32x4)a, (__f32x4)b, (__f32x4)c);
	output = wasm_f32x4_extract_lane(r, 0);
}
