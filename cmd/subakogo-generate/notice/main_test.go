package main

import (
	"errors"
	"strings"
	"testing"
)

// TestFirstLineFirst: the notice writes its first line before it asks the
// go command anything, and the build line only when the generator is stale.
func TestFirstLineFirst(t *testing.T) {
	for _, c := range []struct {
		list string
		err  error
		want string
	}{
		{"stale", nil, starting + building},
		{"", nil, starting},
		{"", errors.New("go list failed"), starting},
	} {
		var stderr strings.Builder
		asked := false
		notice(&stderr, func() ([]byte, error) {
			asked = true
			if stderr.String() != starting {
				t.Errorf("when go list runs, stderr holds %q, want the first line", stderr.String())
			}
			return []byte(c.list), c.err
		})
		if !asked || stderr.String() != c.want {
			t.Errorf("go list %q, %v: asked %v, stderr %q, want %q", c.list, c.err, asked, stderr.String(), c.want)
		}
	}
}
