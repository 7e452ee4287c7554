package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
)

// maxModuleSize bounds what lint reads, so a device or a runaway file
// cannot exhaust memory. Subako's own limit is far below it.
const maxModuleSize = 1 << 30

// input is a module's bytes and how to let go of them.
type input struct {
	name    string
	data    []byte
	release func()
}

// readModule reads a module file, a package directory's module.wasm, or
// standard input ("-"). Regular files are memory-mapped where the system
// allows: reading a 20 MB module into a fresh buffer costs more than
// validating it.
func readModule(p string) (input, error) {
	if p == "-" {
		data, err := readAllLimited(os.Stdin, "<stdin>")
		return input{name: "<stdin>", data: data, release: func() {}}, err
	}
	name := p
	fi, err := os.Stat(p)
	if err != nil {
		return input{name: name}, err
	}
	if fi.IsDir() {
		name = filepath.Join(p, "module.wasm")
	}
	f, err := os.Open(name)
	if err != nil {
		return input{name: name}, err
	}
	defer f.Close()
	if fi, err = f.Stat(); err == nil && fi.Mode().IsRegular() {
		if fi.Size() > maxModuleSize {
			return input{name: name}, fmt.Errorf("%s: larger than %d bytes", name, maxModuleSize)
		}
		if data, unmap, ok := mapFile(f, fi.Size()); ok {
			return input{name: name, data: data, release: unmap}, nil
		}
	}
	data, err := readAllLimited(f, name)
	return input{name: name, data: data, release: func() {}}, err
}

func readAllLimited(r io.Reader, name string) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxModuleSize+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(data) > maxModuleSize {
		return nil, fmt.Errorf("%s: larger than %d bytes", name, maxModuleSize)
	}
	return data, nil
}

// errChanged reports a mapped file that shrank while it was read.
var errChanged = errors.New("the file changed while it was read")

// guard runs f, turning a memory fault (a mapped file truncated under us)
// into errChanged instead of a crash.
func guard(f func()) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if e := recover(); e != nil {
			if _, isFault := e.(interface{ Addr() uintptr }); !isFault {
				panic(e)
			}
			err = errChanged
		}
	}()
	f()
	return nil
}
