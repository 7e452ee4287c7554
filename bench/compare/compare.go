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

	"github.com/subako-ai/subako-go/modulecheck"
	"github.com/subako-ai/subako-go/rules"
	"github.com/subako-ai/subako-go/wasmparse"
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
	{"wasmtime-serial", func() (func([]byte) error, func()) { return Wasmtime(true) }},
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

// Wasmtime returns wasmtime's validator (wasmtime_module_validate) on an
// engine with the default configuration, that is WebAssembly with
// wasmtime's default features. Wasmtime validates function bodies on every
// core unless serial is set, which turns parallel compilation off.
func Wasmtime(serial bool) (check func([]byte) error, close func()) {
	cfg := wasmtime.NewConfig()
	if serial {
		cfg.SetParallelCompilation(false)
	}
	engine := wasmtime.NewEngineWithConfig(cfg)
	return func(b []byte) error { return wasmtime.ModuleValidate(engine, b) }, engine.Close
}
