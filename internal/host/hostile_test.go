package host

import (
	"bytes"

	"github.com/tetratelabs/wabin/leb128"
	"github.com/tetratelabs/wabin/wasm"

	"github.com/subako-ai/subako-go/internal/wasmbuild"
)

// hostileShape builds a valid module of funcs functions, each just under
// one of the reader's shape limits (see W050-W052), which the reader
// therefore lets through to the compiler: "nest" nests 9,999 blocks,
// "brtable" has a br_table of 65,520 targets, "locals" declares 49,999
// locals and reads the last.
func hostileShape(kind string, funcs int) []byte {
	var body []byte
	switch kind {
	case "nest":
		const depth = 9999
		body = append(append(bytes.Repeat([]byte{wasm.OpcodeBlock, 0x40}, depth), bytes.Repeat([]byte{wasm.OpcodeEnd}, depth)...), wasm.OpcodeEnd)
	case "brtable":
		const targets = 65520
		body = append([]byte{wasm.OpcodeI32Const, 0, wasm.OpcodeBrTable}, leb128.EncodeUint32(targets)...)
		body = append(append(body, make([]byte, targets+1)...), wasm.OpcodeEnd)
	case "locals":
		const locals = 49999
		body = append([]byte{wasm.OpcodeLocalGet}, leb128.EncodeUint32(locals-1)...)
		body = append(body, wasm.OpcodeDrop, wasm.OpcodeEnd)
	default:
		panic(kind)
	}
	w := wasmbuild.Command()
	w.FunctionSection, w.CodeSection = nil, nil
	for range funcs {
		c := &wasm.Code{Body: body}
		if kind == "locals" {
			c.LocalTypes = bytes.Repeat([]byte{wasm.ValueTypeI32}, 49999)
		}
		w.FunctionSection = append(w.FunctionSection, 1)
		w.CodeSection = append(w.CodeSection, c)
	}
	return wasmbuild.Encode(w)
}
