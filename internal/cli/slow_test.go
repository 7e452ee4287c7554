package cli

import (
	"bytes"
	"context"
	"strings"
	"sync"
	"testing"
	"time"
)

// notifyWriter closes first on the first write.
type notifyWriter struct {
	bytes.Buffer
	once  sync.Once
	first chan struct{}
}

func (w *notifyWriter) Write(p []byte) (int, error) {
	defer w.once.Do(func() { close(w.first) })
	return w.Buffer.Write(p)
}

// A step still running when the time is up is said, and so is its end; a
// step done before it is not. The step waits for the message, so no clock
// decides the test.
func TestSlow(t *testing.T) {
	w := &notifyWriter{first: make(chan struct{})}
	Slow(context.Background(), w, "prog", 0, "building x", func() { <-w.first })
	if got := w.String(); !strings.HasPrefix(got, "prog: building x...\nprog: done in ") {
		t.Errorf("slow step: %q", got)
	}
	var quiet bytes.Buffer
	ran := false
	Slow(context.Background(), &quiet, "prog", time.Hour, "building y", func() { ran = true })
	if !ran || quiet.Len() != 0 {
		t.Errorf("quick step: ran %v, said %q", ran, quiet.String())
	}
}
