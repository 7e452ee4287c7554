//go:build !linux

package input

// pseudoPath and pseudoFd name the pseudo file system a file is on: only
// Linux's are known (pseudofs_linux.go).
func pseudoPath(string) string { return "" }
func pseudoFd(uintptr) string  { return "" }
