package host

import (
	"context"
	"encoding/json"
	"os"
	"testing"

	"github.com/subako-ai/subako-go/internal/subjects"
)

// TestPollFileAtClosedStdin (attack pass 43j, row 5): a module that closed
// stdin and opened a file, which took fd 0, saw its poll of the file
// answer EBADF, as a closed stdin's does; a file is ready, as any other
// descriptor's is.
func TestPollFileAtClosedStdin(t *testing.T) {
	h := newHost(t)
	wasm, err := os.ReadFile(subjects.CHooked(t, "STDIN_FILE"))
	if err != nil {
		t.Fatal(err)
	}
	m := compile(t, h, wasm)
	c := h.Call(context.Background(), m, "add", json.RawMessage(`{"a":1,"b":2}`),
		CallConfig{Mounts: Mounts{Volume: t.TempDir()}})
	var res struct {
		Content []struct{ Text string }
	}
	if err := json.Unmarshal(c.Result, &res); err != nil || len(res.Content) != 1 {
		t.Fatalf("call: %s, %v", c.Result, err)
	}
	if got, want := res.Content[0].Text, "fd=0 n=1 revents=1"; got != want {
		t.Errorf("a poll of the file at fd 0 after stdin was closed: %q; want %q (POLLIN)", got, want)
	}
}
