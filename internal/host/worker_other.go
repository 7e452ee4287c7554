//go:build !(linux || darwin || freebsd)

package host

// limitWorker has no caps to set here: the worker is bounded by its time.
func limitWorker(int64) {}

// peakRSS is not measured here (0): the worker is bounded by its time.
func peakRSS() int64 { return 0 }
