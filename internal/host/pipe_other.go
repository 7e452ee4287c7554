//go:build !linux

package host

import "os"

func pipeAvailable(*os.File) int { return 0 }

func isNonblocking(*os.File) bool { return false }

func setPipeSize(*os.File, int) {}

func pipeSize(*os.File) int { return 0 }
