//go:build !unix

package sandboxfs

// This system's calls have no directory descriptors: the os.Root's calls
// stand in, which refuse a directory as a rename's target (EEXIST).

func (m *Mount) renameAt(from, to string) error { return m.root.Rename(from, to) }
