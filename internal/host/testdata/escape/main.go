//go:build wasip1

// Command escape tries, one after another, every way out of its mounts a
// hostile module has: symbolic links it makes or finds, hard links, writes
// through a read-only mount or a hard-linked file, and the budget's limits
// on files, depth and bytes. It prints one line per attempt, "name: ok" or
// "name: errno N" (WASI's number), and "name: read ..." with what it could
// read: the host's tests check that nothing outside the mounts is read,
// listed or created.
package main

import (
	"errors"
	"os"
	"strconv"
	"strings"
	"syscall"
)

func report(name string, err error) {
	if err == nil {
		os.Stdout.WriteString(name + ": ok\n")
		return
	}
	var errno syscall.Errno
	if errors.As(err, &errno) {
		os.Stdout.WriteString(name + ": errno " + strconv.Itoa(int(errno)) + "\n")
		return
	}
	os.Stdout.WriteString(name + ": " + err.Error() + "\n")
}

func read(name, path string) {
	b, err := os.ReadFile(path)
	if err == nil {
		os.Stdout.WriteString(name + ": read " + strconv.Quote(string(b)) + "\n")
		return
	}
	report(name, err)
}

func list(name, path string) {
	entries, err := os.ReadDir(path)
	if err == nil {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		os.Stdout.WriteString(name + ": read " + strings.Join(names, ",") + "\n")
		return
	}
	report(name, err)
}

func main() {
	// The escape of the report: a symbolic link up and out, then opens.
	report("symlink-up", os.Symlink("../../../outside", "/volume/tmp/hostroot"))
	read("read-via-made-link", "/volume/tmp/hostroot/secret")
	report("symlink-dotdot-inside", os.Symlink("a/../b", "/volume/tmp/dd"))
	report("symlink-absolute", os.Symlink("/etc", "/volume/tmp/abs"))
	report("symlink-down", os.Symlink("sub/file", "/volume/tmp/down"))
	os.Mkdir("/volume/tmp/sub", 0o755)
	os.WriteFile("/volume/tmp/sub/file", []byte("inside"), 0o644)
	read("read-via-down-link", "/volume/tmp/down")
	list("list-package", "/package")

	// Links the module finds: made by the test outside the module.
	read("read-via-found-link", "/volume/tmp/found/secret")
	list("list-via-found-link", "/volume/tmp/found")
	report("create-via-found-link", os.WriteFile("/volume/tmp/found/created", []byte("x"), 0o644))
	report("mkdir-via-found-link", os.Mkdir("/volume/tmp/found/made", 0o755))
	report("hardlink-via-found-link", os.Link("/volume/tmp/found/secret", "/volume/tmp/hard-made"))
	read("read-package-found-link", "/package/up/secret")
	report("remove-via-found-link", os.Remove("/volume/tmp/found/secret"))
	report("rename-via-found-link", os.Rename("/volume/tmp/found/secret", "/volume/tmp/stolen"))

	// A found hard link to a file outside may be read (it is that file),
	// but never written.
	f, err := os.OpenFile("/volume/tmp/hard", os.O_WRONLY, 0)
	if err == nil {
		f.WriteString("overwritten")
		f.Close()
	}
	report("write-found-hardlink", err)
	report("truncate-found-hardlink", os.Truncate("/volume/tmp/hard", 0))

	// The package: a FIFO is refused while the mount reads the person's
	// directory; changes go to the run's own copy (sandboxfs.Private).
	read("open-fifo", "/package/fifo") // a FIFO must not hang the host
	report("write-package", os.WriteFile("/package/new", []byte("x"), 0o644))
	_, err = os.OpenFile("/package/new2", os.O_RDONLY|os.O_CREATE, 0o644)
	report("create-readonly-package", err)
	report("mkdir-package", os.Mkdir("/package/dir", 0o755))
	read("read-package", "/package/asset.txt")
	read("read-new-package", "/package/new")
	read("read-absolute-found-link", "/package/env")
	read("read-package-up-copied", "/package/up/secret")

	// The budget: depth, bytes and entries (the test sets small limits).
	dir := "/volume/tmp/deep"
	var derr error
	depth := 1
	for ; depth < 100; depth++ {
		if derr = os.Mkdir(dir, 0o755); derr != nil {
			break
		}
		dir += "/d"
	}
	report("deep-at-"+strconv.Itoa(depth), derr)
	report("mkdir-shallow", os.MkdirAll("/volume/tmp/a/b/c", 0o755))
	report("rename-deeper", os.Rename("/volume/tmp/a", "/volume/tmp/deep/d/d/a"))
	big, err := os.Create("/volume/tmp/big")
	if err == nil {
		report("truncate-huge", big.Truncate(1<<40))
		_, err = big.WriteAt([]byte("x"), 1<<40)
		report("write-far", err)
		big.Close()
	} else {
		report("create-big", err)
	}
	var ferr error
	n := 0
	for ; n < 1000; n++ {
		if ferr = os.WriteFile("/volume/tmp/f"+strconv.Itoa(n), nil, 0o644); ferr != nil {
			break
		}
	}
	report("files-after-"+strconv.Itoa(n), ferr)
	report("remove-own-file", os.Remove("/volume/tmp/f0"))
	report("remove-own-dir", os.Remove("/volume/tmp/a/b/c"))
	report("remove-package", os.Remove("/package/asset.txt"))
}
