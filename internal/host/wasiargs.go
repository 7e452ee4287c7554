package host

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"
)

// wasiType is a WASI preview 1 flags or enum type a call takes by value:
// a flags value may set only the bits of valid, an enum value is below
// values.
type wasiType struct {
	name   string
	valid  uint64 // flags: the bits the type defines
	values uint64 // enums: how many values the type defines (0 for flags)
}

// The types of wasi_snapshot_preview1.witx (typenames.witx, the last
// preview 1 revision, the one wasmtime's wiggle is generated from) that
// calls take by value. siflags is a plain u16 there: any value that fits.
var (
	wasiRights      = wasiType{name: "rights", valid: 1<<30 - 1} // fd_datasync ... sock_accept, 30 bits
	wasiOflags      = wasiType{name: "oflags", valid: 0xf}       // creat, directory, excl, trunc
	wasiFdflags     = wasiType{name: "fdflags", valid: 0x1f}     // append, dsync, nonblock, rsync, sync
	wasiLookupflags = wasiType{name: "lookupflags", valid: 0x1}  // symlink_follow
	wasiFstflags    = wasiType{name: "fstflags", valid: 0xf}     // atim, atim_now, mtim, mtim_now
	wasiRiflags     = wasiType{name: "riflags", valid: 0x3}      // recv_peek, recv_waitall
	wasiSiflags     = wasiType{name: "siflags", valid: 0xffff}   // u16
	wasiSdflags     = wasiType{name: "sdflags", valid: 0x3}      // rd, wr
	wasiClockid     = wasiType{name: "clockid", values: 4}       // realtime, monotonic, process_cputime_id, thread_cputime_id
	wasiWhence      = wasiType{name: "whence", values: 3}        // set, cur, end
	wasiAdvice      = wasiType{name: "advice", values: 6}        // normal ... noreuse
	wasiSignal      = wasiType{name: "signal", values: 31}       // none ... sys
)

// wasiArg is one argument a call takes of a wasiType, or one of its
// pointers: index is its place among the core wasm parameters (a string is
// two: pointer and length). A pointer (typ zero) points at size bytes, or,
// when per is not 0, at per bytes times the argument at lenAt (a string's
// or an array's length); a size of 0 is one whose length the call knows
// (args_get's arrays): at least a byte.
type wasiArg struct {
	index int
	name  string
	typ   wasiType
	size  uint32
	per   uint32
	lenAt int
}

// ptrArg is a pointer argument to size bytes; arrArg one to per bytes
// times the argument at lenAt.
func ptrArg(index int, name string, size uint32) wasiArg {
	return wasiArg{index: index, name: name, size: size}
}

func arrArg(index int, name string, lenAt int, per uint32) wasiArg {
	return wasiArg{index: index, name: name, per: per, lenAt: lenAt}
}

// pointer says whether a is a pointer argument.
func (a wasiArg) pointer() bool { return a.typ.name == "" }

// extent is what the pointer argument a points at, of the call's params.
func (a wasiArg) extent(params []uint64) (ptr, n uint64) {
	ptr, n = uint64(uint32(params[a.index])), uint64(a.size)
	if a.per != 0 && a.lenAt < len(params) {
		n = uint64(a.per) * uint64(uint32(params[a.lenAt]))
	}
	return ptr, max(n, 1)
}

// wasiArgs are, for each WASI preview 1 call, its arguments of a flags or
// enum type. The one table of them: wasmtime's wiggle converts each before
// the call is made and traps the module on a bit or value its type does not
// define ("Int conversion error", "Invalid enum value"), where wazero
// ignored undefined bits and answered an errno for an undefined value, so a
// module that traps at its first file open on Subako passed every probe
// and call here (attack pass 44a, row 9). A subscription's flags and event
// type are in memory, not arguments: both runtimes answer EINVAL.
//
// The pointers are in the table too: wiggle reads and writes every
// argument and result through memory.read and memory.write, and a pointer
// outside memory is a GuestError it turns into a trap ("Pointer out of
// bounds"), where wazero answered EFAULT and the module went on (attack
// pass 44d, row 5: clock_time_get with its result at the end of memory
// answered 21 and the module answered its request; in wasmtime it trapped
// at the call). Both runtimes look at a pointer only when the call comes
// to it (wazero checks the descriptor, the clock, the path before writing
// a result, as wiggle's generated code and p1.rs do), so a call wazero
// answers EFAULT for, with one of its pointers outside memory, is one that
// traps in Subako's runtime: argsListener.After traps it. A result (its
// name begins "result") is written only once the call succeeded, where
// wazero checks some before anything else (fd_fdstat_get of a descriptor
// not open answered EFAULT, wasmtime EBADF): one outside memory is pointed
// at the first bytes of memory for the call, put back after, and the call
// traps only if it succeeded (resultsMoved). A module without memory
// (W022, withEmptyMemory) keeps its EFAULT: it has no memory for a pointer
// to be out of. The reads and writes (fd_read, fd_write, fd_pread,
// fd_pwrite) are not here: firstIovec checks their iovecs and results.
var wasiArgs = map[string][]wasiArg{
	"args_get":                {ptrArg(0, "argv", 0), ptrArg(1, "argv_buf", 0)},
	"args_sizes_get":          {ptrArg(0, "result argc", 4), ptrArg(1, "result argv_buf_size", 4)},
	"environ_get":             {ptrArg(0, "environ", 0), ptrArg(1, "environ_buf", 0)},
	"environ_sizes_get":       {ptrArg(0, "result environc", 4), ptrArg(1, "result environ_buf_size", 4)},
	"clock_res_get":           {{index: 0, name: "id", typ: wasiClockid}, ptrArg(1, "result resolution", 8)},
	"clock_time_get":          {{index: 0, name: "id", typ: wasiClockid}, ptrArg(2, "result time", 8)},
	"fd_advise":               {{index: 3, name: "advice", typ: wasiAdvice}},
	"fd_fdstat_get":           {ptrArg(1, "result fdstat", 24)},
	"fd_fdstat_set_flags":     {{index: 1, name: "flags", typ: wasiFdflags}},
	"fd_fdstat_set_rights":    {{index: 1, name: "fs_rights_base", typ: wasiRights}, {index: 2, name: "fs_rights_inheriting", typ: wasiRights}},
	"fd_filestat_get":         {ptrArg(1, "result filestat", 64)},
	"fd_filestat_set_times":   {{index: 3, name: "fst_flags", typ: wasiFstflags}},
	"fd_prestat_get":          {ptrArg(1, "result prestat", 8)},
	"fd_prestat_dir_name":     {arrArg(1, "path", 2, 1)},
	"fd_readdir":              {arrArg(1, "buf", 2, 1), ptrArg(4, "result bufused", 4)},
	"fd_seek":                 {{index: 2, name: "whence", typ: wasiWhence}, ptrArg(3, "result newoffset", 8)},
	"fd_tell":                 {ptrArg(1, "result offset", 8)},
	"path_create_directory":   {arrArg(1, "path", 2, 1)},
	"path_filestat_get":       {{index: 1, name: "flags", typ: wasiLookupflags}, arrArg(2, "path", 3, 1), ptrArg(4, "result filestat", 64)},
	"path_filestat_set_times": {{index: 1, name: "flags", typ: wasiLookupflags}, arrArg(2, "path", 3, 1), {index: 6, name: "fst_flags", typ: wasiFstflags}},
	"path_link":               {{index: 1, name: "old_flags", typ: wasiLookupflags}, arrArg(2, "old_path", 3, 1), arrArg(5, "new_path", 6, 1)},
	"path_open": {{index: 1, name: "dirflags", typ: wasiLookupflags}, arrArg(2, "path", 3, 1), {index: 4, name: "oflags", typ: wasiOflags},
		{index: 5, name: "fs_rights_base", typ: wasiRights}, {index: 6, name: "fs_rights_inheriting", typ: wasiRights},
		{index: 7, name: "fdflags", typ: wasiFdflags}, ptrArg(8, "result fd", 4)},
	"path_readlink":         {arrArg(1, "path", 2, 1), arrArg(3, "buf", 4, 1), ptrArg(5, "result bufused", 4)},
	"path_remove_directory": {arrArg(1, "path", 2, 1)},
	"path_rename":           {arrArg(1, "old_path", 2, 1), arrArg(4, "new_path", 5, 1)},
	"path_symlink":          {arrArg(0, "old_path", 1, 1), arrArg(3, "new_path", 4, 1)},
	"path_unlink_file":      {arrArg(1, "path", 2, 1)},
	"poll_oneoff":           {arrArg(0, "in", 2, subscriptionSize), arrArg(1, "out", 2, eventSize), ptrArg(3, "result nevents", 4)},
	"proc_raise":            {{index: 0, name: "sig", typ: wasiSignal}},
	"random_get":            {arrArg(0, "buf", 1, 1)},
	"sock_accept":           {{index: 1, name: "flags", typ: wasiFdflags}, ptrArg(2, "result fd", 4)},
	"sock_recv": {arrArg(1, "ri_data", 2, 8), {index: 3, name: "ri_flags", typ: wasiRiflags},
		ptrArg(4, "result ro_datalen", 4), ptrArg(5, "result ro_flags", 2)},
	"sock_send":     {arrArg(1, "si_data", 2, 8), {index: 3, name: "si_flags", typ: wasiSiflags}, ptrArg(4, "result so_datalen", 4)},
	"sock_shutdown": {{index: 1, name: "how", typ: wasiSdflags}},
}

// wasiTrap is what a listener panics with to trap the module at a WASI
// call, as Subako's runtime traps it: wazero recovers a panic in a
// listener's Before and ends the run with it as an error, "<message>
// (recovered by wazero)" and the wasm stack, which the session records
// as the run's Trap.
type wasiTrap string

func (t wasiTrap) Error() string { return string(t) }

// trapCall traps the module at the call def, saying which call and why.
func trapCall(def api.FunctionDefinition, format string, args ...any) {
	panic(wasiTrap(fmt.Sprintf("%s.%s: ", def.ModuleName(), def.Name()) + fmt.Sprintf(format, args...) +
		" (Subako's runtime traps the module at this call)"))
}

// withArgChecks has inner (which may be nil) check first, for a WASI call
// of wasiArgs, that each of its flags and enum arguments is of its type.
func withArgChecks(def api.FunctionDefinition, inner experimental.FunctionListener) experimental.FunctionListener {
	if def.ModuleName() != "wasi_snapshot_preview1" {
		return inner
	}
	for _, name := range def.ExportNames() {
		if args := wasiArgs[name]; args != nil {
			return argsListener{args: args, inner: inner}
		}
	}
	return inner
}

type argsListener struct {
	args  []wasiArg
	inner experimental.FunctionListener
}

func (l argsListener) Before(ctx context.Context, mod api.Module, def api.FunctionDefinition, params []uint64, si experimental.StackIterator) {
	types := def.ParamTypes()
	if s := sessionOf(ctx); s != nil {
		// The pointers as the module gave them, for After (a listener
		// inside this one may move them: readdirListener).
		s.call.args.params = append(s.call.args.params[:0], params...)
		s.moveResults(mod, l.args, params)
	}
	for _, a := range l.args {
		if a.index >= len(params) || a.index >= len(types) || a.pointer() {
			continue
		}
		v := params[a.index]
		if types[a.index] == api.ValueTypeI32 {
			v = uint64(uint32(v))
		}
		switch {
		case a.typ.values == 0 && v&^a.typ.valid != 0:
			trapCall(def, "argument %s (%s) is %#x, with bits %#x that %s does not define", a.name, a.typ.name, v, v&^a.typ.valid, a.typ.name)
		case a.typ.values != 0 && v >= a.typ.values:
			trapCall(def, "argument %s (%s) is %d, a value %s does not define (0 to %d)", a.name, a.typ.name, v, a.typ.name, a.typ.values-1)
		}
	}
	if l.inner != nil {
		l.inner.Before(ctx, mod, def, params, si)
	}
}

func (l argsListener) After(ctx context.Context, mod api.Module, def api.FunctionDefinition, results []uint64) {
	if l.inner != nil {
		l.inner.After(ctx, mod, def, results)
	}
	s := sessionOf(ctx)
	mem := guestMemory(mod)
	if s == nil || mem == nil {
		return
	}
	moved := s.putResultsBack(mem)
	if len(results) == 0 {
		return
	}
	switch {
	case results[0] == errnoSuccess && len(moved) > 0:
		a := l.args[moved[0]]
		ptr, n := a.extent(s.call.args.params)
		trapCall(def, "argument %s, %d bytes at %#x, is outside memory (%d bytes)", a.name, n, ptr, mem.Size())
	case results[0] == errnoFault && !s.noMemory && !s.pathRefused:
		for i, a := range l.args {
			if !a.pointer() || a.index >= len(s.call.args.params) || slices.Contains(moved, i) {
				continue
			}
			if ptr, n := a.extent(s.call.args.params); ptr+n > uint64(mem.Size()) {
				trapCall(def, "argument %s, %d bytes at %#x, is outside memory (%d bytes)", a.name, n, ptr, mem.Size())
			}
		}
	}
}

// wasiCall is what the listeners of a WASI call saw of it, for their
// After (a run's calls do not overlap).
type wasiCall struct {
	args     argsCall
	readdir  readdirCall
	readlink readlinkCall
}

// argsCall is what argsListener saw of the current call: its parameters
// as the module gave them, the results it pointed into memory (their
// places in wasiArgs) and the bytes they lent (moveResults).
type argsCall struct {
	params []uint64
	moved  []int
	kept   []byte
}

// resultScratch is how much of the start of memory moveResults may lend
// a call's results: the largest (a filestat) and a few words beside it.
const resultScratch = 128

// moveResults points each result of args that is outside memory at the
// start of memory, whose bytes it keeps for putResultsBack: the call then
// answers what it answers with its result in memory, as wasmtime's answers
// before it writes one. A memory smaller than resultScratch (or none)
// keeps its pointers.
func (s *session) moveResults(mod api.Module, args []wasiArg, params []uint64) {
	s.call.args.moved, s.call.args.kept = s.call.args.moved[:0], s.call.args.kept[:0]
	mem := guestMemory(mod)
	if mem == nil || s.noMemory || mem.Size() < resultScratch {
		return
	}
	size, off := uint64(mem.Size()), uint64(0)
	for i, a := range args {
		if !a.pointer() || !strings.HasPrefix(a.name, "result ") || a.index >= len(params) {
			continue
		}
		if ptr, n := a.extent(params); ptr+n > size && off+n <= resultScratch {
			s.call.args.moved = append(s.call.args.moved, i)
			params[a.index] = off
			off += (n + 7) &^ 7
		}
	}
	if off > 0 {
		kept, _ := mem.Read(0, uint32(off))
		s.call.args.kept = append(s.call.args.kept, kept...)
	}
}

// putResultsBack puts back the bytes moveResults lent, and says which of
// the call's arguments it moved.
func (s *session) putResultsBack(mem api.Memory) []int {
	if len(s.call.args.kept) > 0 {
		mem.Write(0, s.call.args.kept)
	}
	return s.call.args.moved
}

func (l argsListener) Abort(ctx context.Context, mod api.Module, def api.FunctionDefinition, err error) {
	if l.inner != nil {
		l.inner.Abort(ctx, mod, def, err)
	}
}
