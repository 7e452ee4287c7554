package wasmparse

import (
	"slices"
	"sort"
)

// frame is one entry of the control stack of the spec's validation algorithm.
type frame struct {
	params  []ValType
	results []ValType
	height  int
	// base is funcCheck.extra at the frame's height: what the runs below
	// it stand for, unchanged while the frame is open.
	base int
	// ti is the type index of params and results when typed (the block
	// type is an index, or the frame is the function's); otherwise 0.
	ti uint32
	// stamp marks the frame as typed by the br_table being checked.
	stamp       uint32
	op          byte // opBlock, opLoop, opIf, opElse, or 0 for the function
	unreachable bool
	typed       bool
}

// labelTypes are the types a branch to the frame carries.
func (f *frame) labelTypes() []ValType {
	if f.op == opLoop {
		return f.params
	}
	return f.results
}

// funcCheck decodes one function body and, while typecheck holds, types it.
// After the first instruction of a refused proposal the body is still
// decoded to the end (to count feature uses) but no longer typed.
type funcCheck struct {
	p            *parser
	m            *Module
	validate     bool // the index spaces are sound enough to check bodies
	typecheckAll bool // the module's types are all 2.0's
	typecheck    bool
	// vals is the operand stack. A list of two values or more that one
	// instruction pushes (a call's results, a block's parameters) is one
	// entry, a run (see runFlag), so the stack grows by an entry per
	// instruction however many values a type lists.
	vals []ValType
	// extra is how many more values than entries the stack holds: the
	// sum over its runs of their length less one.
	extra int
	// maxExtra is the most extra reached, in any function.
	maxExtra int
	// multiValues counts the values pushed as runs in the module, against
	// LimitMultiValues.
	multiValues int
	// work counts the value types the slow paths compared (popType, runs,
	// br_table's labels): what typing costs beyond a step per byte.
	work int
	// stamp numbers the br_tables; a frame, or a list of types, marked with
	// the current one is typed already.
	stamp      uint32
	typeStamps []uint32 // per type index, its parameters then its results
	oneStamps  [256]uint32
	ctrls      []frame
	params     []ValType
	runs       []LocalRun
	runEnds    []uint64 // cumulative local counts, params included
	numLocals  uint64
	targets    []uint32
	off        int  // offset of the instruction being checked
	inBody     bool // past the locals: c.off is an instruction
	// localTypes is every local's type, parameters first, when expanding
	// them costs no more than the body's size; else nil and local searches
	// the runs.
	localTypes []ValType
	one        [256][]ValType
}

type invalidError struct{ msg string }

func (c *funcCheck) invalid(msg string) { panic(&invalidError{msg}) }

// newFuncCheck prepares the checking of function bodies. Without validate
// (the index spaces are broken) bodies are only decoded up to their
// locals. Typing is meaningful only when every type the module declares is
// 2.0's, which the sections before the code section tell.
func (p *parser) newFuncCheck(validate bool) *funcCheck {
	m := p.m
	c := &funcCheck{p: p, m: m, validate: validate}
	for _, t := range []ValType{I32, I64, F32, F64, V128, FuncRef, ExternRef} {
		c.one[t] = []ValType{t}
	}
	c.typecheckAll = m.ehShared.Count == 0
	for _, f := range []Feature{FeatGC, FeatFunctionReferences, FeatMemory64, FeatMultiMemory, FeatExceptionHandling, FeatStackSwitching} {
		if m.Features[f].Count > 0 {
			c.typecheckAll = false
		}
	}
	return c
}

// function decodes (and, when validating, checks) the body of defined
// function i, which spans [start, end) of the input. A problem stops it.
func (c *funcCheck) function(i, start, end int) {
	p, m := c.p, c.m
	fn := int64(m.NumImportedFuncs + i)
	p.fn = fn
	p.section = SectionCode
	p.r = reader{b: p.input[:end], pos: start}
	c.off = start
	c.inBody = false
	defer func() {
		if e := recover(); e != nil {
			var pr Problem
			switch e := e.(type) {
			case *decodeError:
				pr = e.problem(SectionCode, fn)
			case *invalidError:
				pr = Problem{Kind: Invalid, Section: SectionCode, Func: fn, Offset: c.off, Message: e.msg}
			default:
				panic(e)
			}
			if o := c.instr(); o != nil {
				pr.Instr = o.name
			}
			m.problem(pr)
		}
	}()
	ti := m.Funcs[i]
	var ft FuncType
	typed := c.typecheckAll
	if sig, ok := m.Signature(ti); ok {
		ft = sig
	} else {
		typed = false
	}
	c.locals(len(ft.Params))
	if !c.validate {
		return
	}
	for _, lr := range c.runs {
		if !lr.Type.Is20() {
			typed = false
		}
	}
	c.typecheck = typed
	c.params = ft.Params
	c.expandLocals(end - c.p.r.pos)
	c.inBody = true
	c.vals, c.extra = c.vals[:0], 0
	c.ctrls = append(c.ctrls[:0], frame{op: 0, results: ft.Results, ti: ti, typed: true})
	c.body(end)
}

// locals reads the local declarations without expanding them (a count of
// 2^32-1 costs one run, not 2^32-1 entries) and refuses more than
// LimitLocals, parameters included.
func (c *funcCheck) locals(params int) {
	r := &c.p.r
	start := r.pos
	n := r.count(2)
	c.runs, c.runEnds = c.runs[:0], c.runEnds[:0]
	total := uint64(params)
	for i := 0; i < n; i++ {
		off := r.pos
		cnt := r.u32()
		total += uint64(cnt)
		if total-uint64(params) > 0xffffffff {
			r.fail(off, "too many locals")
		}
		c.runs = append(c.runs, LocalRun{Count: cnt, Type: c.p.valType()})
		c.runEnds = append(c.runEnds, total)
	}
	if total > uint64(LimitLocals.Max()) {
		r.exceeds(start, LimitLocals, total)
	}
	c.numLocals = total
	c.m.Locals += total
	c.m.MaxLocals = max(c.m.MaxLocals, total)
}

// expandLocals fills localTypes when the function declares at most a few
// more locals than its body has bytes, so that the time stays linear in the
// input however many locals a hostile module declares.
func (c *funcCheck) expandLocals(bodySize int) {
	c.localTypes = c.localTypes[:0]
	if c.numLocals > uint64(bodySize)+64 {
		return
	}
	c.localTypes = append(c.localTypes, c.params...)
	for _, lr := range c.runs {
		for range lr.Count {
			c.localTypes = append(c.localTypes, lr.Type)
		}
	}
}

// instr is the instruction at c.off, decoded again: only messages need
// it, so the loops do not keep it. It is nil outside the body and for an
// illegal or cut opcode.
func (c *funcCheck) instr() *opInfo {
	r := reader{b: c.p.r.b, pos: c.off}
	if !c.inBody || r.pos >= len(r.b) {
		return nil
	}
	op := r.b[r.pos]
	r.pos++
	if op >= prefixGC && op <= prefixThreads {
		sub, _, msg := r.u32Safe()
		if msg != "" {
			return nil
		}
		return lookupOp(op, sub)
	}
	return ops1[op]
}

// opName names the instruction being checked, for messages.
func (c *funcCheck) opName() string {
	if o := c.instr(); o != nil {
		return o.name
	}
	return "this instruction"
}

// useFast is off only in the tests that check fast against body alone.
var useFast = true

// body walks the instructions until the function's final end: the common
// ones by fast, the rest here, one at a time.
func (c *funcCheck) body(end int) {
	p, m := c.p, c.m
	r := &p.r
	var im immediates
	for !c.typecheck || !useFast || !c.fast() {
		c.off = r.pos
		prefix := byte(0)
		op := uint32(r.byte())
		if op >= prefixGC && op <= prefixThreads {
			prefix = byte(op)
			op = r.u32()
			p.noteOverlong(c.off + 1)
		}
		var o *opInfo
		if prefix == 0 {
			o = ops1[byte(op)]
		} else {
			o = lookupOp(prefix, op)
		}
		if o == nil {
			if prefix != 0 {
				r.fail(c.off, "illegal opcode 0x"+hex(prefix)+" "+itoa(int64(op)))
			}
			r.fail(c.off, "illegal opcode 0x"+hex(byte(op)))
		}
		p.beyond = false
		switch o.imm {
		case immNone:
		case immLabel, immFunc, immLocal, immGlobal:
			if pos := r.pos; pos < len(r.b) && r.b[pos] < 0x80 {
				im.a = uint32(r.b[pos])
				r.pos = pos + 1
			} else {
				readImm(p, o, &im, &c.targets)
			}
		case immI32, immI64:
			if pos := r.pos; pos < len(r.b) && r.b[pos] < 0x80 {
				im.i64 = int64(int8(r.b[pos]<<1) >> 1)
				r.pos = pos + 1
			} else {
				readImm(p, o, &im, &c.targets)
			}
		default:
			readImm(p, o, &im, &c.targets)
		}
		if o.feat != 0 {
			m.use(o.feat, c.off, p.fn)
			if o.feat2 != 0 {
				m.use(o.feat2, c.off, p.fn)
			}
			c.typecheck = false
		}
		if p.beyond {
			c.typecheck = false // an immediate (a typed block or memory index) is beyond 2.0
		}
		if !c.typecheck {
			if c.trackDepth(prefix, op) {
				break
			}
			continue
		}
		if o.simple {
			c.simple(o, &im)
			continue
		}
		if prefix == 0 && op == opEnd {
			if c.end() {
				break
			}
			continue
		}
		c.special(prefix, op, &im)
	}
	if r.pos != end {
		r.fail(r.pos, "operators remaining after end of function")
	}
}

// trackDepth follows block nesting when typing is off, so the function's
// end is still found. It reports whether the final end was reached.
func (c *funcCheck) trackDepth(prefix byte, op uint32) bool {
	if prefix != 0 {
		return false
	}
	switch op {
	case opBlock, opLoop, opIf, opTry, opTryTable:
		c.enter(frame{})
	case opEnd, opDelegate:
		c.ctrls = c.ctrls[:len(c.ctrls)-1]
		return len(c.ctrls) == 0
	}
	return false
}

// enter opens a block, refusing nesting beyond LimitNesting.
func (c *funcCheck) enter(f frame) {
	if len(c.ctrls) > LimitNesting.Max() {
		c.p.r.exceeds(c.off, LimitNesting, uint64(len(c.ctrls)))
	}
	c.ctrls = append(c.ctrls, f)
}

func (c *funcCheck) push(t ValType) { c.vals = append(c.vals, t) }

func (c *funcCheck) pop() ValType {
	f := &c.ctrls[len(c.ctrls)-1]
	if len(c.vals) == f.height {
		if f.unreachable {
			return Unknown
		}
		c.invalid("type mismatch: " + c.opName() + " expects a value but the stack is empty")
	}
	n := len(c.vals)
	v := c.vals[n-1]
	if v&runFlag == 0 {
		c.vals = c.vals[:n-1]
		return v
	}
	ts := c.runTypes(v)
	k := len(ts)
	if k == 2 {
		c.vals[n-1] = ts[0]
	} else {
		c.vals[n-1] = v - 1
	}
	c.extra--
	return ts[k-1]
}

func (c *funcCheck) popType(want ValType) ValType {
	c.work++
	got := c.pop()
	if got != want && got != Unknown && want != Unknown {
		c.invalid("type mismatch: " + c.opName() + " expects " + want.String() + ", found " + got.String())
	}
	if got == Unknown {
		return want
	}
	return got
}

// popTypes pops ts, its last first, as popType would one at a time: a run
// on top is checked and popped at once (not compared at all when it is ts's
// own values), and at the height of an unreachable block the rest, unknown,
// match whatever they are.
func (c *funcCheck) popTypes(ts []ValType) {
	f := &c.ctrls[len(c.ctrls)-1]
	for i := len(ts) - 1; i >= 0; {
		n := len(c.vals)
		if n == f.height && f.unreachable {
			return
		}
		if n == f.height || c.vals[n-1]&runFlag == 0 {
			c.popType(ts[i])
			i--
			continue
		}
		v := c.vals[n-1]
		rs := c.runTypes(v)
		k := len(rs)
		m := min(k, i+1)
		if &rs[k-1] != &ts[i] {
			c.work += m
			for j := range m {
				if got, want := rs[k-1-j], ts[i-j]; got != want && want != Unknown {
					c.invalid("type mismatch: " + c.opName() + " expects " + want.String() + ", found " + got.String())
				}
			}
		}
		switch {
		case m == k:
			c.vals = c.vals[:n-1]
			c.extra -= k - 1
		case k-m == 1:
			c.vals[n-1] = rs[0]
			c.extra -= m
		default:
			c.vals[n-1] = v - ValType(m)
			c.extra -= m
		}
		i -= m
	}
}

// runFlag marks a run: an entry of the operand stack that stands for the
// first n values of function type ti's parameters or results, encoded as
// runFlag | ti<<11 | results<<10 | n. No value type has the bit: typing
// stops at the first type beyond WebAssembly 2.0.
const (
	runFlag    ValType = 1 << 31
	runResults ValType = 1 << 10
	runMaxN            = 1<<10 - 1
	runMaxType         = 1<<20 - 1
)

// runTypes is the values run v stands for, bottom first.
func (c *funcCheck) runTypes(v ValType) []ValType {
	ft := c.m.sig(&c.m.Types[(v>>11)&runMaxType])
	n := int(v & runMaxN)
	if v&runResults != 0 {
		return ft.Results[:n]
	}
	return ft.Params[:n]
}

// pushList pushes ts, function type ti's parameters or its results: as
// one run when they are two values or more. The values so pushed count
// against LimitMultiValues.
func (c *funcCheck) pushList(ts []ValType, ti uint32, results bool) {
	if len(ts) < 2 || len(ts) > runMaxN || ti > runMaxType {
		c.vals = append(c.vals, ts...)
		return
	}
	c.countMulti(len(ts))
	v := runFlag | ValType(ti)<<11 | ValType(len(ts))
	if results {
		v |= runResults
	}
	c.vals = append(c.vals, v)
	c.extra += len(ts) - 1
	c.maxExtra = max(c.maxExtra, c.extra)
}

// countMulti counts n values pushed or passed two or more at a time
// against LimitMultiValues.
func (c *funcCheck) countMulti(n int) {
	c.multiValues += n
	if c.multiValues > LimitMultiValues.Max() {
		c.p.r.exceeds(c.off, LimitMultiValues, uint64(c.multiValues))
	}
}

// pushLabel pushes what a branch to frame l carries.
func (c *funcCheck) pushLabel(l *frame) {
	if l.op == opLoop {
		c.pushList(l.params, l.ti, false)
	} else {
		c.pushList(l.results, l.ti, true)
	}
}

func (c *funcCheck) setUnreachable() {
	f := &c.ctrls[len(c.ctrls)-1]
	c.vals = c.vals[:f.height]
	c.extra = f.base
	f.unreachable = true
}

func (c *funcCheck) simple(o *opInfo, im *immediates) {
	if o.align != 0 {
		c.memArg(im, o.align-1)
	}
	if o.lanes != 0 && im.lane >= o.lanes {
		c.invalid("invalid lane index " + itoa(int64(im.lane)) + " (the vector has " + itoa(int64(o.lanes)) + " lanes)")
	}
	if o.imm == immShuffle {
		for _, l := range im.bytes {
			if l >= 32 {
				c.invalid("invalid lane index " + itoa(int64(l)) + " in i8x16.shuffle")
			}
		}
	}
	// Fast paths for the common unary and binary shapes.
	n := len(c.vals)
	f := &c.ctrls[len(c.ctrls)-1]
	switch o.nin {
	case 1:
		if n > f.height && c.vals[n-1] == o.in[0] {
			c.vals = c.vals[:n-1]
			goto pushed
		}
	case 2:
		if n > f.height+1 && c.vals[n-1] == o.in[1] && c.vals[n-2] == o.in[0] {
			c.vals = c.vals[:n-2]
			goto pushed
		}
	}
	for i := int(o.nin) - 1; i >= 0; i-- {
		c.popType(o.in[i])
	}
pushed:
	if o.out != 0 {
		c.vals = append(c.vals, o.out)
	}
}

func (c *funcCheck) memArg(im *immediates, natural uint8) {
	if c.memories() == 0 {
		c.invalid("unknown memory 0: " + c.opName() + " needs a memory")
	}
	if im.align > uint32(natural) {
		c.invalid("alignment must not be larger than natural (2^" + itoa(int64(im.align)) + " > " + itoa(int64(1)<<natural) + " bytes)")
	}
	if im.offset > 0xffffffff {
		c.invalid("offset " + itoa(int64(im.offset)) + " does not fit a 32-bit memory")
	}
}

func (c *funcCheck) memories() int { return c.m.NumImportedMemories + len(c.m.Memories) }

func (c *funcCheck) blockSig(im *immediates) (params, results []ValType, ti uint32) {
	switch {
	case im.block == -64:
		return nil, nil, 0
	case im.block < 0:
		return nil, c.one[im.blockVT], 0
	}
	ft, ok := c.m.Signature(uint32(im.block))
	if !ok {
		c.invalid("unknown type " + itoa(im.block) + " in block type")
	}
	return ft.Params, ft.Results, uint32(im.block)
}

func (c *funcCheck) label(depth uint32) *frame {
	if int(depth) >= len(c.ctrls) {
		c.invalid("unknown label " + itoa(int64(depth)))
	}
	return &c.ctrls[len(c.ctrls)-1-int(depth)]
}

// end closes a block; it reports whether it closed the function.
func (c *funcCheck) end() bool {
	f := c.ctrls[len(c.ctrls)-1]
	c.popTypes(f.results)
	if len(c.vals) != f.height {
		where := "block"
		if f.op == 0 {
			where = "function"
		}
		c.invalid("type mismatch: values remaining on the stack at end of " + where)
	}
	if f.op == opIf && !slices.Equal(f.params, f.results) {
		c.invalid("type mismatch: an if without else must produce what it takes")
	}
	c.ctrls = c.ctrls[:len(c.ctrls)-1]
	if len(c.ctrls) == 0 {
		return true
	}
	c.pushList(f.results, f.ti, true)
	return false
}

func (c *funcCheck) local(idx uint32) ValType {
	if uint64(idx) >= c.numLocals {
		c.invalid("unknown local " + itoa(int64(idx)))
	}
	if int(idx) < len(c.params) {
		return c.params[idx]
	}
	if idx < uint32(len(c.localTypes)) {
		return c.localTypes[idx]
	}
	if len(c.runEnds) <= 8 {
		for i, e := range c.runEnds {
			if e > uint64(idx) {
				return c.runs[i].Type
			}
		}
	}
	i := sort.Search(len(c.runEnds), func(i int) bool { return c.runEnds[i] > uint64(idx) })
	return c.runs[i].Type
}

func (c *funcCheck) global(idx uint32) GlobalType {
	if int(idx) >= len(c.m.globalSpace) {
		c.invalid("unknown global " + itoa(int64(idx)))
	}
	return c.m.globalSpace[idx]
}

func (c *funcCheck) table(idx uint32) TableType {
	if int(idx) >= len(c.m.tableSpace) {
		c.invalid("unknown table " + itoa(int64(idx)))
	}
	return c.m.tableSpace[idx]
}

// elem is the type of element segment idx.
func (c *funcCheck) elem(idx uint32) ValType {
	if int(idx) >= len(c.m.elemTypes) {
		c.invalid("unknown elem segment " + itoa(int64(idx)))
	}
	return c.m.elemTypes[idx]
}

func (c *funcCheck) data(idx uint32) {
	if !c.m.HasDataCount {
		c.p.r.fail(c.off, "data count section required for "+c.opName())
	}
	if idx >= c.m.DataCount {
		c.invalid("unknown data segment " + itoa(int64(idx)))
	}
}

func (c *funcCheck) callType(ti uint32) FuncType {
	ft, ok := c.m.Signature(ti)
	if !ok {
		c.invalid("unknown type " + itoa(int64(ti)))
	}
	return ft
}

// special types the instructions whose typing depends on immediates or context.
func (c *funcCheck) special(prefix byte, op uint32, im *immediates) {
	m := c.m
	if prefix == prefixMisc {
		c.misc(op, im)
		return
	}
	switch op {
	case opUnreachable:
		c.setUnreachable()
	case opNop:
	case opBlock, opLoop, opIf:
		if op == opIf {
			c.popType(I32)
		}
		params, results, ti := c.blockSig(im)
		c.popTypes(params)
		c.enter(frame{op: byte(op), params: params, results: results, height: len(c.vals), ti: ti, typed: im.block >= 0, base: c.extra})
		c.pushList(params, ti, false)
	case opElse:
		f := &c.ctrls[len(c.ctrls)-1]
		if f.op != opIf {
			c.invalid("else without a matching if")
		}
		c.popTypes(f.results)
		if len(c.vals) != f.height {
			c.invalid("type mismatch: values remaining on the stack at else")
		}
		f.op, f.unreachable = opElse, false
		c.pushList(f.params, f.ti, false)
	case opBr:
		c.popTypes(c.label(im.a).labelTypes())
		c.setUnreachable()
	case opBrIf:
		c.popType(I32)
		l := c.label(im.a)
		c.popTypes(l.labelTypes())
		c.pushLabel(l)
	case opBrTable:
		c.popType(I32)
		c.brTable()
	case opReturn:
		c.popTypes(c.ctrls[0].results)
		c.setUnreachable()
	case opCall:
		c.call(im.a)
	case opCallIndirect:
		if c.table(im.b).Elem != FuncRef {
			c.invalid("type mismatch: call_indirect needs a table of funcref")
		}
		ft := c.callType(im.a)
		c.popType(I32)
		c.popTypes(ft.Params)
		c.pushList(ft.Results, im.a, true)
	case opDrop:
		c.pop()
	case opSelect:
		c.popType(I32)
		t1, t2 := c.pop(), c.pop()
		if t1.IsRef() || t2.IsRef() {
			c.invalid("type mismatch: select without a type needs numeric or vector operands")
		}
		if t1 != Unknown && t2 != Unknown && t1 != t2 {
			c.invalid("type mismatch: select operands are " + t2.String() + " and " + t1.String())
		}
		if t1 == Unknown {
			t1 = t2
		}
		c.push(t1)
	case opSelectT:
		if im.nvt != 1 {
			c.invalid("invalid result arity: select takes exactly one type")
		}
		c.popType(I32)
		c.popType(im.vt)
		c.popType(im.vt)
		c.push(im.vt)
	case opLocalGet:
		c.push(c.local(im.a))
	case opLocalSet:
		c.popType(c.local(im.a))
	case opLocalTee:
		t := c.local(im.a)
		c.popType(t)
		c.push(t)
	case opGlobalGet:
		c.push(c.global(im.a).Type)
	case opGlobalSet:
		c.globalSet(im.a)
	case opTableGet:
		t := c.table(im.a)
		c.popType(I32)
		c.push(t.Elem)
	case opTableSet:
		t := c.table(im.a)
		c.popType(t.Elem)
		c.popType(I32)
	case opMemorySize:
		c.needMemory(im.memIdx)
		c.push(I32)
	case opMemoryGrow:
		c.needMemory(im.memIdx)
		c.popType(I32)
		c.push(I32)
	case opRefNull:
		switch im.heap {
		case -0x70 - 1:
			c.push(FuncRef)
		case -0x6f - 1:
			c.push(ExternRef)
		default:
			c.typecheck = false // a typed reference: function-references or GC
			m.use(FeatFunctionReferences, c.off, c.p.fn)
		}
	case opRefIsNull:
		if t := c.pop(); t != Unknown && !t.IsRef() {
			c.invalid("type mismatch: ref.is_null expects a reference, found " + t.String())
		}
		c.push(I32)
	case opRefFunc:
		if int(im.a) >= len(m.funcSpace) {
			c.invalid("unknown function " + itoa(int64(im.a)))
		}
		if !m.declared.has(im.a) {
			c.invalid("undeclared function reference " + itoa(int64(im.a)))
		}
		c.push(FuncRef)
	}
}

func (c *funcCheck) call(fn uint32) {
	ti, ok := c.m.FuncTypeIndex(fn)
	if !ok {
		c.invalid("unknown function " + itoa(int64(fn)))
	}
	ft := c.callType(ti)
	c.popTypes(ft.Params)
	c.pushList(ft.Results, ti, true)
}

// brTable types a br_table whose index is popped, as the spec's algorithm
// does (every target's label types popped and pushed back, then the
// default's popped), but typing each label once: the stack is the same for
// every target, so a label, or a type's list of values, seen before in the
// same br_table is not typed again (attack pass 47a, row 2). Targets are
// still looked up in order, so an unknown label is refused at the same one.
func (c *funcCheck) brTable() {
	def := c.label(c.targets[len(c.targets)-1]).labelTypes()
	f := &c.ctrls[len(c.ctrls)-1]
	known := len(c.vals) - f.height + c.extra - f.base // values above the block's height
	c.nextStamp()
	for _, t := range c.targets[:len(c.targets)-1] {
		l := c.label(t)
		if l.stamp == c.stamp {
			continue
		}
		l.stamp = c.stamp
		ts := l.labelTypes()
		if len(ts) == 0 {
			if len(def) != 0 {
				c.brTableMismatch(known >= len(def))
			}
			continue
		}
		if c.listSeen(l, ts) {
			continue
		}
		if known >= len(def) {
			// Every operand is known, so every target must carry exactly its types.
			c.work += len(ts)
			if len(ts) != len(def) || &ts[0] != &def[0] && !slices.Equal(ts, def) {
				c.brTableMismatch(true)
			}
			continue
		}
		if len(ts) != len(def) {
			c.brTableMismatch(false)
		}
		c.matchTop(ts, known, f.unreachable)
	}
	if !f.unreachable && len(def) >= 2 {
		// wazero's compiler passes every target the label's values: 65,520
		// targets of 1,000 took it 54 s (compiled code skips unreachable ones).
		c.countMulti(len(c.targets) * len(def))
	}
	c.popTypes(def)
	c.setUnreachable()
}

// nextStamp starts the typing of a br_table.
func (c *funcCheck) nextStamp() {
	c.stamp++
	if c.stamp != 0 {
		return
	}
	for i := range c.ctrls { // wrapped: nothing may keep a stamp of before
		c.ctrls[i].stamp = 0
	}
	clear(c.typeStamps)
	c.oneStamps = [256]uint32{}
	c.stamp = 1
}

// listSeen reports whether the current br_table typed ts, label l's types,
// already, and marks it typed: a type's parameters, or its results, are
// the same list in every block of that type, and a single value type is
// the same list wherever it stands.
func (c *funcCheck) listSeen(l *frame, ts []ValType) bool {
	var s *uint32
	switch {
	case l.typed:
		if c.typeStamps == nil {
			c.typeStamps = make([]uint32, 2*len(c.m.Types))
		}
		i := 2 * int(l.ti)
		if l.op != opLoop {
			i++
		}
		s = &c.typeStamps[i]
	case len(ts) == 1:
		s = &c.oneStamps[byte(ts[0])]
	default:
		return false
	}
	if *s == c.stamp {
		return true
	}
	*s = c.stamp
	return false
}

func (c *funcCheck) brTableMismatch(known bool) {
	if known {
		c.invalid("type mismatch: br_table targets carry different types")
	}
	c.invalid("type mismatch: br_table targets carry different numbers of values")
}

// matchTop checks the known values on top of the stack, top first, against
// the last of ts, without popping them; past them the block's height
// leaves the rest unknown when it is unreachable, and missing otherwise.
func (c *funcCheck) matchTop(ts []ValType, known int, unreachable bool) {
	i := len(ts) - 1
	c.work += min(len(ts), known)
	for e := len(c.vals) - 1; i >= 0 && known > 0; e-- {
		v := c.vals[e]
		if v&runFlag == 0 {
			if v != Unknown && v != ts[i] {
				c.invalid("type mismatch: br_table expects " + ts[i].String() + ", found " + v.String())
			}
			i--
			known--
			continue
		}
		rs := c.runTypes(v)
		k := len(rs)
		m := min(k, i+1)
		if &rs[k-1] != &ts[i] {
			for j := range m {
				if got, want := rs[k-1-j], ts[i-j]; got != want {
					c.invalid("type mismatch: br_table expects " + want.String() + ", found " + got.String())
				}
			}
		}
		i -= m
		known -= m
	}
	if i >= 0 && !unreachable {
		c.invalid("type mismatch: br_table expects a value but the stack is empty")
	}
}

func (c *funcCheck) globalSet(idx uint32) {
	g := c.global(idx)
	if !g.Mutable {
		c.invalid("global is immutable: global.set of global " + itoa(int64(idx)))
	}
	c.popType(g.Type)
}

func (c *funcCheck) needMemory(idx uint32) {
	if int(idx) >= c.memories() {
		c.invalid("unknown memory " + itoa(int64(idx)))
	}
}

// misc types the 0xFC instructions that are not plain conversions.
func (c *funcCheck) misc(op uint32, im *immediates) {
	switch op {
	case miscMemoryInit:
		c.needMemory(im.memIdx)
		c.data(im.a)
		c.popTypes([]ValType{I32, I32, I32})
	case miscDataDrop:
		c.data(im.a)
	case miscMemoryCopy, miscMemoryFill:
		c.needMemory(im.memIdx)
		c.popTypes([]ValType{I32, I32, I32})
	case miscTableInit:
		t := c.table(im.b)
		if e := c.elem(im.a); e != t.Elem {
			c.invalid("type mismatch: elem segment of " + e.String() + " for a table of " + t.Elem.String())
		}
		c.popTypes([]ValType{I32, I32, I32})
	case miscElemDrop:
		c.elem(im.a)
	case miscTableCopy:
		dst, src := c.table(im.a), c.table(im.b)
		if dst.Elem != src.Elem {
			c.invalid("type mismatch: table.copy from " + src.Elem.String() + " to " + dst.Elem.String())
		}
		c.popTypes([]ValType{I32, I32, I32})
	case miscTableGrow:
		t := c.table(im.a)
		c.popType(I32)
		c.popType(t.Elem)
		c.push(I32)
	case miscTableSize:
		c.table(im.a)
		c.push(I32)
	case miscTableFill:
		t := c.table(im.a)
		c.popType(I32)
		c.popType(t.Elem)
		c.popType(I32)
	}
}
