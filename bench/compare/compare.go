// Package compare measures subako-go's WebAssembly decoder and validator
// against wasmtime's, in process, on the modules of bench/benchmods. The
// whole-process comparison (subakogo lint, wabt's wasm-validate and
// cmd/wasmtime-validate) is cmd/runbench, started by run.sh.
//
// This is a module of its own so that wasmtime-go, whose static library
// weighs tens of megabytes, never enters the main module's dependencies.
package compare

import (
	"fmt"

	"github.com/bytecodealliance/wasmtime-go/v39"

	"github.com/subako-ai/subako-go/internal/check/modulecheck"
	"github.com/subako-ai/subako-go/internal/rules"
	"github.com/subako-ai/subako-go/internal/wasmparse"
)

// A Validator checks one module's bytes, returning an error if it is not
// accepted.
type Validator struct {
	Name string
	// Open prepares the validator (an engine, say) and returns the check
	// and a function that releases what Open took.
	Open func() (check func([]byte) error, close func())
}

// Validators are the in-process contenders.
var Validators = []Validator{
	{"subako", func() (func([]byte) error, func()) { return Parse, func() {} }},
	{"subakolint", func() (func([]byte) error, func()) { return Lint, func() {} }},
	{"wasmtime", func() (func([]byte) error, func()) { return Wasmtime(false) }},
}

// Parse runs wasmparse.Parse, the decoder and validator behind the linter.
func Parse(b []byte) error {
	m := wasmparse.Parse(b)
	if len(m.Problems) > 0 {
		p := m.Problems[0]
		return fmt.Errorf("%d problems, first at offset %#x: %s", len(m.Problems), p.Offset, p.Message)
	}
	return nil
}

// Lint runs every rule of subakogo lint (modulecheck.Check): Parse plus the
// Subako checks, without reading the file, hashing it or writing a report.
func Lint(b []byte) error {
	_, findings := modulecheck.Check(b)
	for _, f := range findings {
		if f.Severity() >= rules.Error {
			return fmt.Errorf("%d findings, first: %v", len(findings), f)
		}
	}
	return nil
}

// WasmtimeConfig is the engine configuration of the wasmtime contender:
// WebAssembly 2.0, what subakogo lint accepts (reference types, SIMD, bulk
// memory, multi-value), every later proposal wasmtime-go can turn off
// turned off. serial turns parallel compilation off as well, so function
// bodies are validated on one thread.
func WasmtimeConfig(serial bool) *wasmtime.Config {
	cfg := wasmtime.NewConfig()
	cfg.SetWasmReferenceTypes(true)
	cfg.SetWasmSIMD(true)
	cfg.SetWasmBulkMemory(true)
	cfg.SetWasmMultiValue(true)
	cfg.SetWasmGC(false)
	cfg.SetWasmFunctionReferences(false)
	cfg.SetWasmThreads(false)
	cfg.SetWasmRelaxedSIMD(false)
	cfg.SetWasmMultiMemory(false)
	cfg.SetWasmMemory64(false)
	cfg.SetWasmTailCall(false)
	cfg.SetWasmWideArithmetic(false)
	if serial {
		cfg.SetParallelCompilation(false)
	}
	return cfg
}

// Wasmtime returns wasmtime's validator (wasmtime_module_validate) on an
// engine of WasmtimeConfig.
func Wasmtime(serial bool) (check func([]byte) error, close func()) {
	engine := wasmtime.NewEngineWithConfig(WasmtimeConfig(serial))
	return func(b []byte) error { return wasmtime.ModuleValidate(engine, b) }, engine.Close
}
