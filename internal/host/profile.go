package host

import (
	"compress/gzip"
	"encoding/binary"
	"io"
	"maps"
	"slices"
	"strconv"
	"time"

	"github.com/subako-ai/subako-go/internal/cputime"
)

// Profile is a CPU profile of one run's guest functions (subakogo call
// --profile), sampled in the module's own time: the listener of a
// CompileCovered module keeps the run's call stack, and every
// ProfilePeriod of the guest thread's CPU time, looked at every
// profileEvery calls and returns, the stack of that moment gets the time
// since the last sample. It is written in pprof's format (WriteTo), for
// go tool pprof. A run that calls no function for long is sampled at its
// next call or return, so a long loop without calls is seen, late.
type Profile struct {
	stack   []uint32
	events  int
	thread  *cputime.Thread // the guest's thread, known at its first event
	last    time.Duration
	samples map[string]time.Duration // by the stack, encoded (stackKey)
	Total   time.Duration            // sampled
}

// ProfilePeriod is the CPU time one sample stands for, at least.
const ProfilePeriod = time.Millisecond

// profileEvery is how many calls and returns pass between looks at the
// thread's clock (a system call): few enough that the clock's cost stays
// small beside the calls'.
const profileEvery = 64

// maxProfileDepth bounds the stack kept: deeper calls count for the
// deepest kept.
const maxProfileDepth = 256

// maxProfileStacks bounds the distinct stacks kept.
const maxProfileStacks = 100000

type profileKey struct{}

func (p *Profile) enter(fn uint32) {
	p.tick()
	p.stack = append(p.stack, fn)
}

func (p *Profile) exit() {
	p.tick()
	if len(p.stack) > 0 {
		p.stack = p.stack[:len(p.stack)-1]
	}
}

// tick samples the current stack when ProfilePeriod has passed.
func (p *Profile) tick() {
	p.events++
	if p.thread == nil {
		p.thread = cputime.CurrentThread()
	}
	if p.events%profileEvery != 0 || len(p.stack) == 0 {
		return
	}
	now := p.thread.Elapsed()
	if now-p.last < ProfilePeriod {
		return
	}
	if p.samples == nil {
		p.samples = map[string]time.Duration{}
	}
	k := stackKey(p.stack)
	if _, ok := p.samples[k]; ok || len(p.samples) < maxProfileStacks {
		p.samples[k] += now - p.last
		p.Total += now - p.last
	}
	p.last = now
}

// stackKey encodes a stack, innermost last, in 4 bytes a frame.
func stackKey(stack []uint32) string {
	s := stack[max(0, len(stack)-maxProfileDepth):]
	b := make([]byte, 4*len(s))
	for i, fn := range s {
		binary.LittleEndian.PutUint32(b[4*i:], fn)
	}
	return string(b)
}

// WriteTo writes the profile as a gzipped pprof profile.proto, each
// function named by name (the module's name section; "" names it by its
// index).
func (p *Profile) WriteTo(w io.Writer, name func(fn uint32) string) error {
	var pb protoBuf
	strs := map[string]int{"": 0}
	table := []string{""}
	str := func(s string) uint64 {
		if i, ok := strs[s]; ok {
			return uint64(i)
		}
		strs[s] = len(table)
		table = append(table, s)
		return uint64(len(table) - 1)
	}
	valueType := func(typ, unit string) []byte {
		var v protoBuf
		v.uint(1, str(typ))
		v.uint(2, str(unit))
		return v.b
	}
	pb.bytes(1, valueType("samples", "count"))
	pb.bytes(1, valueType("cpu", "nanoseconds"))
	funcs := map[uint32]bool{}
	for _, k := range slices.Sorted(maps.Keys(p.samples)) {
		var s protoBuf
		var locs []uint64
		for i := len(k) - 4; i >= 0; i -= 4 { // the leaf first
			fn := binary.LittleEndian.Uint32([]byte(k[i:]))
			funcs[fn] = true
			locs = append(locs, uint64(fn)+1)
		}
		s.packed(1, locs)
		s.packed(2, []uint64{1, uint64(p.samples[k])})
		pb.bytes(2, s.b)
	}
	for _, fn := range slices.Sorted(maps.Keys(funcs)) {
		id := uint64(fn) + 1
		var line, loc, f protoBuf
		line.uint(1, id)
		loc.uint(1, id)
		loc.bytes(4, line.b)
		pb.bytes(4, loc.b)
		n := name(fn)
		if n == "" {
			n = "func[" + strconv.Itoa(int(fn)) + "]"
		}
		f.uint(1, id)
		f.uint(2, str(n))
		f.uint(3, str(n))
		pb.bytes(5, f.b)
	}
	period := valueType("cpu", "nanoseconds")
	for _, s := range table {
		pb.bytes(6, []byte(s))
	}
	pb.uint(10, uint64(p.Total))
	pb.bytes(11, period)
	pb.uint(12, uint64(ProfilePeriod))
	zw := gzip.NewWriter(w)
	if _, err := zw.Write(pb.b); err != nil {
		return err
	}
	return zw.Close()
}

// protoBuf writes protocol buffer fields: pprof's format is a small
// protobuf message, written here without a library.
type protoBuf struct{ b []byte }

func (p *protoBuf) key(field, wire int) { p.b = binary.AppendUvarint(p.b, uint64(field<<3|wire)) }

func (p *protoBuf) uint(field int, v uint64) {
	p.key(field, 0)
	p.b = binary.AppendUvarint(p.b, v)
}

func (p *protoBuf) bytes(field int, v []byte) {
	p.key(field, 2)
	p.b = binary.AppendUvarint(p.b, uint64(len(v)))
	p.b = append(p.b, v...)
}

func (p *protoBuf) packed(field int, vs []uint64) {
	var inner []byte
	for _, v := range vs {
		inner = binary.AppendUvarint(inner, v)
	}
	p.bytes(field, inner)
}
