package main

import (
	"encoding/binary"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/tetratelabs/wabin/leb128"
	"github.com/tetratelabs/wabin/wasm"

	"github.com/subako-ai/subako-go/internal/wasmbuild"
)

// answeringModule is a module written by hand, in no source language: its
// _start writes the two discovery answers Subako's ids ask for, then reads
// stdin to its end. Its one tool has the annotations given.
func answeringModule(annotations string) []byte {
	return listingModule(`{"name":"add","description":"Add two integers.",` +
		`"inputSchema":{"type":"object","properties":{"a":{"type":"integer","description":"A."},"b":{"type":"integer","description":"B."}},"required":["a","b"],"additionalProperties":false},` +
		`"annotations":` + annotations + `}`)
}

// listingModule is answeringModule with the tools given (JSON, comma
// separated; some 60 KB at most).
func listingModule(tools string) []byte {
	answers := `{"jsonrpc":"2.0","id":"discover-1","result":{"resultType":"complete","supportedVersions":["2026-07-28"],"capabilities":{"tools":{}}}}` + "\n" +
		`{"jsonrpc":"2.0","id":"tools-list-1","result":{"resultType":"complete","tools":[` + tools + `]}}` + "\n"
	// Memory: the write's iovec at 0 and its count at 8, the read's iovec at
	// 16 and its count at 24, the answers from 64, the read buffer at 4096.
	data := make([]byte, 64)
	binary.LittleEndian.PutUint32(data[0:], 64)
	binary.LittleEndian.PutUint32(data[4:], uint32(len(answers)))
	binary.LittleEndian.PutUint32(data[16:], 4096)
	binary.LittleEndian.PutUint32(data[20:], 1024)
	data = append(data, answers...)
	c := func(n int32) []byte { return append([]byte{wasm.OpcodeI32Const}, leb128.EncodeInt32(n)...) }
	var body []byte
	for _, b := range [][]byte{
		c(1), c(0), c(1), c(8), {wasm.OpcodeCall, 0, wasm.OpcodeDrop}, // fd_write(stdout, iovec, 1, &written)
		{wasm.OpcodeLoop, 0x40},
		c(24), c(0), {wasm.OpcodeI32Store, 2, 0}, // read = 0
		c(0), c(16), c(1), c(24), {wasm.OpcodeCall, 1, wasm.OpcodeDrop}, // fd_read(stdin, iovec, 1, &read)
		c(24), {wasm.OpcodeI32Load, 2, 0, wasm.OpcodeBrIf, 0}, // again while read > 0
		{wasm.OpcodeEnd, wasm.OpcodeEnd},
	} {
		body = append(body, b...)
	}
	i32 := wasm.ValueTypeI32
	m := &wasm.Module{
		TypeSection: []*wasm.FunctionType{{Params: []wasm.ValueType{i32, i32, i32, i32}, Results: []wasm.ValueType{i32}}, {}},
		ImportSection: []*wasm.Import{
			{Type: wasm.ExternTypeFunc, Module: "wasi_snapshot_preview1", Name: "fd_write", DescFunc: 0},
			{Type: wasm.ExternTypeFunc, Module: "wasi_snapshot_preview1", Name: "fd_read", DescFunc: 0},
		},
		FunctionSection: []wasm.Index{1},
		MemorySection:   &wasm.Memory{Min: 1},
		ExportSection: []*wasm.Export{
			{Type: wasm.ExternTypeFunc, Name: "_start", Index: 2},
			{Type: wasm.ExternTypeMemory, Name: "memory", Index: 0},
		},
		CodeSection: []*wasm.Code{{Body: body}},
		DataSection: []*wasm.DataSegment{{OffsetExpression: &wasm.ConstantExpression{Opcode: wasm.OpcodeI32Const, Data: leb128.EncodeInt32(0)}, Init: data}},
		NameSection: &wasm.NameSection{FunctionNames: wasm.NameMap{{Index: 2, Name: "start"}}},
	}
	return wasmbuild.Encode(m)
}

// lint reads a tool's annotations from discovery whatever built the module:
// malformed ones draw T016, well-formed ones nothing.
func TestLintAnnotations(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, c := range []struct {
		annotations string
		want        []string // T016 messages, in order
	}{
		{`{"title":"Add","readOnlyHint":true,"openWorldHint":false}`, nil},
		{`{"readOnlyHint":"yes","destructiveHint":true,"title":7}`, []string{`tool "add": annotations.title is a number, not a string`, `tool "add": annotations.readOnlyHint is a string, not true or false`}},
		{`{"readOnlyHint":true,"destructiveHint":true}`, []string{`tool "add": annotations say readOnlyHint and destructiveHint are both true`}},
	} {
		if err := os.WriteFile("add.wasm", answeringModule(c.annotations), 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, errOut := runCLI("lint", "--probes", "none", "--fail-on", "warning", "--format", "json", "add.wasm")
		var got struct {
			Files []struct {
				Findings []struct{ Rule, Message string }
			}
		}
		if err := json.Unmarshal([]byte(out), &got); err != nil || len(got.Files) != 1 {
			t.Fatalf("%s: %v\n%s%s", c.annotations, err, out, errOut)
		}
		var msgs []string
		for _, f := range got.Files[0].Findings {
			if f.Rule != "T016" {
				t.Errorf("%s: unexpected finding %s %s", c.annotations, f.Rule, f.Message)
				continue
			}
			msgs = append(msgs, f.Message)
		}
		if len(msgs) != len(c.want) {
			t.Errorf("%s: T016 %q, want %q", c.annotations, msgs, c.want)
			continue
		}
		for i, w := range c.want {
			if !strings.HasPrefix(msgs[i], w) {
				t.Errorf("%s: finding %d is %q, want %q", c.annotations, i, msgs[i], w)
			}
		}
		if wantCode := map[bool]int{true: exitOK, false: exitFindings}[c.want == nil]; code != wantCode {
			t.Errorf("%s: exit %d, want %d", c.annotations, code, wantCode)
		}
	}
}
