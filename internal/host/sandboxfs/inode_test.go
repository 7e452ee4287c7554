package sandboxfs

import "testing"

// TestWasmtimeInoIsRustsDefaultHash: wasmtimeIno is what Rust's
// DefaultHasher gives for the tuple (dev, ino), wasmtime's metadata_hash
// (values printed by rustc 1.95's std).
func TestWasmtimeInoIsRustsDefaultHash(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ dev, ino, want uint64 }{
		{0, 0, 0x76be999e3e25b2a0},
		{1, 2, 0xfb058313e6201d48},
		{2049, 1234567, 0x0f7f7f4dd2bc7bda},
		{18446744073709551615, 42, 0xf80edefce66be356},
	} {
		if got := wasmtimeIno(c.dev, c.ino); got != c.want {
			t.Errorf("wasmtimeIno(%d, %d) = %#x; Rust's hash %#x", c.dev, c.ino, got, c.want)
		}
	}
}
