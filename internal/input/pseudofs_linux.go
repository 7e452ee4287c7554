//go:build linux

package input

import "syscall"

// pseudoFS are the file systems whose files the kernel makes as they are
// read (Linux's statfs magic numbers, linux/magic.h): their files say they
// are regular files of size 0, yet /proc/self/pagemap streams gigabytes
// and /proc/kmsg blocks until the kernel logs, taking its log as it reads
// (attack pass 42b, row 1). None holds a module or a JSON file a person
// means to give, so none is read.
var pseudoFS = map[uint32]string{
	0x9fa0:     "procfs",
	0x62656572: "sysfs",
	0x64626720: "debugfs",
	0x74726163: "tracefs",
	0x27e0eb:   "cgroupfs",
	0x63677270: "cgroup2fs",
	0x73636673: "securityfs",
	0x62656570: "configfs",
	0xcafe4a11: "bpffs",
	0x6165676c: "pstorefs",
	0xde5e81e4: "efivarfs",
	0x65735543: "fusectl",
	0x42494e4d: "binfmt_misc",
}

// pseudoPath names the pseudo file system path is on, or "".
func pseudoPath(path string) string {
	var st syscall.Statfs_t
	if syscall.Statfs(path, &st) != nil {
		return "" // the open and fstat that follow say what is wrong
	}
	return pseudoFS[uint32(st.Type)]
}

// pseudoFd names the pseudo file system the open file fd is on, or "".
func pseudoFd(fd uintptr) string {
	var st syscall.Statfs_t
	if syscall.Fstatfs(int(fd), &st) != nil {
		return ""
	}
	return pseudoFS[uint32(st.Type)]
}
