//go:build !linux

package host

import "os"

func pipeAvailable(*os.File) int { return 0 }

func setPipeSize(*os.File, int) error { return nil }

// pipeSizeFixed is false where a pipe's size cannot be set: the system's
// own is used.
const pipeSizeFixed = false

func pipeSize(*os.File) int { return 0 }
