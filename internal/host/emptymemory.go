package host

import (
	"encoding/binary"

	"github.com/subako-ai/subako-go/internal/wasmparse"
)

// withEmptyMemory is wasm given a memory of no pages when it has none
// (W022): wazero's WASI functions read and write through the module's
// first memory and, a module without one, panicked on a nil pointer,
// reported as the module's trap (attack pass 43f, row 2: clock_time_get,
// random_get, fd_fdstat_get, path_open ...; 43a row 3 answered EFAULT only
// from the calls the host reads itself). With an empty memory every
// pointer is outside it, and each call answers EFAULT, WASI's answer to a
// bad address, as the host's own calls do (guestMemory). The module
// cannot tell: without a memory it has no instruction that reads one, no
// data segment to fill one, and the memory is neither exported nor
// imported; the indices of its functions, tables and globals are unchanged
// (coverage and names stay the module's).
func withEmptyMemory(wasm []byte, m *wasmparse.Module) []byte {
	if m.NumImportedMemories+len(m.Memories) > 0 {
		return wasm
	}
	section := []byte{byte(wasmparse.SectionMemory), 3, 1, 0, 0} // one memory, min 0, no max
	// The memory section follows the type, import, function and table
	// sections and comes before every other known one; custom sections
	// may sit anywhere.
	pos := 8
	for pos < len(wasm) {
		id := wasm[pos]
		size, n := binary.Uvarint(wasm[pos+1:])
		end := pos + 1 + n + int(size)
		if n <= 0 || size > uint64(len(wasm)) || end > len(wasm) {
			return wasm // not where the reader found it: wazero refuses it
		}
		if id != byte(wasmparse.SectionCustom) && id > byte(wasmparse.SectionTable) {
			break
		}
		pos = end
	}
	out := make([]byte, 0, len(wasm)+len(section))
	out = append(out, wasm[:pos]...)
	out = append(out, section...)
	return append(out, wasm[pos:]...)
}
