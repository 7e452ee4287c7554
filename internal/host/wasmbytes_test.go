package host

import (
	"bytes"
	"encoding/binary"
)

// The byte pieces of the modules the host tests write by hand, where
// wasmbuild's encoder cannot say the shape (no memory, 8,000,000 element
// entries, pointers past memory): one home, not a copy in each test.

// uleb is n as unsigned LEB128.
func uleb(n int) []byte { return binary.AppendUvarint(nil, uint64(n)) }

// wasmString is s as the binary format writes a name: its length, then it.
func wasmString(s string) []byte { return append(uleb(len(s)), s...) }

// wasmSection is section id holding p.
func wasmSection(id byte, p []byte) []byte { return joinBytes([]byte{id}, uleb(len(p)), p) }

// joinBytes is parts one after the other.
func joinBytes(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
