package host

import (
	"fmt"

	"github.com/subako-ai/subako-go/internal/wasmparse"
)

// InstanceHeapLimit bounds what one instance of a module takes on the
// host's heap at instantiation, reckoned from the module's shape
// (instanceHeap), as TableLimit bounds its tables: wazero builds every
// run's element segments' references and globals there, outside the
// memory budget, again for every run (attack pass 44a, row 5: an 8 MB
// module of 8,000,000 passive element entries allocated 689 MiB a run,
// lint peaked at 1.27 GB of RSS, serve --max-concurrent 4 ~2.7 GB). A
// module reckoned past it is refused before compiling. The costliest of
// the 2,502 modules in the test suite's build cache (4 MB: 2,532 element
// entries, 2,554 functions, 8 globals, 43,674 data segments) is reckoned
// 1.7 MB; an element entry takes one byte of module, so the 1 GiB module
// the reader takes could ask ~96 GiB.
const InstanceHeapLimit = 64 << 20

// What an instance allocates on the host's heap per item of the module,
// garbage included (TotalAlloc's growth around a run of a command that
// exits at once), each rounded up from the most measured under either
// engine (TestInstanceHeapModel). Data segments' bytes are not copied
// (each instance refers to the module's); tables are TableLimit's.
const (
	// An element entry: a reference, wazero's function instance for
	// it and its constant expression's evaluation (93 bytes under the
	// compiler, 24 under the interpreter). Declarative segments' entries
	// cost nothing, active ones past their table nothing either: counted
	// all the same.
	instancePerElemEntry = 96
	// A global: its instance and its evaluation (under the compiler 96
	// bytes an i32, 112 a v128, 173 a funcref, whose ref.func builds a
	// function instance; under the interpreter 80, 96, 88).
	instancePerGlobal = 176
	// An element or data segment: its slice in the instance (24 bytes,
	// active or passive, under either engine).
	instancePerSegment = 32
	// A function, imported or defined: the interpreter's record of it
	// (32 bytes; the compiler's instance has none).
	instancePerFunc = 40
)

// instanceHeap reckons the bytes one instance of m takes on the host's
// heap at instantiation, beyond its tables and its linear memory.
func instanceHeap(m *wasmparse.Module) int64 {
	return instancePerElemEntry*int64(m.ElemEntries) +
		instancePerGlobal*int64(len(m.Globals)+m.NumImportedGlobals) +
		instancePerSegment*int64(m.ElemSegments()+m.NumDatas) +
		instancePerFunc*int64(len(m.Funcs)+m.NumImportedFuncs)
}

// boundInstance refuses a module whose instance is reckoned past
// InstanceHeapLimit.
func boundInstance(m *wasmparse.Module) error {
	if n := instanceHeap(m); n > InstanceHeapLimit {
		return fmt.Errorf("one instance of the module is reckoned to take %d MiB of the host's heap (element entries %d, globals %d, segments %d, functions %d), over the host's %d MiB (host.InstanceHeapLimit)",
			n>>20, m.ElemEntries, len(m.Globals)+m.NumImportedGlobals, m.ElemSegments()+m.NumDatas, len(m.Funcs)+m.NumImportedFuncs, InstanceHeapLimit>>20)
	}
	return nil
}
