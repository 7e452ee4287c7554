// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o exit200.wasm exit200.c
// (attack pass 44a, row 11) proc_exit(200) at once. wasmtime (Subako's runtime)
// traps: "exit with invalid exit status outside of [0..126)".
#include <wasi/api.h>
int main(void) { __wasi_proc_exit(200); }
