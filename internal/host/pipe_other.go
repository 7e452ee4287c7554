//go:build !linux

package host

import "os"

func pipeAvailable(*os.File) int { return 0 }

func isNonblocking(*os.File) bool { return false }
