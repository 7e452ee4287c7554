package host

import (
	"reflect"

	"github.com/tetratelabs/wazero/api"
)

// Subako's runtime (wasmtime's preview 1) renumbers any open descriptor
// onto any open one, a preopen included and onto a standard stream: a
// module that sends its log to stderr as dup2(logfd, 2) does works there.
// wazero's FSContext.Renumber answers ENOTSUP when either side is a
// preopen, and it counts the standard streams as preopens (attack pass
// 45a, row 1). Its table is out of the host's reach but through reflection
// on the run's module instance (wazero v1.12: ModuleInstance.Sys.FS()
// .LookupFile(fd), a *FileEntry whose IsPreopen says so): for the one
// fd_renumber call, fdListener clears IsPreopen on both entries and puts
// it back after (the preopen keeps it at its new number, so
// fd_prestat_get still names it there). Where that reflection finds
// nothing (another wazero), nothing is changed and wazero's ENOTSUP
// stands. A standard stream is never moved away (ENOTSUP, as before): the
// host's stdin, stdout and stderr machinery follows fds 0 to 2.

// preopenFlag is the IsPreopen field of wazero's entry of fd in mod's
// descriptor table, settable, or ok false.
func preopenFlag(mod api.Module, fd uint32) (flag reflect.Value, ok bool) {
	defer func() {
		if recover() != nil {
			flag, ok = reflect.Value{}, false
		}
	}()
	entry, ok := fileEntry(mod, fd)
	if !ok {
		return reflect.Value{}, false
	}
	flag = entry.FieldByName("IsPreopen")
	if !flag.IsValid() || flag.Kind() != reflect.Bool || !flag.CanSet() {
		return reflect.Value{}, false
	}
	return flag, true
}

// setEntryName sets the Name of wazero's entry of fd in mod's descriptor
// table, the name wazero joins the paths of later calls relative to fd
// to, and says whether it could.
func setEntryName(mod api.Module, fd uint32, name string) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	entry, ok := fileEntry(mod, fd)
	if !ok {
		return false
	}
	field := entry.FieldByName("Name")
	if !field.IsValid() || field.Kind() != reflect.String || !field.CanSet() {
		return false
	}
	field.SetString(name)
	return true
}

// fileEntry is wazero's entry of fd in mod's descriptor table (the
// struct a *FileEntry points at), or ok false. It may panic on another
// wazero: its callers recover.
func fileEntry(mod api.Module, fd uint32) (entry reflect.Value, ok bool) {
	v := reflect.ValueOf(mod)
	if v.Kind() != reflect.Pointer || v.IsNil() || v.Elem().Kind() != reflect.Struct {
		return reflect.Value{}, false
	}
	sys := v.Elem().FieldByName("Sys")
	if !sys.IsValid() || sys.Kind() != reflect.Pointer || sys.IsNil() {
		return reflect.Value{}, false
	}
	fsm := sys.MethodByName("FS")
	if !fsm.IsValid() || fsm.Type().NumIn() != 0 || fsm.Type().NumOut() != 1 {
		return reflect.Value{}, false
	}
	fsc := fsm.Call(nil)[0]
	if fsc.Kind() != reflect.Pointer || fsc.IsNil() {
		return reflect.Value{}, false
	}
	lookup := fsc.MethodByName("LookupFile")
	if !lookup.IsValid() || lookup.Type().NumIn() != 1 || lookup.Type().In(0).Kind() != reflect.Int32 || lookup.Type().NumOut() != 2 {
		return reflect.Value{}, false
	}
	out := lookup.Call([]reflect.Value{reflect.ValueOf(int32(fd))})
	if out[1].Kind() != reflect.Bool || !out[1].Bool() || out[0].Kind() != reflect.Pointer || out[0].IsNil() {
		return reflect.Value{}, false
	}
	return out[0].Elem(), true
}

// preopensCleared is what unmarkPreopens cleared, for restore.
type preopensCleared []reflect.Value

// unmarkPreopens clears IsPreopen on the entries of from and to for
// wazero's Renumber, and says whether it could (both found).
func unmarkPreopens(mod api.Module, from, to uint32) (preopensCleared, bool) {
	var cleared preopensCleared
	for _, fd := range []uint32{from, to} {
		flag, ok := preopenFlag(mod, fd)
		if !ok {
			cleared.restore()
			return nil, false
		}
		if flag.Bool() {
			flag.SetBool(false)
			cleared = append(cleared, flag)
		}
	}
	return cleared, true
}

// restore marks the entries unmarkPreopens cleared as preopens again:
// the moved preopen at its new number, and the target's entry, which
// wazero's Renumber closed and dropped (or kept, when it refused).
func (c preopensCleared) restore() {
	for _, flag := range c {
		flag.SetBool(true)
	}
}
