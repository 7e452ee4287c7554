/* Freestanding, -matomics -mbulk-memory, linked with --shared-memory: a shared memory and
 * i32.atomic.rmw.add (the threads proposal). */
#include <stdatomic.h>

_Atomic int counter;
volatile int output;

void _start(void) {
	atomic_fetch_add(&counter, 1);
	output = atomic_load(&counter);
}
