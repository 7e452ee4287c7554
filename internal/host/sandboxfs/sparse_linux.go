package sandboxfs

import (
	"errors"
	"os"
	"syscall"
)

// Seek's whences for a file's data and holes (lseek(2), Linux 3.1).
const (
	seekData = 3
	seekHole = 4
)

// dataAt is the first stretch of f's data at or after off, before size:
// [start, end), start == size when only holes are left. A file system
// that does not tell (EINVAL) is all data.
func dataAt(f *os.File, off, size int64) (start, end int64, err error) {
	start, err = f.Seek(off, seekData)
	switch {
	case errors.Is(err, syscall.ENXIO): // no data past off
		return size, size, nil
	case errors.Is(err, syscall.EINVAL):
		return off, size, nil
	case err != nil:
		return 0, 0, err
	case start >= size:
		return size, size, nil
	}
	end, err = f.Seek(start, seekHole)
	if err != nil {
		return 0, 0, err
	}
	return start, min(max(end, start+1), size), nil
}
