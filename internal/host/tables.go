package host

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/subako-ai/subako-go/internal/wasmparse"
)

// TableLimit bounds the elements of a module's tables, all together, as
// MemoryLimit bounds its memory: wazero keeps a table on the host's heap,
// outside the memory budget, 8 bytes an element, and lets table.grow take
// it to 2^32-1 elements (one table.grow of 2^27 took 1 GiB; a loop of
// them 3.6 GB before discovery's time ran out). Each table's maximum is
// lowered to its share of the limit (never below its minimum), so a
// table.grow past it answers -1 as the wasm spec lets it; a module whose
// tables declare more than the limit at the start is refused.
const TableLimit = 1 << 22

// boundTables is wasm with every table's maximum within its share of
// TableLimit: wasm itself when each already is, else a copy with the
// table section rewritten. A table of a kind wazero does not run (a
// function-references table, a 64-bit one) is left for wazero to refuse.
func boundTables(wasm []byte, m *wasmparse.Module) ([]byte, error) {
	if len(m.Tables) == 0 {
		return wasm, nil
	}
	var declared uint64
	for _, t := range m.Tables {
		if t.Init != nil || t.Type.Limits.Is64 || (t.Type.Elem != wasmparse.FuncRef && t.Type.Elem != wasmparse.ExternRef) {
			return wasm, nil
		}
		declared += t.Type.Limits.Min
	}
	if declared > TableLimit {
		return nil, fmt.Errorf("table section: the tables declare %d elements at the start, over the host's %d (host.TableLimit)", declared, TableLimit)
	}
	share := uint64(TableLimit / len(m.Tables))
	payload := binary.AppendUvarint(nil, uint64(len(m.Tables)))
	changed := false
	for _, t := range m.Tables {
		l := t.Type.Limits
		most := max(l.Min, share)
		if l.HasMax && l.Max <= most {
			most = l.Max
		} else {
			changed = true
		}
		payload = append(payload, byte(t.Type.Elem), 0x01)
		payload = binary.AppendUvarint(binary.AppendUvarint(payload, l.Min), most)
	}
	if !changed {
		return wasm, nil
	}
	return replaceSection(wasm, byte(wasmparse.SectionTable), payload)
}

// replaceSection is wasm with the payload of its section id replaced.
func replaceSection(wasm []byte, id byte, payload []byte) ([]byte, error) {
	for pos := 8; pos < len(wasm); {
		size, n := binary.Uvarint(wasm[pos+1:])
		end := pos + 1 + n + int(size)
		if n <= 0 || size > uint64(len(wasm)) || end > len(wasm) {
			break
		}
		if wasm[pos] == id {
			out := append([]byte(nil), wasm[:pos]...)
			out = append(out, id)
			out = binary.AppendUvarint(out, uint64(len(payload)))
			out = append(out, payload...)
			return append(out, wasm[end:]...), nil
		}
		pos = end
	}
	return nil, errors.New("table section: not found where the reader found it")
}
