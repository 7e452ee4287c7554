/* Freestanding, --target=wasm64 linked with wasm-ld -mwasm64: a 64-bit memory (memory64). */
volatile long idx = 3;
volatile int table[8] = {1, 2, 3, 4, 5, 6, 7, 8};
volatile int output;

void _start(void) {
	output = table[idx];
}
