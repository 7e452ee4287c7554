package wasmparse

// Limit names one implementation limit. The format allows counts up to
// 2^32-1 everywhere, but engines agree on far smaller bounds (V8's
// src/wasm/wasm-limits.h, which wasmtime's wasmparser mirrors in
// limits.rs), and no toolchain comes near them. A module beyond one is
// refused before anything compiles it: compilers are linear or worse in
// these shapes (wazero's in nesting depth and br_table size), so one
// 56-byte function declaring 2^32-1 locals is enough to exhaust a host.
type Limit uint8

// The limits, each checked before the reader stores what it counts.
const (
	_ Limit = iota
	LimitTypes
	LimitFunctions
	LimitImports
	LimitExports
	LimitGlobals
	LimitTables
	LimitMemories
	LimitTags
	LimitDataSegments
	LimitElemSegments
	LimitElemEntries
	LimitName
	LimitParams
	LimitResults
	LimitLocals
	LimitFunctionSize
	LimitBrTable
	LimitNesting
	LimitSignatureWeight
	LimitMultiValues
	numLimits
)

type limitInfo struct {
	max    int
	what   string // "functions", as in "more than 1000000 functions"
	source string // where the number comes from
}

// limitTable is the one home of every limit's value.
var limitTable = [numLimits]limitInfo{
	LimitTypes:        {1000000, "types", "V8 kV8MaxWasmTypes, wasmparser MAX_WASM_TYPES"},
	LimitFunctions:    {1000000, "functions (imported and defined)", "V8 kV8MaxWasmFunctions, wasmparser MAX_WASM_FUNCTIONS"},
	LimitImports:      {100000, "imports", "V8 kV8MaxWasmImports"},
	LimitExports:      {100000, "exports", "V8 kV8MaxWasmExports, wasmparser MAX_WASM_EXPORTS"},
	LimitGlobals:      {1000000, "globals", "V8 kV8MaxWasmGlobals, wasmparser MAX_WASM_GLOBALS"},
	LimitTables:       {100, "tables", "wasmparser MAX_WASM_TABLES"},
	LimitMemories:     {100, "memories", "wasmparser MAX_WASM_MEMORIES"},
	LimitTags:         {1000000, "tags", "V8 kV8MaxWasmExceptions, wasmparser MAX_WASM_TAGS"},
	LimitDataSegments: {100000, "data segments", "V8 kV8MaxWasmDataSegments, wasmparser MAX_WASM_DATA_SEGMENTS"},
	LimitElemSegments: {100000, "element segments", "wasmparser MAX_WASM_ELEMENT_SEGMENTS"},
	LimitElemEntries:  {10000000, "entries in one element segment", "V8 kV8MaxWasmTableInitEntries, wasmparser MAX_WASM_TABLE_ENTRIES"},
	LimitName:         {100000, "bytes in an import or export name", "V8 kV8MaxWasmStringSize, wasmparser MAX_WASM_STRING_SIZE"},
	LimitParams:       {1000, "parameters in one function type", "V8 kV8MaxWasmFunctionParams, wasmparser MAX_WASM_FUNCTION_PARAMS"},
	LimitResults:      {1000, "results in one function type", "V8 kV8MaxWasmFunctionMultiReturns, wasmparser MAX_WASM_FUNCTION_RETURNS"},
	LimitLocals:       {50000, "locals in one function (parameters included)", "V8 kV8MaxWasmFunctionLocals, wasmparser MAX_WASM_FUNCTION_LOCALS"},
	LimitFunctionSize: {7654321, "bytes in one function body", "V8 kV8MaxWasmFunctionSize, wasmparser MAX_WASM_FUNCTION_SIZE"},
	LimitBrTable:      {65520, "targets in one br_table", "V8 kV8MaxWasmFunctionBrTableSize"},
	// Neither engine bounds nesting, but wazero's compiler is quadratic in
	// it (20,000 nested blocks take it 1.7 s): 10,000 is nine times the
	// deepest function of a 10 MB Go build (1,152).
	LimitNesting: {10000, "nested blocks in one function", "subako: wazero compiles deep nesting in quadratic time"},
	// Neither engine bounds it either, but wazero keys each function type
	// by a string it concatenates one value type's name (up to 9 bytes,
	// externref) at a time, in this process however the module is run:
	// time and garbage quadratic in the type's length (1,000 parameters and
	// 1,000 results: 19 MB of garbage, 5 ms). Four such types reach the
	// limit (76 MB, 25 ms in all); the toolchains' modules weigh at most
	// about 1,000.
	LimitSignatureWeight: {16000000, "signature weight (the sum over function types of (parameters + results) squared)", "subako: wazero keys function types in quadratic time"},
	// Neither engine bounds it, but wazero's optimising compiler allocates
	// some 330 bytes and 1.8 us for each value an instruction produces,
	// and a call (two bytes) of a type of 1,000 results produces 1,000:
	// 100,000 such calls, a 200 KB module, took it 3.8 GB and more than a
	// minute (attack pass 47a, row 1). It also passes each target of a
	// reachable br_table the label's values: 65,520 targets of 1,000
	// values, a 67 KB function, took it 54 s. Counted are the values that
	// instructions push two or more at a time (calls, call_indirects,
	// block parameters and results, br_if) and that reachable br_tables
	// pass, so that a module costs the compiler no more than a large
	// ordinary one (2,000,000 values: 665 MB allocated, 3.7 s;
	// TestMultiValuesWorstAccepted); Go builds push none.
	LimitMultiValues: {2000000, "values instructions push or pass two or more at a time (calls, blocks, branches)", "subako: wazero's compiler allocates some 330 bytes for each value an instruction produces"},
}

// Max is the largest count the limit allows.
func (l Limit) Max() int { return limitTable[l].max }

// What names what the limit counts, for messages.
func (l Limit) What() string { return limitTable[l].what }

// Source says where the limit's value comes from.
func (l Limit) Source() string { return limitTable[l].source }

// AllLimits lists every limit in a stable order.
func AllLimits() []Limit {
	ls := make([]Limit, 0, numLimits-1)
	for l := Limit(1); l < numLimits; l++ {
		ls = append(ls, l)
	}
	return ls
}

// exceeds stops the current section or function: n is beyond the limit.
func (r *reader) exceeds(off int, l Limit, n uint64) {
	panic(&decodeError{offset: off, limit: l, msg: itoa(int64(n)) + " " + l.What() + ", more than the limit of " + itoa(int64(l.Max()))})
}

// check refuses a running total n beyond the limit.
func (r *reader) check(off int, l Limit, n int) {
	if n > l.Max() {
		r.exceeds(off, l, uint64(n))
	}
}

// countMax reads a vector length, refuses one that, added to already
// (what the index space held before), passes the limit, then one that
// cannot fit in what is left as count does. The limit comes first: a count
// past it is Exceeds whatever the bytes, so a module declaring 2^32-1
// imports in 15 bytes is refused as past the limit of imports, never
// handed to an engine as merely malformed (attack pass 46d, row 1).
func (r *reader) countMax(minSize int, l Limit, already int) int {
	start := r.pos
	n := r.u32()
	r.check(start, l, already+int(n))
	if minSize > 0 && uint64(n)*uint64(minSize) > uint64(r.remaining()) {
		r.fail(start, "length out of bounds")
	}
	return int(n)
}
