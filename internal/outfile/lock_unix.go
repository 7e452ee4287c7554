//go:build linux || darwin || freebsd || netbsd || openbsd

package outfile

import (
	"errors"
	"fmt"
	"os"
	"syscall"
	"time"
)

// lockWait is how long LockDir waits for another subakogo's hold on the
// directory: a hold lasts one read and one rename, so a wait this long
// means a process holds it for some other reason.
const lockWait = 10 * time.Second

// LockDir holds an exclusive advisory lock (flock) on the directory dir
// until the returned func is called. A read-modify-rename of a file in it
// (lint --save-cases's Add) holds it so that two runs at once each add to
// what the other wrote instead of one rename dropping the other's: the
// directory is locked, not the file, because the rename replaces the
// file's inode. Another process's hold is waited for up to lockWait.
func LockDir(dir string) (unlock func(), err error) {
	d, err := os.Open(dir) // a directory: O_RDONLY, never written
	if err != nil {
		return nil, err
	}
	fi, err := d.Stat()
	if err != nil || !fi.IsDir() {
		d.Close()
		if err == nil {
			err = fmt.Errorf("%s: not a directory", dir)
		}
		return nil, err
	}
	deadline := time.Now().Add(lockWait)
	for pause := time.Millisecond; ; pause = min(2*pause, 100*time.Millisecond) {
		err = syscall.Flock(int(d.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			return func() { d.Close() }, nil // closing the descriptor releases the lock
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) && !errors.Is(err, syscall.EINTR) {
			d.Close()
			return nil, fmt.Errorf("%s: lock: %w", dir, err)
		}
		if time.Now().After(deadline) {
			d.Close()
			return nil, fmt.Errorf("%s: another process has held a lock on this directory for %v", dir, lockWait)
		}
		time.Sleep(pause)
	}
}
