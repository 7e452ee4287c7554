// Package dict collects a module's own constants for the call probes'
// argument generator, as AFL's and libFuzzer's auto-dictionaries do: the
// integers and floats its code compares against (and their neighbours ±1,
// for an off-by-one), the strings its code points at (a pointer and a
// length, as Go and Rust pass a string; a pointer to a NUL-terminated one,
// as C does; a pointer to UTF-16LE text whose byte length the 32-bit word
// before it holds, as AssemblyScript lays out a string), short strings
// compiled into integer compares (Go compares a 6-byte literal as a 4-byte
// and a 2-byte integer), and the printable runs of its data segments, in
// UTF-8 and in UTF-16LE (AssemblyScript's strings, Java's and C#'s). A handler that special-cases "admin:", 613 or a
// length of 13 holds the value in its own code: these are the candidates
// no schema-driven sampler would guess.
//
// Everything is bounded: the bytes of code and data read, the values kept
// and their lengths. Nothing here runs the module.
package dict

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/subako-ai/subako-go/internal/probe/argsgen"
	"github.com/subako-ai/subako-go/internal/wasmparse"
)

// Options bound the work; zero fields take the defaults.
type Options struct {
	MaxCodeBytes int // of the code section read (default 32 MiB)
	MaxDataBytes int // of data segments read (default 8 MiB)
	MaxNumbers   int // numbers kept (default 1024)
	MaxStrings   int // strings kept (default 4096)
	MaxStringLen int // bytes of one string (default 64)
	// MaxTracked bounds the distinct numbers, and the distinct strings,
	// weighed before the best are kept (default 1 << 20): a value first
	// seen past it is not weighed. Every value read was weighed once, so
	// a module of 32 MiB of distinct compares made a heap of 3.3 GB
	// (attack pass 40s); a 5 MB Go module has some 170,000 strings.
	MaxTracked int
}

func (o Options) withDefaults() Options {
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&o.MaxCodeBytes, 32<<20)
	def(&o.MaxDataBytes, 8<<20)
	def(&o.MaxNumbers, 1024)
	def(&o.MaxStrings, 4096)
	def(&o.MaxStringLen, 64)
	def(&o.MaxTracked, 1<<20)
	return o
}

// Source says how a value was found, the likeliest fits first.
type Source int

// The sources, in the order Ranked puts them.
const (
	// Compared is a number compared against, a string at a pointer with
	// its length, or a string compiled into integer compares.
	Compared  Source = iota
	Neighbour        // a compared number ±1
	Pointed          // a NUL-terminated string, or a length-prefixed UTF-16 one, at a pointer
	Data             // a printable run of a data segment
)

// Entry is one value and where it was found.
type Entry struct {
	Value  string // a number's JSON text, or the string
	Source Source
	Funcs  []int // the functions whose code holds it (none for Data)
}

// Dict is a module's dictionary.
type Dict struct {
	Numbers []Entry
	Strings []Entry
}

// compares are the instructions whose operand a compared constant is.
var compares = map[string]bool{}

func init() {
	for _, t := range []string{"i32", "i64"} {
		for _, op := range []string{"eq", "ne", "lt_s", "lt_u", "gt_s", "gt_u", "le_s", "le_u", "ge_s", "ge_u"} {
			compares[t+"."+op] = true
		}
	}
	for _, t := range []string{"f32", "f64"} {
		for _, op := range []string{"eq", "ne", "lt", "gt", "le", "ge"} {
			compares[t+"."+op] = true
		}
	}
}

// fed tells whether a constant feeds a comparison: compared at once or
// with another constant, added or subtracted first (x-7 == 0, x+1 < n),
// or a divisor.
func fed(c wasmparse.Const) bool {
	if compares[c.Next] || strings.HasSuffix(c.Next, ".const") && compares[c.Next2] {
		return true
	}
	if len(c.Next) < 4 {
		return false
	}
	op := c.Next[4:]
	switch op {
	case "add", "sub":
		return compares[c.Next2] || c.Next2 == c.Next[:4]+"eqz"
	case "div_s", "div_u", "rem_s", "rem_u":
		return true
	}
	return false
}

// collector gathers entries by value, keeping where each was found, at
// most max of them: a value first seen past that is not gathered.
type collector struct {
	byValue map[string]*Entry
	order   []string
	max     int
}

func (c *collector) add(v string, src Source, fn int) {
	if c.byValue == nil {
		c.byValue = map[string]*Entry{}
	}
	e := c.byValue[v]
	if e == nil {
		if len(c.order) >= c.max {
			return
		}
		e = &Entry{Value: v, Source: src}
		c.byValue[v] = e
		c.order = append(c.order, v)
	}
	e.Source = min(e.Source, src)
	if fn >= 0 && !slices.Contains(e.Funcs, fn) && len(e.Funcs) < 16 {
		e.Funcs = append(e.Funcs, fn)
	}
}

// sorted lists the entries by source, then the rarest in code first (a
// special case is compared once; the runtime's own constants recur), then
// the later function first (toolchains put the program after its
// runtime), at most n.
func (c *collector) sorted(n int) []Entry {
	out := make([]Entry, 0, len(c.order))
	for _, v := range c.order {
		out = append(out, *c.byValue[v])
	}
	slices.SortStableFunc(out, func(a, b Entry) int {
		if r := cmp.Compare(a.Source, b.Source); r != 0 {
			return r
		}
		if r := cmp.Compare(len(a.Funcs), len(b.Funcs)); r != 0 {
			return r
		}
		return cmp.Compare(lastFunc(b), lastFunc(a))
	})
	return out[:min(len(out), n)]
}

func lastFunc(e Entry) int {
	if len(e.Funcs) == 0 {
		return -1
	}
	return slices.Max(e.Funcs)
}

// segment is an active data segment at a known address.
type segment struct {
	addr int64
	data []byte
}

// FromModule reads the dictionary of wasm, which wasmparse read as m.
func FromModule(wasm []byte, m *wasmparse.Module, opt Options) *Dict {
	opt = opt.withDefaults()
	var segs []segment
	nums, strs := collector{max: opt.MaxTracked}, collector{max: opt.MaxTracked}
	wasmparse.DataSegments(wasm, m, opt.MaxDataBytes, func(addr int64, data []byte) {
		if addr >= 0 {
			segs = append(segs, segment{addr, data})
		}
		for _, s := range printableRuns(data, opt.MaxStringLen) {
			strs.add(s, Data, -1)
		}
		for _, s := range utf16Runs(data, opt.MaxStringLen) {
			strs.add(s, Data, -1)
		}
	})
	slices.SortFunc(segs, func(a, b segment) int { return cmp.Compare(a.addr, b.addr) })
	at := func(addr int64) []byte {
		i, _ := slices.BinarySearchFunc(segs, addr, func(s segment, a int64) int { return cmp.Compare(s.addr, a+1) })
		if i == 0 {
			return nil
		}
		if s := segs[i-1]; addr < s.addr+int64(len(s.data)) {
			return s.data[addr-s.addr:]
		}
		return nil
	}
	// The constants of one function in order, to pair a pointer with the
	// length after it and join integer-packed string pieces.
	var recent []wasmparse.Const
	var packed []byte
	packedFn := -1
	flushPacked := func() {
		if len(packed) >= 2 {
			strs.add(string(packed), Compared, packedFn)
		}
		packed = packed[:0]
	}
	wasmparse.Constants(wasm, m, opt.MaxCodeBytes, func(c wasmparse.Const) {
		if len(recent) > 0 && recent[len(recent)-1].Func != c.Func {
			recent = recent[:0]
			flushPacked()
		}
		// A pointer, and one of the next two constants small: its length
		// (Go stores a string's pointer and length to the stack, a
		// stack offset between them).
		for _, p := range recent[max(0, len(recent)-2):] {
			if c.Type == p.Type && c.Int > 0 && c.Int <= int64(opt.MaxStringLen) {
				if b := at(p.Int); int64(len(b)) >= c.Int && printable(b[:c.Int]) {
					strs.add(string(b[:c.Int]), Compared, c.Func)
				}
			}
		}
		if c.Type == wasmparse.I32 || c.Type == wasmparse.I64 {
			if b := at(c.Int); b != nil {
				if i := bytes.IndexByte(b[:min(len(b), opt.MaxStringLen+1)], 0); i > 0 && printable(b[:i]) {
					strs.add(string(b[:i]), Pointed, c.Func)
				}
			}
			// A number the code computes with (10000 in a number
			// formatter) is no pointer, wherever it lands.
			if s, ok := utf16At(at(c.Int-4), opt.MaxStringLen); ok && !fed(c) {
				strs.add(s, Pointed, c.Func)
			}
		}
		recent = append(recent, c)
		if len(recent) > 8 {
			recent = recent[1:]
		}
		if !fed(c) {
			flushPacked()
			return
		}
		switch c.Type {
		case wasmparse.I32, wasmparse.I64:
			nums.add(strconv.FormatInt(c.Int, 10), Compared, c.Func)
			for _, d := range []int64{-1, 1} {
				if n := c.Int + d; (d > 0) == (n > c.Int) { // no overflow
					nums.add(strconv.FormatInt(n, 10), Neighbour, c.Func)
				}
			}
			if s, ok := packedString(c); ok && compares[c.Next] {
				packed = append(packed, s...)
				packedFn = c.Func
				if len(packed) > opt.MaxStringLen {
					flushPacked()
				}
				return
			}
		case wasmparse.F32, wasmparse.F64:
			if !math.IsNaN(c.Float) && !math.IsInf(c.Float, 0) {
				nums.add(string(floatJSON(c.Float)), Compared, c.Func)
			}
		}
		flushPacked()
	})
	flushPacked()
	return &Dict{Numbers: nums.sorted(opt.MaxNumbers), Strings: strs.sorted(opt.MaxStrings)}
}

// packedString is the text an integer constant holds when its
// little-endian bytes are printable ASCII (at least two of them, the
// high zero bytes dropped).
func packedString(c wasmparse.Const) ([]byte, bool) {
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], uint64(c.Int))
	n := 4
	if c.Type == wasmparse.I64 {
		n = 8
	}
	s := bytes.TrimRight(b[:n], "\x00")
	if len(s) < 2 {
		return nil, false
	}
	for _, x := range s {
		if x < 0x20 || x > 0x7e {
			return nil, false
		}
	}
	return s, true
}

func floatJSON(f float64) json.Number {
	return json.Number(strconv.FormatFloat(f, 'g', -1, 64))
}

// printable tells a string a person could type: valid UTF-8, no control
// characters.
func printable(b []byte) bool {
	if len(b) == 0 || !utf8.Valid(b) {
		return false
	}
	for _, r := range string(b) {
		if !unicode.IsPrint(r) {
			return false
		}
	}
	return true
}

// printableRuns splits data at NULs and other unprintable bytes into runs
// of 2 or more characters; a run longer than maxLen is cut at spaces into
// its words of 2 to maxLen bytes.
func printableRuns(data []byte, maxLen int) []string {
	var out []string
	start := -1
	emit := func(run []byte) {
		if len(run) < 2 {
			return
		}
		if len(run) <= maxLen {
			out = append(out, string(run))
			return
		}
		for _, w := range bytes.Fields(run) {
			if len(w) >= 2 && len(w) <= maxLen {
				out = append(out, string(w))
			}
		}
	}
	for i := 0; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		ok := r != utf8.RuneError && unicode.IsPrint(r)
		if ok && start < 0 {
			start = i
		}
		if !ok && start >= 0 {
			emit(data[start:i])
			start = -1
		}
		i += n
	}
	if start >= 0 {
		emit(data[start:])
	}
	return out
}

// utf16At reads the string b holds as a 32-bit little-endian byte length
// and that many bytes of UTF-16LE (AssemblyScript's string header ends
// with the length; the pointer the code holds is the text's): at least 2
// characters, at most maxLen bytes once in UTF-8, all printable.
func utf16At(b []byte, maxLen int) (string, bool) {
	if len(b) < 4 {
		return "", false
	}
	n := int64(binary.LittleEndian.Uint32(b))
	if n < 4 || n%2 != 0 || n > int64(2*maxLen) || int64(len(b)-4) < n {
		return "", false
	}
	s, ok := decodeUTF16(b[4 : 4+n])
	if !ok || len(s) > maxLen || !printable([]byte(s)) {
		return "", false
	}
	return s, true
}

// decodeUTF16 decodes UTF-16LE text; false on an unpaired surrogate.
func decodeUTF16(b []byte) (string, bool) {
	units := make([]uint16, len(b)/2)
	for i := range units {
		units[i] = binary.LittleEndian.Uint16(b[2*i:])
	}
	var sb strings.Builder
	for i := 0; i < len(units); i++ {
		r := rune(units[i])
		if utf16.IsSurrogate(r) {
			if i+1 >= len(units) {
				return "", false
			}
			r = utf16.DecodeRune(r, rune(units[i+1]))
			if r == utf8.RuneError {
				return "", false
			}
			i++
		}
		sb.WriteRune(r)
	}
	return sb.String(), true
}

// utf16Runs is printableRuns for UTF-16LE text, at even and at odd
// offsets: a run is 2 or more printable characters in a row (a code unit
// or a surrogate pair each). Bytes of UTF-8 or binary read two at a time
// also decode, mostly to CJK characters ("ab" is U+6261): a run is kept
// only when at least half its characters are ASCII, which a UTF-16 string
// of a program's own text is and such noise never is.
func utf16Runs(data []byte, maxLen int) []string {
	var out []string
	for off := range 2 {
		var run []rune
		ascii := 0
		emit := func() {
			if len(run) >= 2 && 2*ascii >= len(run) {
				out = append(out, printableRuns([]byte(string(run)), maxLen)...)
			}
			run, ascii = run[:0], 0
		}
		for i := off; i+1 < len(data); i += 2 {
			r := rune(binary.LittleEndian.Uint16(data[i:]))
			if utf16.IsSurrogate(r) && i+3 < len(data) {
				if p := utf16.DecodeRune(r, rune(binary.LittleEndian.Uint16(data[i+2:]))); p != utf8.RuneError {
					r = p
					i += 2
				}
			}
			if r == 0 || utf16.IsSurrogate(r) || !unicode.IsPrint(r) {
				emit()
				continue
			}
			run = append(run, r)
			if r < utf8.RuneSelf {
				ascii++
			}
		}
		emit()
	}
	return out
}

// Ranked is the dictionary as the argument generator takes it: the values
// whose code reached (reached(fn) true) first, when reached is set, else
// in the dictionary's order.
func (d *Dict) Ranked(reached func(fn int) bool) *argsgen.Dict {
	pick := func(es []Entry) []string {
		out := make([]string, 0, len(es))
		if reached != nil {
			for _, e := range es {
				if slices.ContainsFunc(e.Funcs, reached) {
					out = append(out, e.Value)
				}
			}
		}
		for _, e := range es {
			if reached == nil || !slices.ContainsFunc(e.Funcs, reached) {
				out = append(out, e.Value)
			}
		}
		return out
	}
	ns := pick(d.Numbers)
	out := &argsgen.Dict{Strings: pick(d.Strings)}
	for _, n := range ns {
		out.Numbers = append(out.Numbers, json.Number(n))
	}
	return out
}

// In is the part of the dictionary that the functions fresh tells hold,
// for the search to splice into a case that reached them first: the
// values of the functions that hold the fewest values first (a guard
// compares one constant before it calls the code behind it), at most n
// numbers and n strings.
func (d *Dict) In(fresh func(fn int) bool, n int) *argsgen.Dict {
	held := map[int]int{}
	for _, es := range [][]Entry{d.Numbers, d.Strings} {
		for _, e := range es {
			for _, fn := range e.Funcs {
				held[fn]++
			}
		}
	}
	pick := func(es []Entry) []string {
		type hot struct {
			value string
			held  int
		}
		var hs []hot
		for _, e := range es {
			least := -1
			for _, fn := range e.Funcs {
				if fresh(fn) && (least < 0 || held[fn] < least) {
					least = held[fn]
				}
			}
			if least >= 0 {
				hs = append(hs, hot{e.Value, least})
			}
		}
		slices.SortStableFunc(hs, func(a, b hot) int { return cmp.Compare(a.held, b.held) })
		out := make([]string, 0, min(n, len(hs)))
		for _, h := range hs[:min(n, len(hs))] {
			out = append(out, h.value)
		}
		return out
	}
	out := &argsgen.Dict{Strings: pick(d.Strings)}
	for _, v := range pick(d.Numbers) {
		out.Numbers = append(out.Numbers, json.Number(v))
	}
	return out
}
