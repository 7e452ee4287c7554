//go:build !linux

package sandboxfs

import "os"

// fileBirthTime is 0 where the host reads no birth time (Linux only):
// ctim is 0, as wasmtime answers a file system that keeps none.
func fileBirthTime(*os.File) int64 { return 0 }

// birthTime is 0, as fileBirthTime.
func (*Mount) birthTime(string, bool) int64 { return 0 }

// birthIn is 0, as fileBirthTime.
func birthIn(*os.File, string) int64 { return 0 }
