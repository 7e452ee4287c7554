package sandboxfs

import "testing"

// TestOpenHoldsForgetAtLastClose: a file whose last name goes while two
// descriptors hold it is forgotten at the second close, not before; one
// nothing holds is forgotten at once, and a file held again after it was
// forgotten (its inode given to a new file) is new: not forgotten at its
// close unless its name goes again.
func TestOpenHoldsForgetAtLastClose(t *testing.T) {
	var h openHolds
	k := fileKey{1, 2}
	if !h.forget(k) {
		t.Fatal("a file nothing holds is not forgotten at once")
	}
	h.take(k)
	h.take(k)
	if h.forget(k) {
		t.Fatal("a held file is forgotten while held")
	}
	if h.release(k) {
		t.Fatal("forgotten at the first of two closes")
	}
	if !h.release(k) {
		t.Fatal("not forgotten at the last close")
	}
	h.take(k)
	if h.release(k) {
		t.Fatal("a new file given the inode is forgotten at its close")
	}
	if len(h.n) != 0 || len(h.gone) != 0 {
		t.Fatalf("left: %v %v", h.n, h.gone)
	}
}
