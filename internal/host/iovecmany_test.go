package host

import "testing"

// TestWriteOfManyIovecs: one fd_write of 1,025 iovecs, the answer first
// and 1,024 empty ones after, writes the answer, as Subako's runtime does
// (measured with subako/testdata/wasmtimerun: the line, exit 0): it moves
// the first non-empty iovec and reads no further. Attack pass 44d, row 6:
// the host refused more than 1,024 iovecs (IOVMax) EINVAL before writing
// anything, and the module exited 3 with no answer.
func TestWriteOfManyIovecs(t *testing.T) {
	got, r, ok := pingModule(t, "testdata/attack44d/iovmax.wasm", RunConfig{})
	if !ok || got != "{}" {
		t.Errorf("fd_write of [answer, 1,024 empty iovecs]: answered %v %q (exit %d); Subako's runtime writes the answer", ok, got, r.ExitCode)
	}
}
