package host

import (
	"context"
	"math/bits"

	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"
)

// Coverage: which of a module's functions a run entered, the signal the
// call probes' search (--probes=deep) keeps a case by. It is counted by
// wazero's FunctionListener (experimental), which both of wazero's
// engines honour: a module compiled with a listener factory calls it on
// every function's entry. The listener costs each call of a guest function
// an exit to Go and back, so it is compiled into a separate Module
// (CompileCovered) that only the search runs; every finding is judged on
// a run of the plain Module.

// Reached is the set of functions, by index (imports first), that runs
// entered. A run writes it from its guest's thread: read it once the run
// has ended (Session.Wait returned).
type Reached struct{ bits []uint64 }

// Has reports whether function fn was entered.
func (r *Reached) Has(fn int) bool {
	return fn >= 0 && fn/64 < len(r.bits) && r.bits[fn/64]&(1<<(fn%64)) != 0
}

// Count is how many functions were entered.
func (r *Reached) Count() int {
	n := 0
	for _, w := range r.bits {
		n += bits.OnesCount64(w)
	}
	return n
}

// Merge adds o's functions to r and returns how many r did not hold.
func (r *Reached) Merge(o *Reached) int {
	if len(r.bits) < len(o.bits) {
		r.bits = append(r.bits, make([]uint64, len(o.bits)-len(r.bits))...)
	}
	n := 0
	for i, w := range o.bits {
		n += bits.OnesCount64(w &^ r.bits[i])
		r.bits[i] |= w
	}
	return n
}

// New reports how many of o's functions r does not hold.
func (r *Reached) New(o *Reached) int {
	n := 0
	for i, w := range o.bits {
		if i < len(r.bits) {
			w &^= r.bits[i]
		}
		n += bits.OnesCount64(w)
	}
	return n
}

func (r *Reached) set(fn uint32) {
	i := int(fn / 64)
	if i >= len(r.bits) {
		if i > 1<<20 { // past any module the reader lets through
			return
		}
		r.bits = append(r.bits, make([]uint64, i+1-len(r.bits))...)
	}
	r.bits[i] |= 1 << (fn % 64)
}

// reachedKey is the context key of the run's Reached.
type reachedKey struct{}

// entries is the listener: it marks each function's entry in the Reached
// of the run whose context it is called with.
type entries struct{}

func (entries) NewFunctionListener(api.FunctionDefinition) experimental.FunctionListener {
	return entries{}
}

func (entries) Before(ctx context.Context, _ api.Module, def api.FunctionDefinition, _ []uint64, _ experimental.StackIterator) {
	if r, ok := ctx.Value(reachedKey{}).(*Reached); ok {
		r.set(def.Index())
	}
	if p, ok := ctx.Value(profileKey{}).(*Profile); ok {
		p.enter(def.Index())
	}
}

func (entries) After(ctx context.Context, _ api.Module, _ api.FunctionDefinition, _ []uint64) {
	if p, ok := ctx.Value(profileKey{}).(*Profile); ok {
		p.exit()
	}
}

func (entries) Abort(ctx context.Context, _ api.Module, _ api.FunctionDefinition, _ error) {
	if p, ok := ctx.Value(profileKey{}).(*Profile); ok {
		p.exit()
	}
}

// CompileCovered compiles wasm as Compile does, with the listener that
// fills RunConfig.Reached and CallConfig.Profile: on the same path, so
// every bound of Compile applies (the reader's limits, the name sections
// it could not bound left out, the tables' maximums lowered, the
// compilation within CompileLimit and, with a cache, in the worker capped
// at CompileMemory) and the covered module runs the program the plain one
// does. It always uses the optimising compiler, whatever the host's
// Engine, and is cached apart from the plain module. Its runs are slower
// than the plain Module's: use them to count coverage, never to judge
// time.
func (h *Host) CompileCovered(ctx context.Context, wasm []byte) (*Module, error) {
	return h.ready(ctx, wasm, true)
}
