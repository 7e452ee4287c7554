package generate

import "testing"

func TestLineDiff(t *testing.T) {
	old := "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\n"
	new := "a\nB\nc\nd\ne\nf\ng\nh\ni\nj\nk\nL\nm\n"
	got := LineDiff("x", []byte(old), []byte(new))
	want := "--- x (on disk)\n+++ x (generated)\n@@ -1 +1 @@\n a\n-b\n+B\n c\n d\n e\n@@ -9 +9 @@\n i\n j\n k\n-l\n+L\n+m\n"
	if got != want {
		t.Errorf("diff:\n%s\nwant:\n%s", got, want)
	}
}
