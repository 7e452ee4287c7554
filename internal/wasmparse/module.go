// Package wasmparse reads WebAssembly binaries the way a linter needs:
// it accepts any byte slice, never panics or hangs, keeps memory
// proportional to the input, decodes the whole format (WebAssembly 2.0 and
// the instructions and types of the later proposals, so it can say which
// refused feature a module uses), validates by the 2.0 rules, and reports
// every problem with its byte offset instead of stopping at the first.
package wasmparse

import (
	"iter"
	"sort"
)

// Kind tells what the input is.
type Kind int

// Kinds of input.
const (
	NotWasm        Kind = iota // no "\0asm" magic
	CoreModule                 // version 1
	Component                  // layer 1 of the binary format
	UnknownVersion             // magic, then a version nobody defines
)

// ProblemKind tells a decoding failure from a validation failure.
type ProblemKind int

// Kinds of problems.
const (
	Malformed ProblemKind = iota // the bytes do not decode
	Invalid                      // they decode, but break a 2.0 validation rule
	Exceeds                      // they are valid, but beyond an implementation limit (Problem.Limit)
)

// Problem is one thing wrong with the module.
type Problem struct {
	Kind    ProblemKind
	Limit   Limit     // with Exceeds: which limit
	Offset  int       // of the first occurrence
	Section SectionID // the section it was found in
	// Item is the entry it concerns, by index space and index and, when the
	// module says, by name: "import[3] env.log", "func[17] main.main",
	// "export[2] run"; "" when it concerns no one entry.
	Item    string
	Func    int64  // function index, -1 outside code
	Instr   string // instruction name, when inside code
	Message string
	// Repeats counts later problems identical to this one but for their
	// offset (and function): they are folded into it, not listed.
	Repeats int
}

// SectionID is a section's id as the binary writes it; SectionHeader
// stands for the preamble and section headers, which belong to none.
type SectionID int

// The section ids of WebAssembly 2.0 and the proposals that add sections.
const (
	SectionHeader    SectionID = -1
	SectionCustom    SectionID = 0
	SectionType      SectionID = 1
	SectionImport    SectionID = 2
	SectionFunction  SectionID = 3
	SectionTable     SectionID = 4
	SectionMemory    SectionID = 5
	SectionGlobal    SectionID = 6
	SectionExport    SectionID = 7
	SectionStart     SectionID = 8
	SectionElement   SectionID = 9
	SectionCode      SectionID = 10
	SectionData      SectionID = 11
	SectionDataCount SectionID = 12
	SectionTag       SectionID = 13
)

// String names the section the way messages do ("import", "data_count").
func (id SectionID) String() string {
	if id == SectionHeader {
		return "header"
	}
	return SectionName(byte(id))
}

// maxProblems bounds the report for hostile inputs; a function stops at its first problem.
const maxProblems = 1000

// maxSections bounds the custom (and misplaced) sections kept in
// Module.Sections and Module.Customs; the rest are only counted.
const maxSections = 1000

// Module is everything decoded from the input.
type Module struct {
	Size    int
	Kind    Kind
	Version uint32 // the 4 bytes after the magic, little-endian

	Sections []Section
	Customs  []Custom

	Types []Type
	sigs  []ValType // every function type's parameters and results, back to back

	imports    []importEntry
	importText string // every import's names, a module name once for a run of imports from it

	Funcs     []uint32 // type index of each defined function
	Tables    []Table
	Memories  []Memory
	Tags      []Tag
	Globals   []Global
	Exports   []Export
	Start     int64     // -1 when there is no start section
	elemTypes []ValType // of each element segment, checked as it is read and not kept otherwise
	NumDatas  int       // data segments, checked as they are read and not kept: nothing needs them after
	// ElemEntries counts the entries of every element segment, of every
	// kind (active, passive, declarative; indices or expressions): what
	// an engine builds a reference for, per instance.
	ElemEntries uint64
	NumCodes    int // function bodies in the code section; each is validated as it is read
	// MaxBodySize is the size in bytes of the largest function body: what
	// an engine's per-function scratch grows to.
	MaxBodySize int
	// Locals counts the locals of every function body read, parameters
	// included: what a compiler allocates for, whatever their declarations'
	// size.
	Locals uint64
	// MaxLocals is the most locals of one function body, parameters
	// included: what one frame of an interpreter holds before its operands.
	MaxLocals uint64
	// MaxOperands bounds the operand stack of every function body, in
	// values: at least its highest point in any body, at most about three
	// times it (the capacity the validator's stack grew to, in entries,
	// plus the most values its runs stood for beyond one entry each, see
	// funcCheck.vals). -1 when a body was not
	// typed through its end (a problem, or a feature beyond WebAssembly
	// 2.0), so that no bound is known.
	MaxOperands int
	// MultiValues counts the values the bodies typed push two or more at
	// a time (calls of multi-value types, block parameters and results):
	// LimitMultiValues bounds them.
	MultiValues int
	typingWork  int // funcCheck.work, for the tests

	HasDataCount bool
	DataCount    uint32

	// Index spaces include imports first.
	NumImportedFuncs, NumImportedTables, NumImportedMemories, NumImportedGlobals, NumImportedTags int

	funcNames []funcName // from the name section, by index
	// NameIssues lists the name sections engines are not given (see
	// EngineBytes): a malformed one, or any after the first.
	NameIssues []NameIssue
	// NameTrim is the part of the first name section engines are not given
	// for its decoded size (EngineNamesMax), or nil.
	NameTrim *NameTrim
	// overlong lists, ascending, the offsets of the u32s wazero reads as
	// one byte that the module writes in more bytes than they need (see
	// canonical.go): EngineBytes writes them shortest.
	overlong []int

	Features [numFeatures]FeatureUse
	ehShared FeatureUse

	funcSpace   []uint32     // type index of every function, imports first
	globalSpace []GlobalType // every global, imports first
	tableSpace  []TableType  // every table, imports first
	declared    bitset       // functions that ref.func may name

	Problems []Problem
	// Dropped counts problems left out after maxProblems.
	Dropped int
	// MoreSections counts the sections left out of Sections and Customs
	// after maxSections (custom, duplicate or misplaced ones).
	MoreSections int

	seen       map[problemKey]int // problem without its offset -> its index in Problems
	storedKind [Exceeds + 1]bool  // a problem of the kind is in Problems
}

// ElemSegments counts the element segments read, of every kind.
func (m *Module) ElemSegments() int { return len(m.elemTypes) }

// funcName is one entry of the name section's function names.
type funcName struct {
	idx  uint32
	name string
}

// problemKey is what makes two problems the same one repeated.
type problemKey struct {
	kind    ProblemKind
	section SectionID
	instr   string
	message string
}

// Uses reports how a feature is used; Count is 0 when it is not.
func (m *Module) Uses(f Feature) FeatureUse { return m.Features[f] }

// NumFuncs is the size of the function index space.
func (m *Module) NumFuncs() int { return m.NumImportedFuncs + len(m.Funcs) }

// FuncTypeIndex returns the type index of function idx (imports first).
func (m *Module) FuncTypeIndex(idx uint32) (uint32, bool) {
	if int64(idx) >= int64(len(m.funcSpace)) {
		return 0, false
	}
	return m.funcSpace[idx], true
}

// FuncType returns the signature of function idx when it is a function type.
func (m *Module) FuncType(idx uint32) (FuncType, bool) {
	ti, ok := m.FuncTypeIndex(idx)
	if !ok {
		return FuncType{}, false
	}
	return m.Signature(ti)
}

// NumImports is the number of import entries.
func (m *Module) NumImports() int { return len(m.imports) }

// Import returns import entry i. Its names are parts of one string: it
// allocates nothing.
func (m *Module) Import(i int) Import {
	e := &m.imports[i]
	return Import{Module: m.text(e.mod), Name: m.text(e.name), Offset: e.offset, TypeIndex: e.typeIndex, Kind: e.kind}
}

// Imports yields every import entry with its index, in order.
func (m *Module) Imports() iter.Seq2[int, Import] {
	return func(yield func(int, Import) bool) {
		for i := range m.imports {
			if !yield(i, m.Import(i)) {
				return
			}
		}
	}
}

func (m *Module) text(t textRange) string { return m.importText[t.at : t.at+t.n] }

// Signature returns the signature of type index ti when it is a function type.
func (m *Module) Signature(ti uint32) (FuncType, bool) {
	if int64(ti) >= int64(len(m.Types)) || m.Types[ti].Kind != TypeFunc {
		return FuncType{}, false
	}
	return m.sig(&m.Types[ti]), true
}

// sig is function type t's signature, slices of m.sigs that cannot grow into it.
func (m *Module) sig(t *Type) FuncType {
	p, r := t.at+uint32(t.nparams), t.at+uint32(t.nparams)+uint32(t.nresults)
	return FuncType{Params: m.sigs[t.at:p:p], Results: m.sigs[p:r:r]}
}

// FuncName is the name-section name of function idx, or "" when it has none.
func (m *Module) FuncName(idx int64) string {
	if idx < 0 {
		return ""
	}
	i := sort.Search(len(m.funcNames), func(i int) bool { return int64(m.funcNames[i].idx) >= idx })
	if i < len(m.funcNames) && int64(m.funcNames[i].idx) == idx {
		return m.funcNames[i].name
	}
	return ""
}

// Exceeded returns the first problem that is an implementation limit
// passed, if any: such a module must not reach a compiler.
func (m *Module) Exceeded() (Problem, bool) {
	for _, p := range m.Problems {
		if p.Kind == Exceeds {
			return p, true
		}
	}
	return Problem{}, false
}

// FuncLabel names function idx for people: its name, else "func[N]".
func (m *Module) FuncLabel(idx int64) string {
	if n := m.FuncName(idx); n != "" {
		return n
	}
	if idx < 0 {
		return ""
	}
	return "func[" + itoa(idx) + "]"
}

// itemRef names an entry for a problem: "func[7]", or for an import
// "import[3] env.log". It is made into a string only when a problem is
// reported, not for each of a million entries.
type itemRef struct {
	space     string
	idx       int
	mod, name []byte // imports: their names, in the input
}

func (it itemRef) String() string {
	s := it.space + "[" + itoa(int64(it.idx)) + "]"
	if it.space == "import" {
		s += " " + string(it.mod) + "." + string(it.name)
	}
	return s
}

// nameItems gives each problem inside a function its item, once the name
// section (which comes last) has been read: "func[17] main.main".
func (m *Module) nameItems() {
	for i := range m.Problems {
		pr := &m.Problems[i]
		if pr.Item != "" || pr.Func < 0 {
			continue
		}
		pr.Item = "func[" + itoa(pr.Func) + "]"
		if n := m.FuncName(pr.Func); n != "" {
			pr.Item += " " + n
		}
	}
}

// problem records p, folding it into an earlier identical one. Nothing is
// stored past maxProblems, so a hostile input cannot grow the report.
func (m *Module) problem(p Problem) {
	k := problemKey{p.Kind, p.Section, p.Instr, p.Message}
	if i, ok := m.seen[k]; ok {
		m.Problems[i].Repeats++
		return
	}
	// Past the bound, the first malformed problem and the first limit
	// passed are still kept: the host refuses a module by them before an
	// engine sees it, and a thousand lesser problems first hid a count
	// wazero then allocated (attack pass 46e, row 2: 1,000 element
	// segments naming no table, then 2^32-1 data segments in no bytes).
	refusing := (p.Kind == Malformed || p.Kind == Exceeds) && !m.storedKind[p.Kind]
	if len(m.Problems) >= maxProblems && !refusing {
		m.Dropped++
		return
	}
	if m.seen == nil {
		m.seen = map[problemKey]int{}
	}
	m.seen[k] = len(m.Problems)
	m.storedKind[p.Kind] = true
	m.Problems = append(m.Problems, p)
}

func itoa(v int64) string {
	if v == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	neg := v < 0
	if neg {
		v = -v
	}
	for v > 0 {
		i--
		b[i] = byte('0' + v%10)
		v /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}

// bitset is a set of function indices, a bit each.
type bitset []uint64

// set adds i when it is below n, the size of the index space.
func (s *bitset) set(i uint32, n int) {
	if int64(i) >= int64(n) {
		return
	}
	w := int(i / 64)
	if w >= len(*s) {
		*s = append(*s, make([]uint64, (n+63)/64-len(*s))...)
	}
	(*s)[w] |= 1 << (i % 64)
}

func (s bitset) has(i uint32) bool {
	w := int(i / 64)
	return w < len(s) && s[w]&(1<<(i%64)) != 0
}
