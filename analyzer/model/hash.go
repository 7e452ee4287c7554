package model

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
)

// Canonical is the canonical encoding of the model: FormatVersion, a
// newline, and the package as JSON with struct fields in declaration
// order, empty fields left out, and without Tool.Pos or resolved
// Type.Target pointers. Two models that would generate the same code
// encode the same.
func (p *Package) Canonical() []byte {
	b, err := json.Marshal(p)
	if err != nil {
		// Only unsupported values can fail, and the model has none.
		panic("model: " + err.Error())
	}
	return append([]byte(FormatVersion+"\n"), b...)
}

// Hash is the hex sha256 of Canonical. The generator writes it into
// GeneratedFile as the constant HashConstName; the analyzer reports the
// file as stale when the two differ.
func (p *Package) Hash() string {
	sum := sha256.Sum256(p.Canonical())
	return hex.EncodeToString(sum[:])
}
