// Command wasmtimerun runs a Subako function package under wasmtime, as a
// third WASI runtime for the runtime's tests: wasmtimerun MODULE.wasm
// instantiates the module with one argv entry and no environment, as
// Subako does, hands it this process's own stdin, stdout and stderr,
// links the subako_http stub of the ABI page (every request fails), runs
// _start, and exits with the module's exit status (1 after a trap, with
// the trap on stderr). Compilations are cached in wasmtime's default cache
// directory.
//
// It is a module of its own, so that the main module does not depend on
// wasmtime-go and its cgo build; the test builds it with go build.
package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/bytecodealliance/wasmtime-go/v39"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: wasmtimerun MODULE.wasm")
		os.Exit(2)
	}
	os.Exit(run(os.Args[1]))
}

func run(path string) int {
	config := wasmtime.NewConfig()
	_ = config.CacheConfigLoadDefault() // a second run skips compiling; without the cache it still runs
	engine := wasmtime.NewEngineWithConfig(config)
	module, err := wasmtime.NewModuleFromFile(engine, path)
	if err != nil {
		return fail(err)
	}
	linker := wasmtime.NewLinker(engine)
	if err := linker.DefineWasi(); err != nil {
		return fail(err)
	}
	stub := map[string]func(int32, int32) int32{
		"request":       func(int32, int32) int32 { return -1 },
		"read_response": func(int32, int32) int32 { return -2 },
	}
	for name, f := range stub {
		if err := linker.FuncWrap("subako_http", name, f); err != nil {
			return fail(err)
		}
	}
	wasi := wasmtime.NewWasiConfig()
	wasi.SetArgv([]string{"function"})
	wasi.InheritStdin()
	wasi.InheritStdout()
	wasi.InheritStderr()
	store := wasmtime.NewStore(engine)
	store.SetWasi(wasi)
	instance, err := linker.Instantiate(store, module)
	if err != nil {
		return fail(err)
	}
	start := instance.GetFunc(store, "_start")
	if start == nil {
		return fail(errors.New("the module exports no _start"))
	}
	if _, err := start.Call(store); err != nil {
		var exit *wasmtime.Error
		if errors.As(err, &exit) {
			if status, ok := exit.ExitStatus(); ok {
				return int(status)
			}
		}
		return fail(err)
	}
	return 0
}

func fail(err error) int {
	fmt.Fprintln(os.Stderr, "wasmtimerun:", err)
	return 1
}
