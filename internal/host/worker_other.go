//go:build !(linux || darwin || freebsd)

package host

// limitWorker has no caps to set here: the worker is bounded by its time.
func limitWorker(int64) {}
