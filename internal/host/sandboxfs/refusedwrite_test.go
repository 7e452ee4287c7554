package sandboxfs

import (
	"os"
	"path/filepath"
	"testing"

	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
)

// TestRefusedWriteNotCharged: a write, pwrite or truncation on a
// descriptor opened read-only answers what Subako's runtime answers
// (EBADF, EBADF, EINVAL: measured with wasmtime's preview 1) before
// anything is charged, and a write that writes nothing (the run stopped)
// gives back what it was charged, to the call's budget and to the
// volume's quota both. Attack pass 46a, row 5: the bytes were charged
// before the kernel refused them and kept, 48 MiB charged to both with
// nothing written, so a module drained its own budget and the quota of
// every serve call sharing the volume in microseconds.
func TestRefusedWriteNotCharged(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "f"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	check := func(when string, b *Budget, q *VolumeQuota) {
		t.Helper()
		if held, _ := q.Held(); b.Used() != 0 || held != 0 {
			t.Errorf("%s: %d bytes charged to the call's budget and %d to the volume's quota, with nothing written",
				when, b.Used(), held)
		}
	}
	q := NewVolumeQuota(64<<20, 1000)
	lim := CallLimits
	lim.Volume = q
	b := NewBudget(lim)
	m, err := Open(dir, "/volume/tmp", true, b, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = m.Close() }()
	f, e := m.FS().OpenFile("f", experimentalsys.O_RDONLY, 0)
	if e != 0 {
		t.Fatal(e)
	}
	defer f.Close()
	buf := make([]byte, 1<<20)
	for i := 0; i < 8; i++ {
		if _, e := f.Write(buf); e != experimentalsys.EBADF {
			t.Fatalf("write on a read-only descriptor: %v, want EBADF", e)
		}
		if _, e := f.Pwrite(buf, 1<<20); e != experimentalsys.EBADF {
			t.Fatalf("pwrite on a read-only descriptor: %v, want EBADF", e)
		}
	}
	if e := f.Truncate(32 << 20); e != experimentalsys.EINVAL {
		t.Fatalf("truncate of a read-only descriptor: %v, want EINVAL", e)
	}
	check("refused on a read-only descriptor", b, q)
	if info, err := os.Stat(filepath.Join(dir, "f")); err != nil || info.Size() != 1 {
		t.Fatalf("the file changed: %v, %v", info, err)
	}

	// A write the run's stop cuts short before its first byte.
	stop := make(chan struct{})
	close(stop)
	q2 := NewVolumeQuota(64<<20, 1000)
	lim.Volume = q2
	b2 := NewBudget(lim)
	m2, err := Open(dir, "/volume/tmp", true, b2, stop)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = m2.Close() }()
	g, e := m2.FS().OpenFile("f", experimentalsys.O_RDWR, 0)
	if e != 0 {
		t.Fatal(e)
	}
	defer g.Close()
	if n, e := g.Write(buf); n != 0 || e != experimentalsys.EINTR {
		t.Fatalf("write after the stop: %d, %v; want 0, EINTR", n, e)
	}
	if n, e := g.Pwrite(buf, 8<<20); n != 0 || e != experimentalsys.EINTR {
		t.Fatalf("pwrite after the stop: %d, %v; want 0, EINTR", n, e)
	}
	check("cut short before its first byte", b2, q2)
}
