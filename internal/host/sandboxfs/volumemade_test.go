package sandboxfs

import (
	"fmt"
	"testing"
	"time"
)

// TestVolumeMadeSpreadBySeed (attack pass 51a, row 2): a seeded run's
// volume shows as made a setup's time before the run's wall clock start,
// drawn from the seed: never the start itself (it was, so the gap between
// the volume's times and the module's clock was ~3 µs in every probe run,
// milliseconds unseeded and 99-540 ms under wasmtime), the same for one
// seed, and over many seeds in each octave from 2 ms to 512 ms about as
// often, so that the probes' calls, each of its own seed, show gaps like
// the host's unseeded runs' and like wasmtime's.
func TestVolumeMadeSpreadBySeed(t *testing.T) {
	t.Parallel()
	const start, seeds = int64(1_900_000_000_000_000_000), 4096
	var octaves [8]int
	for i := 0; i < seeds; i++ {
		seed := []byte(fmt.Sprintf("case %d", i))
		gap := time.Duration(start - NewVirtual(start, seed).VolumeMade())
		if again := time.Duration(start - NewVirtual(start, seed).VolumeMade()); again != gap {
			t.Fatalf("seed %q: the volume made %v, then %v before the start", seed, gap, again)
		}
		if gap < 2*time.Millisecond || gap >= 512*time.Millisecond {
			t.Fatalf("seed %q: the volume made %v before the start; want 2 ms to 512 ms", seed, gap)
		}
		o := 0
		for gap >= 4*time.Millisecond<<o {
			o++
		}
		octaves[o]++
	}
	for o, n := range octaves {
		if n < seeds/16 || n > 3*seeds/16 {
			t.Errorf("%d of %d seeds in [%v, %v); want about an eighth in each octave: %v",
				n, seeds, 2*time.Millisecond<<o, 4*time.Millisecond<<o, octaves)
		}
	}
}
