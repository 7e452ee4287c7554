package host

import (
	"context"
	"fmt"
	"io/fs"
	"path/filepath"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/wasmbuild"
	"github.com/tetratelabs/wabin/leb128"
	"github.com/tetratelabs/wabin/wasm"
)

// danglingLinkModule makes a link "s" -> "t" in /volume/tmp, then n times:
// path_open("s", O_CREAT) (which creates t through the dangling link),
// fd_close, path_rename("t" -> a new five-letter name). It exits with the
// first nonzero errno, or 0.
func danglingLinkModule(n int32) []byte {
	i32, i64 := wasm.ValueTypeI32, wasm.ValueTypeI64
	w := wasmbuild.Command()
	w.TypeSection = append(w.TypeSection,
		&wasm.FunctionType{Params: []wasm.ValueType{i32, i32, i32, i32, i32, i64, i64, i32, i32}, Results: []wasm.ValueType{i32}}, // 2 path_open
		&wasm.FunctionType{Params: []wasm.ValueType{i32}, Results: []wasm.ValueType{i32}},                                         // 3 fd_close
		&wasm.FunctionType{Params: []wasm.ValueType{i32}},                                                                         // 4 proc_exit
		&wasm.FunctionType{Params: []wasm.ValueType{i32, i32, i32, i32, i32}, Results: []wasm.ValueType{i32}},                     // 5 path_symlink
		&wasm.FunctionType{Params: []wasm.ValueType{i32, i32, i32, i32, i32, i32}, Results: []wasm.ValueType{i32}})                // 6 path_rename
	imp := func(name string, typ uint32) *wasm.Import {
		return &wasm.Import{Type: wasm.ExternTypeFunc, Module: "wasi_snapshot_preview1", Name: name, DescFunc: typ}
	}
	w.ImportSection = append(w.ImportSection, imp("path_open", 2), imp("fd_close", 3), imp("proc_exit", 4),
		imp("path_symlink", 5), imp("path_rename", 6))
	const (
		fPathOpen, fClose, fExit, fSymlink, fRename = 1, 2, 3, 4, 5
	)
	w.ExportSection[0].Index = 6
	w.NameSection.FunctionNames = wasm.NameMap{{Index: 6, Name: "start"}}
	c := func(v int32) []byte { return append([]byte{wasm.OpcodeI32Const}, leb128.EncodeInt32(v)...) }
	// errno on the stack: exit with it unless 0
	check := joinBytes([]byte{wasm.OpcodeLocalTee, 1, wasm.OpcodeIf, 0x40, wasm.OpcodeLocalGet, 1, wasm.OpcodeCall, fExit, wasm.OpcodeEnd})
	// name byte k at 32+k: 'a' + ((i >> 4k) & 15)
	var name []byte
	for k := int32(0); k < 5; k++ {
		name = joinBytes(name, c(32+k), c('a'), []byte{wasm.OpcodeLocalGet, 0}, c(4*k), []byte{wasm.OpcodeI32ShrU}, c(15),
			[]byte{wasm.OpcodeI32And, wasm.OpcodeI32Add, wasm.OpcodeI32Store8, 0, 0})
	}
	body := joinBytes(
		c(0), c('t'), []byte{wasm.OpcodeI32Store8, 0, 0},
		c(1), c('s'), []byte{wasm.OpcodeI32Store8, 0, 0},
		c(0), c(1), c(3), c(1), c(1), []byte{wasm.OpcodeCall, fSymlink}, check,
		[]byte{wasm.OpcodeLoop, 0x40},
		// rights fd_read|fd_write: all ones trap (attack pass 44a, row 9)
		c(3), c(1), c(1), c(1), c(1), []byte{wasm.OpcodeI64Const, 0xc2, 0x00, wasm.OpcodeI64Const, 0}, c(0), c(16),
		[]byte{wasm.OpcodeCall, fPathOpen}, check,
		c(16), []byte{wasm.OpcodeI32Load, 2, 0, wasm.OpcodeCall, fClose, wasm.OpcodeDrop},
		name,
		c(3), c(0), c(1), c(3), c(32), c(5), []byte{wasm.OpcodeCall, fRename}, check,
		[]byte{wasm.OpcodeLocalGet, 0}, c(1), []byte{wasm.OpcodeI32Add, wasm.OpcodeLocalTee, 0}, c(n),
		[]byte{wasm.OpcodeI32LtS, wasm.OpcodeBrIf, 0, wasm.OpcodeEnd},
		c(0), []byte{wasm.OpcodeCall, fExit, wasm.OpcodeEnd},
	)
	w.CodeSection[0].LocalTypes = []wasm.ValueType{i32, i32}
	w.CodeSection[0].Body = body
	return wasmbuild.Encode(w)
}

// TestDanglingLinkEntriesBounded (attack pass 42m, row 1, through the
// host): a module made files in /volume/tmp past the call's limit of
// 10,000 entries (host.md "Write budget"), each created through a
// dangling link by path_open(O_CREAT) and renamed away (18,000 to 22,000
// in the exit grace on a loaded machine): sandboxfs charged only a name
// Lstat did not find. Now the first such open answers ELOOP, which the
// module exits with, having made only its link.
// wasiEloop is WASI's ELOOP.
const wasiEloop = 32

func TestDanglingLinkEntriesBounded(t *testing.T) {
	h := newHost(t)
	const n = 10_010
	m := compile(t, h, danglingLinkModule(n))
	vol := t.TempDir()
	s, err := h.start(context.Background(), m, RunConfig{Timeout: 20 * time.Second, Mounts: Mounts{Volume: vol}})
	if err != nil {
		t.Fatal(err)
	}
	r := s.wait()
	entries := 0
	_ = filepath.WalkDir(vol, func(p string, d fs.DirEntry, err error) error {
		if err == nil && p != vol {
			entries++
		}
		return nil
	})
	if entries > 10_000+2 {
		t.Errorf("a call made %d entries in its volume under a limit of 10,000 (exit code %d)", entries, r.ExitCode)
	}
	if !r.Exited || r.ExitCode != wasiEloop {
		t.Errorf("exited %v with %d, want the module's exit with ELOOP (%d); record %.600s",
			r.Exited, r.ExitCode, wasiEloop, fmt.Sprintf("%+v", r))
	}
}
