// Command wasmtime-validate validates a WebAssembly module with wasmtime's
// validator (wasmtime_module_validate, through wasmtime-go's C API) on an
// engine of WebAssembly 2.0 features (compare.WasmtimeConfig). It is the
// wasmtime contender of bench/compare.
//
//	wasmtime-validate [-serial] FILE
//
// Exit status: 0 valid, 1 invalid, 2 usage, 3 unreadable.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/bytecodealliance/wasmtime-go/v39"

	"github.com/subako-ai/subako-go/bench/compare"
)

func main() {
	serial := flag.Bool("serial", false, "validate function bodies on one thread (parallel compilation off)")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: wasmtime-validate [-serial] FILE")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	b, err := os.ReadFile(flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, "wasmtime-validate:", err)
		os.Exit(3)
	}
	if err := wasmtime.ModuleValidate(wasmtime.NewEngineWithConfig(compare.WasmtimeConfig(*serial)), b); err != nil {
		fmt.Fprintf(os.Stderr, "wasmtime-validate: %s: %v\n", flag.Arg(0), err)
		os.Exit(1)
	}
}
