package host_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/subjects"
	"github.com/subako-ai/subako-go/internal/wasmparse"
)

// TestCompileCovered: a module compiled with coverage answers as the plain
// one does, and its run's Reached holds the tool's own functions (named
// by the module's name section), the more of them the more of the code a
// call takes.
func TestCompileCovered(t *testing.T) {
	path := subjects.Module(t, subjects.Go, subjects.SearchGood)
	wasm, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	h, err := host.New(ctx, host.Options{CacheDir: filepath.Join(os.TempDir(), "subako-subjects-test-cache")})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close(ctx) })
	plain, err := h.Compile(ctx, wasm)
	if err != nil {
		t.Fatal(err)
	}
	covered, err := h.CompileCovered(ctx, wasm)
	if err != nil {
		t.Fatal(err)
	}
	call := func(m *host.Module, args string, reached *host.Reached) (string, *host.Record) {
		s, err := h.Start(ctx, m, host.RunConfig{Timeout: 10 * time.Second, Reached: reached})
		if err != nil {
			t.Fatal(err)
		}
		id := json.RawMessage(`"1"`)
		s.Send(host.ToolCall(id, subjects.Tool, json.RawMessage(args)))
		msg, ok := s.Answer(id, 10*time.Second)
		rec := s.Wait()
		if !ok {
			t.Fatalf("no answer: %+v", rec)
		}
		return string(msg.Result), rec
	}
	parsed := wasmparse.Parse(wasm)
	named := func(r *host.Reached, name string) bool {
		for fn := range parsed.NumFuncs() {
			if r.Has(fn) && parsed.FuncName(int64(fn)) == name {
				return true
			}
		}
		return false
	}
	small, big := &host.Reached{}, &host.Reached{}
	want, plainRec := call(plain, `{"a":1,"b":2}`, nil)
	got, smallRec := call(covered, `{"a":1,"b":2}`, small)
	if got != want {
		t.Errorf("covered answer %s, plain %s", got, want)
	}
	call(covered, `{"a":1,"b":2,"when":"2026-08-14","note":"x"}`, big)
	if !named(small, "main.add") || !named(small, "main.searchMembers") || named(small, "time.Parse") {
		t.Errorf("reached %d functions, main.add %v, main.searchMembers %v, time.Parse %v", small.Count(),
			named(small, "main.add"), named(small, "main.searchMembers"), named(small, "time.Parse"))
	}
	if !named(big, "time.Parse") || small.New(big) == 0 {
		t.Errorf("a call with a date reached %d functions (time.Parse %v), %d new", big.Count(), named(big, "time.Parse"), small.New(big))
	}
	t.Logf("reached %d and %d of %d functions; the call took %v of the module's time plain, %v covered",
		small.Count(), big.Count(), parsed.NumFuncs(), plainRec.Elapsed, smallRec.Elapsed)
}
