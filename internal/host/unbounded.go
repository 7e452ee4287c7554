package host

import "github.com/subako-ai/subako-go/internal/wasmparse"

// unboundedShape is the first problem of the module that wazero must not
// be handed, whoever calls: a shape past an implementation limit (2^32-1
// locals, 100,000 nested blocks) costs the compiler memory or time
// without bound, and so do bytes that do not decode, which wazero reads
// as far as they go: a vector's count past the bytes that could hold it
// is allocated before one entry is read (attack pass 46d, row 1: a
// 15-byte module declaring 2^32-1 imports was "out of memory" in call,
// exit 4; 2^32-16 locals before a malformed one, 34 GB under the
// interpreter). Such a module does not load on Subako either.
func unboundedShape(parsed *wasmparse.Module) (wasmparse.Problem, bool) {
	if p, ok := parsed.Exceeded(); ok {
		return p, true
	}
	for _, p := range parsed.Problems {
		if p.Kind == wasmparse.Malformed {
			return p, true
		}
	}
	return wasmparse.Problem{}, false
}
