package rules

// The module rules (W...), reported by modulecheck. IDs never change meaning; a retired rule keeps its ID reserved.
var (
	NotWasm = &Rule{ID: "W001", Slug: "not-wasm", Severity: Error, Since: "v0.1.0", By: ModuleCheck,
		Title:   "The file is not a WebAssembly binary",
		Why:     `The file does not start with the WebAssembly magic bytes "\0asm".`,
		Example: "a .wat text file, a JavaScript glue file, or a truncated download.",
		Fix: `build a binary core module for WASI preview 1, e.g.
    GOOS=wasip1 GOARCH=wasm go build -o module.wasm .
    cargo build --target wasm32-wasip1 --release
and lint the .wasm file it writes. A .wat file must be assembled first (wat2wasm).`,
	}

	Component = &Rule{ID: "W002", Slug: "component", Severity: Error, Since: "v0.1.0", By: ModuleCheck,
		Title: "A component, not a core module",
		Why: `The file is a WebAssembly component (layer 1 of the binary format, version bytes 0d 00 01 00).
Subako runs core modules for WASI preview 1 only; it refuses components.`,
		Example: "cargo build --target wasm32-wasip2, or jco new module.wasm --wasi-command.",
		Fix: `build for WASI preview 1 instead:
    cargo build --target wasm32-wasip1 --release
    GOOS=wasip1 GOARCH=wasm go build -o module.wasm .
    clang --target=wasm32-wasip1 ...
and upload the core module, not the wrapped component.`,
	}

	UnknownVersion = &Rule{ID: "W003", Slug: "unknown-version", Severity: Error, Since: "v0.1.0", By: ModuleCheck,
		Title:   "The binary format version is not 1",
		Why:     `The file starts with "\0asm" but its version field is neither 1 (a core module) nor a component's.`,
		Example: "a module written by an experimental toolchain, or a corrupted header.",
		Fix:     "rebuild with a released toolchain targeting wasm32-wasip1.",
	}

	Malformed = &Rule{ID: "W004", Slug: "malformed", Severity: Error, Since: "v0.1.0", By: ModuleCheck,
		Title: "The binary is malformed",
		Why: `The binary cannot be decoded: a section runs past its size or the end of the file, a LEB128 number
is too long, an opcode does not exist, sections come out of order, or counts disagree.
The message names the section and the byte offset.`,
		Example: `a file cut short by a failed copy ("unexpected end of section"), or a post-processor
that rewrote a section without fixing its size.`,
		Fix: `rebuild the module; if a post-processing tool (wasm-opt, a stripper, a signer) ran after
the linker, run the linter on the linker's output to see which step broke it.`,
	}

	Invalid = &Rule{ID: "W005", Slug: "invalid", Severity: Error, Since: "v0.1.0", By: ModuleCheck,
		Title: "The module fails WebAssembly 2.0 validation",
		Why: `The module decodes but does not validate under the WebAssembly 2.0 rules: an instruction
pops a value of the wrong type, an index points past its space, a constant expression uses
an instruction it may not, a block leaves the wrong values on the stack. The message names the
function (from the name section when present), the instruction and its byte offset.`,
		Example: `(func (result i32) (i64.const 0)) - "type mismatch: expected i32, found i64".`,
		Fix: `this is almost always a toolchain or post-processor bug; rebuild without the
post-processing step, update the toolchain, and report the bug with the offset shown.`,
	}

	FeatureNotAvailable = &Rule{ID: "W006", Slug: "feature-not-available", Severity: Error, Since: "v0.1.0", By: ModuleCheck,
		Title: "The module uses a WebAssembly feature Subako does not provide",
		Why: `Subako runs WebAssembly 2.0 without GC: bulk memory, reference types, multi-value,
sign extension, non-trapping float-to-int and 128-bit SIMD. Everything beyond is refused:
threads (shared memory, atomics), exception handling (exnref and legacy), tail calls, memory64,
multi-memory, relaxed SIMD, GC, typed function references, extended constant expressions,
wide arithmetic, custom page sizes and stack switching. One finding is reported per feature,
with the first function and offset that uses it and how many uses there are.`,
		Example: `clang -matomics -mbulk-memory ... -Wl,--shared-memory (threads);
clang -mtail-call with musttail (tail-call); rustc -C target-feature=+exception-handling.`,
		Fix: `turn the feature off in the toolchain: drop -matomics/-pthread, -mtail-call, -mrelaxed-simd,
-fwasm-exceptions, -mwasm64; for Rust, remove the target-feature flags or use the default
wasm32-wasip1 target; for Go, the wasip1 port uses none of these.`,
	}

	ImportModule = &Rule{ID: "W010", Slug: "import-module", Severity: Error, Since: "v0.1.0", By: ModuleCheck,
		Title: "Import from a module Subako does not provide",
		Why: `Subako provides only two import modules: wasi_snapshot_preview1 and subako_http.
Any other import module (env, wasi_unstable, wasi:cli/..., gojs) leaves the module unlinkable.`,
		Example: `(import "env" "log" (func (param i32 i32)))`,
		Fix: `remove the dependency that pulls the import in, or implement it inside the module.
For logging, write to stderr (fd 2) through WASI. C and Zig: an undefined symbol became an
import; link with --no-allow-undefined (wasm-ld) to see which.`,
	}

	WASIUnknown = &Rule{ID: "W011", Slug: "wasi-unknown-function", Severity: Error, Since: "v0.1.0", By: ModuleCheck,
		Title: "A wasi_snapshot_preview1 function that does not exist",
		Why: `WASI preview 1 defines 46 functions. An import of wasi_snapshot_preview1 with any other name
cannot be linked.`,
		Example: `(import "wasi_snapshot_preview1" "sock_open" (func ...)) - sock_open belongs to WasmEdge's
extension, not to WASI preview 1.`,
		Fix: `use only WASI preview 1 functions; check the toolchain targets wasm32-wasip1 and not a
runtime-specific extension.`,
	}

	WASISignature = &Rule{ID: "W012", Slug: "wasi-signature", Severity: Error, Since: "v0.1.0", By: ModuleCheck,
		Title: "A wasi_snapshot_preview1 import with the wrong signature",
		Why: `Each WASI preview 1 function has one core signature (from the witx definitions). An import
whose parameters or results differ fails to link.`,
		Example: `(import "wasi_snapshot_preview1" "fd_write" (func (param i32 i32 i32) (result i32))) -
fd_write takes four i32 parameters.`,
		Fix: `fix the declaration of the import (the C prototype, the //go:wasmimport signature, the
extern block) to match the WASI preview 1 definition shown in the message.`,
	}

	SubakoHTTPImport = &Rule{ID: "W013", Slug: "subako-http-import", Severity: Error, Since: "v0.1.0", By: ModuleCheck,
		Title: "A subako_http import that Subako does not provide",
		Why: `subako_http has two functions, both on i32 values:
    request(ptr i32, len i32) -> i32
    read_response(ptr i32, len i32) -> i32
Any other name, or another signature, fails to link.`,
		Example: `(import "subako_http" "request" (func (param i64 i32) (result i32)))`,
		Fix: `declare the imports exactly as above, e.g. in Go:
    //go:wasmimport subako_http request
    func request(ptr unsafe.Pointer, n int32) int32`,
	}

	ImportNotFunction = &Rule{ID: "W014", Slug: "import-not-function", Severity: Error, Since: "v0.1.0", By: ModuleCheck,
		Title: "An import that is not a function",
		Why: `Subako's import modules provide functions only. A memory, table, global or tag import
cannot be satisfied.`,
		Example: `(import "env" "memory" (memory 1)) - wasm-ld --import-memory, or Emscripten's JS mode.`,
		Fix: `let the module define and export its own memory (drop --import-memory / -sIMPORTED_MEMORY);
define tables and globals inside the module.`,
	}

	StartMissing = &Rule{ID: "W020", Slug: "start-missing", Severity: Error, Since: "v0.1.0", By: ModuleCheck,
		Title: "No _start export: not a WASI command",
		Why: `Subako calls the exported function _start, as for a WASI command. Without it there is nothing
to run.`,
		Example: "a library built with --no-entry, or a Rust cdylib.",
		Fix: `build an executable: a Go main package, a Rust bin crate for wasm32-wasip1, a C program with
main() linked without --no-entry.`,
	}

	StartSignature = &Rule{ID: "W021", Slug: "start-signature", Severity: Error, Since: "v0.1.0", By: ModuleCheck,
		Title:   "_start is not a function of type [] -> []",
		Why:     "_start must be a function that takes and returns nothing.",
		Example: `(export "_start" (func $main)) where $main is (param i32 i32) (result i32).`,
		Fix: `export the toolchain's own _start (crt1), not main; WASI libc's _start calls main and
then proc_exit.`,
	}

	MemoryExport = &Rule{ID: "W022", Slug: "memory-export", Severity: Error, Since: "v0.1.0", By: ModuleCheck,
		Title: "No linear memory exported as memory",
		Why: `WASI preview 1 reads and writes buffers in the module's linear memory, which it finds through
the export named memory. It must exist and be a memory.`,
		Example: "wasm-ld --import-memory without --export-memory, or a renamed export.",
		Fix: `export the memory under the name memory (wasm-ld does by default; pass --export-memory
when you import or rename it).`,
	}

	Reactor = &Rule{ID: "W023", Slug: "reactor", Severity: Error, Since: "v0.1.0", By: ModuleCheck,
		Title: "A WASI reactor (_initialize) instead of a command",
		Why: `The module exports _initialize, the entry point of a WASI reactor (a library whose exports are
called after initialisation). Subako runs commands: it calls _start once and talks over stdin
and stdout.`,
		Example: `GOOS=wasip1 go build -buildmode=c-shared, or cargo with crate-type = ["cdylib"].`,
		Fix: `build a command: drop -buildmode=c-shared (Go), -mexec-model=reactor (clang), or the
cdylib crate type (Rust), so that the module exports _start.`,
	}

	ToolchainGoJS = &Rule{ID: "W030", Slug: "toolchain-go-js", Severity: Error, Since: "v0.1.0", By: ModuleCheck,
		Title:   "Built with GOOS=js: a browser module, not WASI",
		Why:     "The module imports from gojs (or go), which only wasm_exec.js provides in a browser or Node.js.",
		Example: "GOOS=js GOARCH=wasm go build -o main.wasm . imports gojs.runtime.wasmExit, gojs.syscall/js.valueGet, ...",
		Fix:     "build with GOOS=wasip1 GOARCH=wasm go build -o module.wasm .",
	}

	ToolchainEmscriptenJS = &Rule{ID: "W031", Slug: "toolchain-emscripten-js", Severity: Error, Since: "v0.1.0", By: ModuleCheck,
		Title: "Built with Emscripten's JavaScript mode",
		Why: `The module imports Emscripten's JS runtime (env.emscripten_*, env.__syscall_*, env.setTempRet0)
and needs the .js file that emcc wrote beside it.`,
		Example: "emcc -O2 hello.c -o hello.js writes hello.wasm importing env.emscripten_memcpy_big and env.setTempRet0.",
		Fix: `build a standalone WASI module: emcc -O2 -sSTANDALONE_WASM main.c -o module.wasm
(or use wasi-sdk: clang --target=wasm32-wasip1).`,
	}

	ToolchainTinyGoWasm = &Rule{ID: "W032", Slug: "toolchain-tinygo-wasm", Severity: Error, Since: "v0.1.0", By: ModuleCheck,
		Title: "Built with TinyGo's browser target",
		Why: `The module imports TinyGo's JS runtime (gojs/env syscall/js functions): it was built with
-target=wasm, which needs wasm_exec.js.`,
		Example: "tinygo build -target=wasm -o main.wasm . imports gojs.runtime.ticks and gojs.runtime.sleepTicks.",
		Fix:     "tinygo build -target=wasip1 -o module.wasm .",
	}

	ToolchainNoWASI = &Rule{ID: "W033", Slug: "toolchain-unknown-target", Severity: Error, Since: "v0.1.0", By: ModuleCheck,
		Title: "Built for a non-WASI target (wasm32-unknown-unknown or wasm-bindgen)",
		Why: `The module has no WASI imports and no _start, or imports __wbindgen_* helpers: it was built for
wasm32-unknown-unknown (Rust, clang --target=wasm32) where nothing reads stdin or writes stdout.`,
		Example: "cargo build --target wasm32-unknown-unknown, or wasm-pack build, exports the crate's functions and no _start.",
		Fix: `Rust: cargo build --target wasm32-wasip1 --release (rustup target add wasm32-wasip1);
clang: --target=wasm32-wasip1 with wasi-libc; Zig: -target wasm32-wasi.`,
	}

	HeavyCustomSection = &Rule{ID: "W040", Slug: "heavy-custom-section", Severity: Info, Since: "v0.1.0", By: ModuleCheck,
		Title: "Custom sections that only add weight",
		Why: `Debug information (.debug_* DWARF sections), sourceMappingURL, producers and similar custom
sections are not used by Subako. They make uploads and compilation slower. The name section is
kept out of this finding: it makes crash traces readable. Groups under 1 KiB are not reported.`,
		Example: "clang without -g0 and Debian's wasi-libc keep DWARF; rustc in debug mode.",
		Fix: `strip them: go build -ldflags=-w, cargo's [profile.release] strip = "debuginfo",
clang -g0 -Wl,--strip-debug, or wasm-tools strip.`,
	}

	ModuleSize = &Rule{ID: "W041", Slug: "module-size", Severity: Warning, Since: "v0.2.0", By: ModuleCheck,
		Title: "A module over 16 MiB",
		Why: `Every upload sends the whole module, and every call is a fresh instance that loads it: a big
module uploads slowly and makes each cold call pay for it (compiling once, then instantiating its
code and data on every call). Go modules are 2 to 3 MB for a typical package; most of anything
beyond comes from data compiled in, such as a //go:embed of a large file, or from large
dependencies. subakogo size lists what makes a module big: per Go package (from the name section),
per section, the largest data segments and the files a Go package embeds.`,
		Example: "a 30 MB //go:embed of a word list or a model made a 32.5 MB module.",
		Fix: `ship large files in the package's assets/ folder instead, which Subako mounts at
/package (read /package/words.txt at run time); drop dependencies the tools do not need.`,
	}

	TooManyLocals = &Rule{ID: "W050", Slug: "too-many-locals", Severity: Error, Since: "v0.1.0", By: ModuleCheck,
		Title: "A function declares more locals than engines accept",
		Why: `A function may declare at most 50,000 locals, its parameters included: the limit engines agree
on (V8's kV8MaxWasmFunctionLocals, wasmtime's wasmparser MAX_WASM_FUNCTION_LOCALS). The binary
format allows 2^32-1, and a compiler allocates for each: one function of 56 bytes declaring
4,294,967,295 locals once exhausted the host's memory. Such a module is refused before anything
compiles it; no toolchain emits more than a few hundred locals in a function.`,
		Example: "a hand-written or fuzzed module: (func (local i32 ... 4294967295 times)).",
		Fix:     "rebuild with a real toolchain; a generator that declares a local per value should reuse them.",
	}

	NestingTooDeep = &Rule{ID: "W051", Slug: "nesting-too-deep", Severity: Error, Since: "v0.1.0", By: ModuleCheck,
		Title: "Blocks nest deeper than 10,000",
		Why: `A function may nest blocks, loops and ifs at most 10,000 deep. Neither V8 nor wasmtime sets a
bound here, but wazero's optimising compiler, which Subako runs, takes time quadratic in the depth
(20,000 nested blocks: 1.7 s; 100,000: over a minute), so the module is refused before it is
compiled. Toolchains stay far below: the deepest function of a 10 MB Go build nests 1,152 deep
(Go opens a block per call site of a function).`,
		Example: "a module with 100,000 nested (block ...) in one function, 300 KB.",
		Fix:     "split the function; a code generator emitting one block per case should use br_table over fewer blocks.",
	}

	BrTableTooLarge = &Rule{ID: "W052", Slug: "br-table-too-large", Severity: Error, Since: "v0.1.0", By: ModuleCheck,
		Title: "A br_table has more than 65,520 targets",
		Why: `One br_table may list at most 65,520 targets (V8's kV8MaxWasmFunctionBrTableSize). wazero compiles
a br_table in time and memory growing faster than its size (65,520 targets: 1.7 s and 171 MB),
and the format allows 2^32-1. The largest br_table of a 10 MB Go build has 1,643 targets.`,
		Example: "a switch over 100,000 cases compiled to one br_table.",
		Fix:     "split the switch (a two-level table, or a binary search over ranges).",
	}

	FunctionTooLarge = &Rule{ID: "W053", Slug: "function-too-large", Severity: Error, Since: "v0.1.0", By: ModuleCheck,
		Title: "A function body is larger than 7,654,321 bytes",
		Why: `One function body may be at most 7,654,321 bytes (V8's kV8MaxWasmFunctionSize; wasmtime's
wasmparser MAX_WASM_FUNCTION_SIZE agrees). Compilers hold a function whole while they optimise it,
so its size bounds their memory; the largest function of a 10 MB Go build is 62,501 bytes.`,
		Example: "a generated function initialising a huge table one store at a time.",
		Fix:     "move the data to a data segment, or split the function.",
	}

	ModuleLimit = &Rule{ID: "W054", Slug: "module-limit", Severity: Error, Since: "v0.1.0", By: ModuleCheck,
		Title: "A count in the module is beyond the limits engines agree on",
		Why: `The binary format allows 2^32-1 of everything; engines agree on far smaller bounds (V8's
src/wasm/wasm-limits.h, wasmtime's wasmparser limits.rs), and subakogo checks them before it
stores anything, so a module cannot make the reader or a compiler hold gigabytes:
1,000,000 types, 1,000,000 functions (imported and defined), 100,000 imports,
100,000 exports, 1,000,000 globals, 100 tables, 100 memories, 1,000,000 tags,
100,000 data segments, 100,000 element segments, 10,000,000 entries in one element segment,
100,000 bytes in an import or export name, 1,000 parameters and 1,000 results in one
function type. One more is subakogo's own: a signature weight of 16,000,000, the sum over the
function types of (parameters + results) squared. wazero, which Subako runs, keys each function
type by a string it builds one value type's name at a time, in time and memory quadratic in the
type's length (a type of 1,000 parameters and 1,000 results: 19 MB), whichever engine runs the
module and even when it is loaded from the compilation cache; four such types reach the limit,
and the toolchains' modules weigh at most about 1,000. Another is 2,000,000 values that
instructions push or pass two or more at a time: the results of calls of multi-value types, the
parameters and results of blocks typed by an index, what br_if pushes back and what a reachable
br_table passes each target. Neither engine bounds them, but wazero's optimising compiler
allocates some 330 bytes for each value an instruction produces, and a call of two bytes
produces up to 1,000: 100,000 such calls, a 200 KB module, took it 3.8 GB and more than a
minute, and one br_table of 65,520 targets to a label of 1,000 values took it 54 s. At the
limit it costs what a large ordinary module does (665 MB allocated, 4 s); Go builds push
none. The message names the count and the limit.`,
		Example: "a module of 2,000,000 memory imports in 10 MB.",
		Fix:     "no toolchain comes near these: the module was generated or damaged; rebuild it.",
	}

	NameSectionIgnored = &Rule{ID: "W055", Slug: "name-section-ignored", Severity: Warning, Since: "v0.2.0", By: ModuleCheck,
		Title: "A name section is malformed or repeated, and is left out",
		Why: `The name section (function, local and module names, for crash traces) is a custom section, so
the spec leaves it unchecked and a broken one does not make the module invalid. Engines decode it
all the same: wazero, which Subako runs, allocates what its counts declare before it reads an
entry (a 100-byte module whose function names declare 4,294,967,295 entries once took 96 GiB and
crashed the host) and refuses the whole module for a name that is not UTF-8 or for a second name
section. subakogo checks every count against the bytes that could hold it and runs the module
without the name sections it could not bound, so its crash traces lose their names; Subako may
refuse it.`,
		Example: "a name section whose function-names subsection declares 4294967295 entries and holds one.",
		Fix:     "rebuild with a real toolchain, or remove the section (wasm-tools strip --all or wasm-opt --strip-debug).",
	}

	NameSectionTooLarge = &Rule{ID: "W056", Slug: "name-section-too-large", Severity: Info, Since: "v0.2.0", By: ModuleCheck,
		Title: "The name section is too large for the local host to keep, and is left out of local runs",
		Why: `wazero, which subakogo's host runs, decodes the name section (function, local and module names)
into its own structures and keeps them for as long as the compiled module is held (serve: as long
as the module is served), at about 32 bytes a local-names entry and 24 a name, where the module
spends two bytes on each: 12,000,000 empty local-name maps, a 24 MB module, held 343 MiB. Past
32 MiB decoded (wasmparse.EngineNamesMax) the host runs the module without the section's local
names, which no trace shows, or, when its function names alone weigh more, without the whole
section, so that its crash traces name functions by index. Subako itself is not concerned; a real
module's name section weighs a few MiB at most.`,
		Example: "a name section whose local-names subsection lists 12,000,000 functions with no names.",
		Fix: `nothing is needed for Subako, which keeps the names. To keep them in local traces too, build
without the names the module does not need (a release build lists no local names).`,
	}
)
