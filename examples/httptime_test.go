//go:build !wasip1

package examples_test

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/host"
)

// TestCallTimeoutSpansRequests (attack pass 41f, row 1): the ABI says
// "timeout_ms bounds the whole request. The call's own timeout applies
// either way": a call's timeout bounds the call, all of its requests
// together. The host once gave every subako_http request a fresh bound of
// the call's whole timeout, and the time a request waited on the network
// was no one's time, so a call whose requests together took longer than
// its timeout was answered (here in 2.9 s with a 2 s timeout), and N slow
// requests held a serve slot N times the timeout. Now the wait is the
// module's time: weather's two requests, each slowed to 70% of the call's
// timeout by its lookup, run the call out of time at its limit, and the
// verdict says it was waiting on HTTP.
func TestCallTimeoutSpansRequests(t *testing.T) {
	a := startAPI(t)
	const timeout = 2 * time.Second
	cfg := httpConfig(a, geocodingHost, forecastHost)
	resolve := cfg.Resolver
	cfg.Resolver = func(ctx context.Context, name string) ([]net.IP, error) {
		select { // a slow network: the scenario, not synchronisation
		case <-time.After(timeout * 7 / 10):
		case <-ctx.Done():
			return nil, errors.New("cancelled")
		}
		return resolve(ctx, name)
	}
	h, m := module(t, "weather")
	c := h.Call(context.Background(), m, "forecast", json.RawMessage(`{"city":"Berlin"}`), host.CallConfig{Timeout: timeout, HTTP: cfg})
	if c.Err != nil {
		t.Fatal(c.Err)
	}
	r := c.Record
	if !r.TimedOut || r.Limit != timeout || c.Result != nil || r.Unjudged() {
		t.Fatalf("a call with a %v timeout whose two requests each took 70%% of it: timed out %v at %v, unjudged %v, answered %s; want out of time at its timeout",
			timeout, r.TimedOut, r.Limit, r.Unjudged(), c.Result)
	}
	var verdict string
	for _, b := range r.Breaks() {
		if b.Kind == host.BreakTimeout {
			verdict = b.Message
		}
	}
	if want := "ran out of time after " + timeout.String() + " of its own time waiting on HTTP: its subako_http request "; !strings.HasPrefix(verdict, want) {
		t.Errorf("verdict %q; want it to begin %q", verdict, want)
	}
	t.Logf("verdict: %s; wall %v, own time %v", verdict, r.Wall, r.Elapsed)
}
