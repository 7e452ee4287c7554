package input

import (
	"errors"
	"io"
	"os"
	"testing"
)

// TestStdinDeviceRefused (attack pass 41c, row 5): a device on standard
// input is refused before it is read (lint.md: the one reader reads only
// regular files, so /dev/zero cannot stream); subakogo lint - < /dev/zero
// read 1 GiB of zeros, 2.1 GB resident, before it refused it.
func TestStdinDeviceRefused(t *testing.T) {
	zero, err := os.Open("/dev/zero")
	if err != nil {
		t.Skip(err)
	}
	defer zero.Close()
	saved := os.Stdin
	os.Stdin = zero
	defer func() { os.Stdin = saved }()
	_, err = Stdin(16 << 20)
	var nr *NotRegularError
	if !errors.As(err, &nr) {
		t.Fatalf("Stdin from /dev/zero: %v; want a NotRegularError (a device), refused before reading", err)
	}
	if off, err := zero.Seek(0, io.SeekCurrent); err == nil && off != 0 {
		t.Errorf("Stdin read %d bytes of /dev/zero before refusing it", off)
	}
}

// TestStdinRegularTooLargeRefused: a regular file on standard input past
// the cap is refused by its size, before it is read.
func TestStdinRegularTooLargeRefused(t *testing.T) {
	f, err := os.CreateTemp(t.TempDir(), "big")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := f.Truncate(1 << 20); err != nil {
		t.Fatal(err)
	}
	saved := os.Stdin
	os.Stdin = f
	defer func() { os.Stdin = saved }()
	_, err = Stdin(1<<20 - 1)
	var tl *TooLargeError
	if !errors.As(err, &tl) {
		t.Fatalf("Stdin from a file past the cap: %v; want a TooLargeError", err)
	}
	if off, _ := f.Seek(0, io.SeekCurrent); off != 0 {
		t.Errorf("Stdin read %d bytes before refusing a file past the cap by its size", off)
	}
}

// TestReadAllBoundedBuffer (attack pass 41c, row 5): a pipe is read into
// a buffer that grows no further than the cap and one byte: io.ReadAll
// doubled its buffer, 2 GiB for a stream at the 1 GiB cap.
func TestReadAllBoundedBuffer(t *testing.T) {
	t.Parallel()
	const max = 3<<20 + 12345 // not a size io.ReadAll's growth lands on
	data, err := ReadAll(io.LimitReader(zeros{}, max), "stream", max)
	if err != nil || len(data) != max {
		t.Fatalf("ReadAll of %d bytes with that cap: %d bytes, %v", max, len(data), err)
	}
	if cap(data) > max+1 {
		t.Errorf("ReadAll of %d bytes grew its buffer to %d bytes, past the cap and one", max, cap(data))
	}
	var tl *TooLargeError
	if _, err := ReadAll(zeros{}, "stream", max); !errors.As(err, &tl) {
		t.Errorf("ReadAll of an endless stream: %v; want a TooLargeError", err)
	}
	if data, err := ReadAll(io.LimitReader(zeros{}, 0), "stream", max); err != nil || len(data) != 0 {
		t.Errorf("ReadAll of nothing: %d bytes, %v", len(data), err)
	}
}

// zeros is an endless stream of zero bytes, /dev/zero as a pipe gives it.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// TestStdinPipe: a pipe on standard input is read, whole, up to its cap.
func TestStdinPipe(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	want := make([]byte, 3<<20)
	for i := range want {
		want[i] = byte(i)
	}
	go func() {
		_, _ = w.Write(want)
		w.Close()
	}()
	saved := os.Stdin
	os.Stdin = r
	defer func() { os.Stdin = saved }()
	f, err := Stdin(4 << 20)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Release()
	if string(f.Data) != string(want) {
		t.Errorf("Stdin from a pipe: %d bytes, not the %d written", len(f.Data), len(want))
	}
}
