package host

import (
	"context"
	"fmt"

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

// wasiArg is one argument a call takes of a wasiType: index is its place
// among the core wasm parameters (a string is two: pointer and length).
type wasiArg struct {
	index int
	name  string
	typ   wasiType
}

// wasiArgs are, for each WASI preview 1 call, its arguments of a flags or
// enum type. The one table of them: wasmtime's wiggle converts each before
// the call is made and traps the module on a bit or value its type does not
// define ("Int conversion error", "Invalid enum value"), where wazero
// ignored undefined bits and answered an errno for an undefined value, so a
// module that traps at its first file open on Subako passed every probe
// and call here (attack pass 44a, row 9). A subscription's flags and event
// type are in memory, not arguments: both runtimes answer EINVAL.
var wasiArgs = map[string][]wasiArg{
	"clock_res_get":           {{0, "id", wasiClockid}},
	"clock_time_get":          {{0, "id", wasiClockid}},
	"fd_advise":               {{3, "advice", wasiAdvice}},
	"fd_fdstat_set_flags":     {{1, "flags", wasiFdflags}},
	"fd_fdstat_set_rights":    {{1, "fs_rights_base", wasiRights}, {2, "fs_rights_inheriting", wasiRights}},
	"fd_filestat_set_times":   {{3, "fst_flags", wasiFstflags}},
	"fd_seek":                 {{2, "whence", wasiWhence}},
	"path_filestat_get":       {{1, "flags", wasiLookupflags}},
	"path_filestat_set_times": {{1, "flags", wasiLookupflags}, {6, "fst_flags", wasiFstflags}},
	"path_link":               {{1, "old_flags", wasiLookupflags}},
	"path_open": {{1, "dirflags", wasiLookupflags}, {4, "oflags", wasiOflags},
		{5, "fs_rights_base", wasiRights}, {6, "fs_rights_inheriting", wasiRights}, {7, "fdflags", wasiFdflags}},
	"proc_raise":    {{0, "sig", wasiSignal}},
	"sock_accept":   {{1, "flags", wasiFdflags}},
	"sock_recv":     {{3, "ri_flags", wasiRiflags}},
	"sock_send":     {{3, "si_flags", wasiSiflags}},
	"sock_shutdown": {{1, "how", wasiSdflags}},
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
	for _, a := range l.args {
		if a.index >= len(params) || a.index >= len(types) {
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
}

func (l argsListener) Abort(ctx context.Context, mod api.Module, def api.FunctionDefinition, err error) {
	if l.inner != nil {
		l.inner.Abort(ctx, mod, def, err)
	}
}
