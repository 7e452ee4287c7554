//go:build !(linux || darwin || freebsd || netbsd || openbsd)

package main

import "os"

// mapFile is not available here; the file is read instead.
func mapFile(*os.File, int64) ([]byte, func(), bool) { return nil, nil, false }
