//go:build !wasip1

package examples_test

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/host"
)

// TestHTTPCallRunsOnce (attack pass 41h, row 1): a call whose time ran out
// waiting on subako_http while the module was still interpreted
// (EngineAuto, a cold cache: every first call of `subakogo call`) was made
// again on the compiled code (host.Call re-runs interpreted runs out of
// time), so every request the module made went out twice (a POST's side
// effects twice) and the call took twice its timeout. A module that
// imports subako_http is now run on compiled code only under EngineAuto:
// its call waits for the compiled code, as discovery does, and is made
// once. Counted at the server: each request exactly once.
func TestHTTPCallRunsOnce(t *testing.T) {
	a := startAPI(t)
	const timeout = time.Second
	var mu sync.Mutex
	lookups := map[string]int{}
	cfg := httpConfig(a, geocodingHost, forecastHost)
	resolve := cfg.Resolver
	cfg.Resolver = func(ctx context.Context, name string) ([]net.IP, error) {
		mu.Lock()
		lookups[name]++
		mu.Unlock()
		if name == forecastHost { // a network that never answers: the scenario
			<-ctx.Done()
			return nil, errors.New("cancelled")
		}
		return resolve(ctx, name)
	}
	wasm, err := os.ReadFile(buildWasm(t, "weather"))
	if err != nil {
		t.Fatal(err)
	}
	h, err := host.New(context.Background(), host.Options{}) // a fresh host: the module's first run is interpreted
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close(context.Background())
	m, err := h.Compile(context.Background(), wasm)
	if err != nil {
		t.Fatal(err)
	}
	if !m.Interpreted() {
		t.Skip("the module was not interpreted first: nothing to wait for")
	}
	before := len(a.seen())
	start := time.Now()
	c := h.Call(context.Background(), m, "forecast", json.RawMessage(`{"city":"Berlin"}`), host.CallConfig{Timeout: timeout, HTTP: cfg})
	took := time.Since(start)
	if c.Err != nil {
		t.Fatal(c.Err)
	}
	if !c.Record.TimedOut {
		t.Fatalf("not out of time: %+v", c.Record)
	}
	mu.Lock()
	defer mu.Unlock()
	sent := a.seen()[before:]
	if lookups[forecastHost] != 1 || len(sent) != 1 {
		t.Errorf("one call of a %v timeout: the module's forecast request was made %d times, %d requests reached the server (%q), the call took %v on the wall clock; want each request once, the call within about its timeout",
			timeout, lookups[forecastHost], len(sent), sent, took.Round(10*time.Millisecond))
	}
}
