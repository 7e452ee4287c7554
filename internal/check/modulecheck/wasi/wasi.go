// Package wasi knows the core WebAssembly signature of every WASI preview 1 function,
// so the linter can check imports by name and type.
//
// A Subako package may import only what the host provides. A module that
// imports wasi_snapshot_preview1.fd_write with the wrong type fails to
// instantiate, so the linter must know the exact core type of each function,
// not just its name.
//
// The table is written by hand rather than parsed from the witx at run time:
// the linter ships as a single binary with no data files, and preview 1 is
// frozen, so the table never changes. The test derives every signature again
// from the official witx in testdata and compares, so the hand-written table
// is checked against the specification instead of trusted.
package wasi

import (
	"fmt"
	"slices"
	"strings"
)

// Module is the import module name of WASI preview 1. Every function in
// Preview1 is imported from this module.
const Module = "wasi_snapshot_preview1"

// ValType is a core WebAssembly value type. Its values are the binary
// encodings from the WebAssembly spec, so a type read from a module's type
// section compares directly, with no translation table in between.
type ValType byte

// The number types that WASI preview 1 uses. F32 and F64 appear in no
// preview 1 function; they are here so that every number type a module can
// declare has a name.
const (
	I32 ValType = 0x7f
	I64 ValType = 0x7e
	F32 ValType = 0x7d
	F64 ValType = 0x7c
)

// String returns the type as the WebAssembly text format writes it ("i32"),
// or its encoding in hex for a byte that is not a number type, so a finding
// about a malformed module still says what was there.
func (t ValType) String() string {
	switch t {
	case I32:
		return "i32"
	case I64:
		return "i64"
	case F32:
		return "f32"
	case F64:
		return "f64"
	default:
		return fmt.Sprintf("0x%02x", byte(t))
	}
}

// Signature is the core type of a function: what the module must declare
// for the import to link.
type Signature struct {
	Params, Results []ValType
}

// String formats the signature the way findings show it, for example
// "(i32, i64, i32) -> i32" or "(i32) -> ()". A single result is written
// bare; no results or several are written in parentheses.
func (s Signature) String() string {
	var b strings.Builder
	b.WriteString("(")
	writeTypes(&b, s.Params)
	b.WriteString(") -> ")
	if len(s.Results) == 1 {
		b.WriteString(s.Results[0].String())
		return b.String()
	}
	b.WriteString("(")
	writeTypes(&b, s.Results)
	b.WriteString(")")
	return b.String()
}

func writeTypes(b *strings.Builder, ts []ValType) {
	for i, t := range ts {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(t.String())
	}
}

// Equal reports whether s and o are the same core type. Core wasm types
// match structurally, so this is the check a linker makes at instantiation.
func (s Signature) Equal(o Signature) bool {
	return slices.Equal(s.Params, o.Params) && slices.Equal(s.Results, o.Results)
}

// Preview1 maps each of the 46 WASI preview 1 function names to its core
// signature. Callers must not modify it or the slices in it.
//
// The signatures follow the preview 1 ABI that wasi-libc, Rust's std, Go's
// runtime and wazero all use: an fd, enum, flags of up to 32 bits, u32 or
// pointer is an i32; u64, s64 and the 64-bit rights flags (also timestamp,
// filesize, dircookie, which are u64) are an i64; a string or a list is two
// i32s (pointer, length); a record is passed by pointer. Every function but
// proc_exit returns an i32 errno, and writes any value it returns through a
// trailing i32 pointer parameter, one per value.
var Preview1 = map[string]Signature{
	"args_get":                {Params: []ValType{I32, I32}, Results: []ValType{I32}},
	"args_sizes_get":          {Params: []ValType{I32, I32}, Results: []ValType{I32}},
	"clock_res_get":           {Params: []ValType{I32, I32}, Results: []ValType{I32}},
	"clock_time_get":          {Params: []ValType{I32, I64, I32}, Results: []ValType{I32}},
	"environ_get":             {Params: []ValType{I32, I32}, Results: []ValType{I32}},
	"environ_sizes_get":       {Params: []ValType{I32, I32}, Results: []ValType{I32}},
	"fd_advise":               {Params: []ValType{I32, I64, I64, I32}, Results: []ValType{I32}},
	"fd_allocate":             {Params: []ValType{I32, I64, I64}, Results: []ValType{I32}},
	"fd_close":                {Params: []ValType{I32}, Results: []ValType{I32}},
	"fd_datasync":             {Params: []ValType{I32}, Results: []ValType{I32}},
	"fd_fdstat_get":           {Params: []ValType{I32, I32}, Results: []ValType{I32}},
	"fd_fdstat_set_flags":     {Params: []ValType{I32, I32}, Results: []ValType{I32}},
	"fd_fdstat_set_rights":    {Params: []ValType{I32, I64, I64}, Results: []ValType{I32}},
	"fd_filestat_get":         {Params: []ValType{I32, I32}, Results: []ValType{I32}},
	"fd_filestat_set_size":    {Params: []ValType{I32, I64}, Results: []ValType{I32}},
	"fd_filestat_set_times":   {Params: []ValType{I32, I64, I64, I32}, Results: []ValType{I32}},
	"fd_pread":                {Params: []ValType{I32, I32, I32, I64, I32}, Results: []ValType{I32}},
	"fd_prestat_dir_name":     {Params: []ValType{I32, I32, I32}, Results: []ValType{I32}},
	"fd_prestat_get":          {Params: []ValType{I32, I32}, Results: []ValType{I32}},
	"fd_pwrite":               {Params: []ValType{I32, I32, I32, I64, I32}, Results: []ValType{I32}},
	"fd_read":                 {Params: []ValType{I32, I32, I32, I32}, Results: []ValType{I32}},
	"fd_readdir":              {Params: []ValType{I32, I32, I32, I64, I32}, Results: []ValType{I32}},
	"fd_renumber":             {Params: []ValType{I32, I32}, Results: []ValType{I32}},
	"fd_seek":                 {Params: []ValType{I32, I64, I32, I32}, Results: []ValType{I32}},
	"fd_sync":                 {Params: []ValType{I32}, Results: []ValType{I32}},
	"fd_tell":                 {Params: []ValType{I32, I32}, Results: []ValType{I32}},
	"fd_write":                {Params: []ValType{I32, I32, I32, I32}, Results: []ValType{I32}},
	"path_create_directory":   {Params: []ValType{I32, I32, I32}, Results: []ValType{I32}},
	"path_filestat_get":       {Params: []ValType{I32, I32, I32, I32, I32}, Results: []ValType{I32}},
	"path_filestat_set_times": {Params: []ValType{I32, I32, I32, I32, I64, I64, I32}, Results: []ValType{I32}},
	"path_link":               {Params: []ValType{I32, I32, I32, I32, I32, I32, I32}, Results: []ValType{I32}},
	"path_open":               {Params: []ValType{I32, I32, I32, I32, I32, I64, I64, I32, I32}, Results: []ValType{I32}},
	"path_readlink":           {Params: []ValType{I32, I32, I32, I32, I32, I32}, Results: []ValType{I32}},
	"path_remove_directory":   {Params: []ValType{I32, I32, I32}, Results: []ValType{I32}},
	"path_rename":             {Params: []ValType{I32, I32, I32, I32, I32, I32}, Results: []ValType{I32}},
	"path_symlink":            {Params: []ValType{I32, I32, I32, I32, I32}, Results: []ValType{I32}},
	"path_unlink_file":        {Params: []ValType{I32, I32, I32}, Results: []ValType{I32}},
	"poll_oneoff":             {Params: []ValType{I32, I32, I32, I32}, Results: []ValType{I32}},
	"proc_exit":               {Params: []ValType{I32}, Results: nil},
	"proc_raise":              {Params: []ValType{I32}, Results: []ValType{I32}},
	"random_get":              {Params: []ValType{I32, I32}, Results: []ValType{I32}},
	"sched_yield":             {Params: nil, Results: []ValType{I32}},
	"sock_accept":             {Params: []ValType{I32, I32, I32}, Results: []ValType{I32}},
	"sock_recv":               {Params: []ValType{I32, I32, I32, I32, I32, I32}, Results: []ValType{I32}},
	"sock_send":               {Params: []ValType{I32, I32, I32, I32, I32}, Results: []ValType{I32}},
	"sock_shutdown":           {Params: []ValType{I32, I32}, Results: []ValType{I32}},
}
