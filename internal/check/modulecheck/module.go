// Package modulecheck judges a WebAssembly binary the way Subako does before
// it runs anything (the W rules): what the file is, how it decodes and
// validates, the features it uses, its imports (WASI preview 1 signatures
// from package wasi) and exports, the toolchain that built it, and custom
// sections that only add weight.
package modulecheck

import (
	"bytes"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/internal/check/modulecheck/wasi"
	"github.com/subako-ai/subako-go/internal/rules"
	"github.com/subako-ai/subako-go/internal/textutil"
	"github.com/subako-ai/subako-go/internal/wasmparse"
)

// Check decodes a module and returns every finding about it, in the
// order: what the file is, how it decodes and validates, features, imports,
// exports, toolchain hints, weight. The decoded module is returned for
// callers that want more (it is nil-safe: always non-nil).
func Check(b []byte) (*wasmparse.Module, []rules.Finding) {
	m := wasmparse.Parse(b)
	c := &moduleCheck{m: m}
	switch m.Kind {
	case wasmparse.NotWasm:
		msg := "not a WebAssembly binary: the file does not start with \\0asm"
		switch {
		case looksLikeWAT(b):
			msg += "; it looks like WebAssembly text (.wat): assemble it with wat2wasm first"
		case nativeExecutable(b) != "":
			msg += "; it is " + nativeExecutable(b) + ", built for a machine: build for WASI preview 1 instead (Go: GOOS=wasip1 GOARCH=wasm go build -o module.wasm .; Rust: cargo build --target wasm32-wasip1)"
		}
		c.add(rules.NotWasm, msg, 0, min(4, len(b)), -1, "")
		return m, c.out.Findings()
	case wasmparse.Component:
		c.add(rules.Component, "a WebAssembly component (version bytes "+hex4(b[4:8])+"), not a core module: build for wasm32-wasip1 (not wasm32-wasip2), or upload the core module before it is wrapped", 4, 4, -1, "")
		return m, c.out.Findings()
	case wasmparse.UnknownVersion:
		c.add(rules.UnknownVersion, "unknown binary version "+hex4(b[4:8])+": a core module has version 01 00 00 00", 4, 4, -1, "")
		return m, c.out.Findings()
	}
	c.problems()
	c.features()
	c.imports()
	c.exports()
	c.toolchain()
	c.customSections()
	c.size()
	return m, c.out.Findings()
}

// SizeWarn is the size above which a module draws W041: every upload sends
// it, and every call, a fresh instance, loads it.
const SizeWarn = 16 << 20

// size reports a module over SizeWarn (W041).
func (c *moduleCheck) size() {
	if c.m.Size <= SizeWarn {
		return
	}
	mib := func(n int) string { return strconv.FormatFloat(float64(n)/(1<<20), 'f', 1, 64) + " MiB" }
	msg := "the module is " + mib(c.m.Size) + " (" + strconv.Itoa(c.m.Size) + " bytes), over " + strconv.Itoa(SizeWarn>>20) +
		" MiB: every upload sends it and every call loads it"
	for _, s := range c.m.Sections {
		if wasmparse.SectionID(s.ID) == wasmparse.SectionData && s.PayloadSize > c.m.Size/2 {
			msg += "; " + mib(s.PayloadSize) + " of it is data, such as files a Go package embeds (//go:embed): ship them in assets/, which Subako mounts at /package"
		}
	}
	c.add(rules.ModuleSize, msg+"; subakogo size shows what makes it big", 0, 0, -1, "")
}

type moduleCheck struct {
	m   *wasmparse.Module
	out rules.Collector // a module of 100,000 identical imports draws one finding, not 100,000
}

func (c *moduleCheck) add(r *rules.Rule, msg string, off, length int, fn int64, feature string) {
	c.addRepeated(r, msg, off, length, fn, feature, 0)
}

func (c *moduleCheck) addRepeated(r *rules.Rule, msg string, off, length int, fn int64, feature string, repeats int) {
	c.out.AddRepeated(rules.Finding{Rule: r, Message: msg, Offset: off, Length: length, Function: c.m.FuncLabel(fn), Feature: feature}, repeats)
}

// limitRules maps the reader's implementation limits to their rules; the
// counts without a rule of their own are W054's.
var limitRules = map[wasmparse.Limit]*rules.Rule{
	wasmparse.LimitLocals:       rules.TooManyLocals,
	wasmparse.LimitNesting:      rules.NestingTooDeep,
	wasmparse.LimitBrTable:      rules.BrTableTooLarge,
	wasmparse.LimitFunctionSize: rules.FunctionTooLarge,
}

func (c *moduleCheck) problems() {
	for _, p := range c.m.Problems {
		r, what := rules.Malformed, "malformed "
		switch p.Kind {
		case wasmparse.Invalid:
			r, what = rules.Invalid, "invalid "
		case wasmparse.Exceeds:
			r, what = rules.ModuleLimit, ""
			if lr, ok := limitRules[p.Limit]; ok {
				r = lr
			}
		}
		msg := what + p.Section.String() + " section: "
		if p.Item != "" && p.Func < 0 { // a function is named by the finding's Function
			msg += p.Item + ": "
		}
		msg += p.Message
		if p.Instr != "" {
			msg += " (at " + p.Instr + ")"
		}
		c.addRepeated(r, msg, p.Offset, 0, p.Func, "", p.Repeats)
	}
	for _, n := range c.m.NameIssues {
		c.add(rules.NameSectionIgnored, "name section: "+n.Message+"; the module runs without it", n.Offset, 0, -1, "")
	}
	if t := c.m.NameTrim; t != nil {
		msg := "name section: wazero would hold " + mibOf(t.Decoded) + " of it decoded, past the local host's " + mibOf(wasmparse.EngineNamesMax)
		if t.Whole {
			msg += "; the local host runs the module without it, so its traps name functions by index"
		} else {
			msg += "; the local host runs the module without its local names (traps keep their function names)"
		}
		c.add(rules.NameSectionTooLarge, msg, t.Offset, 0, -1, "")
	}
	if c.m.Dropped > 0 {
		c.add(rules.Malformed, strconv.Itoa(c.m.Dropped)+" more problems not listed", -1, 0, -1, "")
	}
}

func (c *moduleCheck) features() {
	for _, f := range wasmparse.AllFeatures() {
		u := c.m.Uses(f)
		if u.Count == 0 {
			continue
		}
		msg := "uses " + f.Title() + " (" + f.Slug() + "), which Subako does not provide: " + textutil.Plural(u.Count, "use")
		c.add(rules.FeatureNotAvailable, msg, u.Offset, 0, u.Func, f.Slug())
	}
}

func (c *moduleCheck) imports() {
	type foreign struct {
		first, count int
		names        []string
	}
	others := map[string]*foreign{}
	var order []string
	for _, im := range c.m.Imports() {
		if im.Kind != wasmparse.ExternFunc {
			c.add(rules.ImportNotFunction, "import "+im.Module+"."+im.Name+" is a "+im.Kind.String()+"; Subako provides functions only", im.Offset, 0, -1, "")
			continue
		}
		switch im.Module {
		case wasi.Module:
			c.wasiImport(im)
		case abi.HTTPModule:
			c.subakoHTTPImport(im)
		default:
			f := others[im.Module]
			if f == nil {
				f = &foreign{first: im.Offset}
				others[im.Module] = f
				order = append(order, im.Module)
			}
			f.count++
			if len(f.names) < 3 {
				f.names = append(f.names, im.Name)
			}
		}
	}
	for _, mod := range order {
		f := others[mod]
		names := strings.Join(f.names, ", ")
		if f.count > len(f.names) {
			names += ", ..."
		}
		c.add(rules.ImportModule, "imports "+textutil.Plural(f.count, "function")+" from module "+strconv.Quote(mod)+" ("+names+"); Subako provides only "+wasi.Module+" and "+abi.HTTPModule, f.first, 0, -1, "")
	}
}

func (c *moduleCheck) importSignature(im wasmparse.Import) (wasmparse.FuncType, bool) {
	ft, ok := c.m.Signature(im.TypeIndex)
	if !ok {
		return wasmparse.FuncType{}, false // reported as invalid already
	}
	return ft, true
}

func (c *moduleCheck) wasiImport(im wasmparse.Import) {
	want, ok := wasi.Preview1[im.Name]
	if !ok {
		c.add(rules.WASIUnknown, wasi.Module+"."+im.Name+" is not a WASI preview 1 function", im.Offset, 0, -1, "")
		return
	}
	ft, ok := c.importSignature(im)
	if ok && !want.Equal(toWASI(ft)) {
		c.add(rules.WASISignature, wasi.Module+"."+im.Name+" is imported as "+ft.String()+"; WASI preview 1 defines "+want.String(), im.Offset, 0, -1, "")
	}
}

// subakoHTTPSig is abi.HTTPFuncType as a signature.
var subakoHTTPSig = func() wasi.Signature {
	params, results := abi.HTTPFuncType()
	conv := func(ts []byte) []wasi.ValType {
		out := make([]wasi.ValType, len(ts))
		for i, t := range ts {
			out[i] = wasi.ValType(t)
		}
		return out
	}
	return wasi.Signature{Params: conv(params), Results: conv(results)}
}()

func (c *moduleCheck) subakoHTTPImport(im wasmparse.Import) {
	if !slices.Contains(abi.HTTPFuncs(), im.Name) {
		c.add(rules.SubakoHTTPImport, abi.HTTPModule+"."+im.Name+" does not exist: "+abi.HTTPModule+" provides "+
			strings.Join(abi.HTTPFuncs(), " and "), im.Offset, 0, -1, "")
		return
	}
	ft, ok := c.importSignature(im)
	if ok && !subakoHTTPSig.Equal(toWASI(ft)) {
		c.add(rules.SubakoHTTPImport, abi.HTTPModule+"."+im.Name+" is imported as "+ft.String()+"; it is "+subakoHTTPSig.String(), im.Offset, 0, -1, "")
	}
}

func toWASI(ft wasmparse.FuncType) wasi.Signature {
	conv := func(ts []wasmparse.ValType) []wasi.ValType {
		out := make([]wasi.ValType, len(ts))
		for i, t := range ts {
			out[i] = wasi.ValType(t) // same binary codes; anything else never matches
			if !t.Is20() {
				out[i] = 0
			}
		}
		return out
	}
	return wasi.Signature{Params: conv(ft.Params), Results: conv(ft.Results)}
}

func (c *moduleCheck) export(name string) (wasmparse.Export, bool) {
	for _, e := range c.m.Exports {
		if e.Name == name {
			return e, true
		}
	}
	return wasmparse.Export{}, false
}

func (c *moduleCheck) exports() {
	m := c.m
	malformed := false
	for _, p := range m.Problems {
		malformed = malformed || p.Kind == wasmparse.Malformed
	}
	start, hasStart := c.export("_start")
	init, hasInit := c.export("_initialize")
	switch {
	case hasInit:
		msg := "exports _initialize: a WASI reactor, but Subako runs commands (a _start that reads stdin)"
		if hasStart {
			msg = "exports both _start and _initialize; a command has no _initialize"
		}
		c.add(rules.Reactor, msg, init.Offset, 0, -1, "")
	case !hasStart && !malformed: // a malformed module may have lost its exports
		c.add(rules.StartMissing, "no export named _start: not a WASI command", exportSectionOffset(m), 0, -1, "")
	}
	if hasStart {
		if start.Kind != wasmparse.ExternFunc {
			c.add(rules.StartSignature, "_start is a "+start.Kind.String()+" export, not a function", start.Offset, 0, -1, "")
		} else if ft, ok := m.FuncType(start.Index); ok && (len(ft.Params) > 0 || len(ft.Results) > 0) {
			c.add(rules.StartSignature, "_start has type "+ft.String()+"; it must take and return nothing", start.Offset, 0, int64(start.Index), "")
		}
	}
	mem, ok := c.export("memory")
	switch {
	case !ok:
		if !malformed {
			c.add(rules.MemoryExport, "no export named memory: WASI needs the module's linear memory", exportSectionOffset(m), 0, -1, "")
		}
	case mem.Kind != wasmparse.ExternMemory:
		c.add(rules.MemoryExport, "the export named memory is a "+mem.Kind.String()+", not a memory", mem.Offset, 0, -1, "")
	}
}

func exportSectionOffset(m *wasmparse.Module) int {
	for _, s := range m.Sections {
		if s.ID == 7 {
			return s.Offset
		}
	}
	return -1
}

// toolchain recognises builds for a non-WASI target and names the flag
// that builds a WASI command instead.
func (c *moduleCheck) toolchain() {
	var goJS, tinyGo, emscripten, bindgen, wasiImports bool
	first := map[*rules.Rule]int{}
	note := func(r *rules.Rule, off int) {
		if _, ok := first[r]; !ok {
			first[r] = off
		}
	}
	for _, im := range c.m.Imports() {
		switch {
		case im.Module == wasi.Module:
			wasiImports = true
		case im.Name == "runtime.ticks" || im.Name == "runtime.sleepTicks":
			tinyGo = true
			note(rules.ToolchainTinyGoWasm, im.Offset)
		case im.Module == "gojs" || im.Module == "go":
			goJS = true
			note(rules.ToolchainGoJS, im.Offset)
		case im.Module == "env" && (strings.HasPrefix(im.Name, "emscripten_") || strings.HasPrefix(im.Name, "__syscall_") ||
			strings.HasPrefix(im.Name, "invoke_") || im.Name == "setTempRet0" || im.Name == "getTempRet0" || strings.HasPrefix(im.Name, "_emscripten_")):
			emscripten = true
			note(rules.ToolchainEmscriptenJS, im.Offset)
		case strings.HasPrefix(im.Module, "__wbindgen") || im.Module == "wbg":
			bindgen = true
			note(rules.ToolchainNoWASI, im.Offset)
		}
	}
	_, hasStart := c.export("_start")
	_, hasInit := c.export("_initialize")
	switch {
	case tinyGo:
		c.add(rules.ToolchainTinyGoWasm, "built with TinyGo's browser target (-target=wasm): rebuild with tinygo build -target=wasip1", first[rules.ToolchainTinyGoWasm], 0, -1, "")
	case goJS:
		c.add(rules.ToolchainGoJS, "built with GOOS=js (imports from gojs need wasm_exec.js): rebuild with GOOS=wasip1 GOARCH=wasm go build", first[rules.ToolchainGoJS], 0, -1, "")
	case emscripten:
		c.add(rules.ToolchainEmscriptenJS, "built by Emscripten for JavaScript (imports its JS runtime from env): rebuild with emcc -sSTANDALONE_WASM, or with wasi-sdk", first[rules.ToolchainEmscriptenJS], 0, -1, "")
	case bindgen:
		c.add(rules.ToolchainNoWASI, "built with wasm-bindgen for wasm32-unknown-unknown: rebuild for wasm32-wasip1 (cargo build --target wasm32-wasip1)", first[rules.ToolchainNoWASI], 0, -1, "")
	case !wasiImports && !hasStart && !hasInit && c.m.NumCodes > 0:
		c.add(rules.ToolchainNoWASI, "no WASI imports and no _start: built for a bare target such as wasm32-unknown-unknown; rebuild for wasm32-wasip1", exportSectionOffset(c.m), 0, -1, "")
	}
}

// minWeight is the size below which weight-only sections are not worth a finding.
const minWeight = 1024

// weightOnly are custom sections Subako never reads.
func weightOnly(name string) (group string, ok bool) {
	switch {
	case strings.HasPrefix(name, ".debug_"):
		return "DWARF debug information (.debug_*)", true
	case name == "producers":
		return "producers", true
	case name == "sourceMappingURL" || name == "external_debug_info":
		return name, true
	}
	return "", false
}

func (c *moduleCheck) customSections() {
	type weight struct{ first, size, n int }
	groups := map[string]*weight{}
	for _, cs := range c.m.Customs {
		g, ok := weightOnly(cs.Name)
		if !ok {
			continue
		}
		w := groups[g]
		if w == nil {
			w = &weight{first: cs.Offset}
			groups[g] = w
		}
		w.size += cs.Size
		w.n++
	}
	names := make([]string, 0, len(groups))
	for g := range groups {
		names = append(names, g)
	}
	sort.Slice(names, func(i, j int) bool { return groups[names[i]].first < groups[names[j]].first })
	for _, g := range names {
		w := groups[g]
		if w.size < minWeight {
			continue
		}
		c.add(rules.HeavyCustomSection, "custom sections with "+g+": "+textutil.Plural(w.n, "section")+", "+strconv.Itoa(w.size)+" bytes that Subako never reads", w.first, w.size, -1, "")
	}
}

func hex4(b []byte) string {
	var s []string
	for _, x := range b {
		s = append(s, strconv.FormatUint(uint64(x)|0x100, 16)[1:])
	}
	return strings.Join(s, " ")
}

func looksLikeWAT(b []byte) bool {
	s := strings.TrimLeft(string(b[:min(len(b), 512)]), " \t\r\n")
	for strings.HasPrefix(s, ";;") {
		if i := strings.IndexByte(s, '\n'); i >= 0 {
			s = strings.TrimLeft(s[i:], " \t\r\n")
		} else {
			return false
		}
	}
	return strings.HasPrefix(s, "(module") || strings.HasPrefix(s, "(component")
}

// nativeExecutable names the kind of a machine's executable b starts as
// (ELF, Mach-O, PE), "" for none: the usual mistake of a build without
// GOOS=wasip1.
func nativeExecutable(b []byte) string {
	switch {
	case bytes.HasPrefix(b, []byte("\x7fELF")):
		return "an ELF executable (Linux)"
	case bytes.HasPrefix(b, []byte{0xcf, 0xfa, 0xed, 0xfe}), bytes.HasPrefix(b, []byte{0xce, 0xfa, 0xed, 0xfe}), bytes.HasPrefix(b, []byte{0xca, 0xfe, 0xba, 0xbe}):
		return "a Mach-O executable (macOS)"
	case bytes.HasPrefix(b, []byte("MZ")):
		return "a PE executable (Windows)"
	}
	return ""
}

// mibOf writes n bytes in MiB, to a tenth.
func mibOf(n int64) string { return strconv.FormatFloat(float64(n)/(1<<20), 'f', 1, 64) + " MiB" }
