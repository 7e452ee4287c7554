//go:build !unix

package sandboxfs

// rootID is not known on this system: dirDepth counts names.
func (m *Mount) rootID() [2]uint64 { return [2]uint64{} }

// dirID is not known on this system.
func dirID(string) [2]uint64 { return [2]uint64{} }

// dirDepth is dir's depth by its names, on a system where the walk up its
// ".." is not available.
func (m *Mount) dirDepth(dir string, _ int) int { return m.nameDepth(dir) }
