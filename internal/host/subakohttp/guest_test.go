package subakohttp

import (
	"context"
	"errors"
	"github.com/subako-ai/subako-go/internal/host/sandboxfs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/subako"
	"github.com/subako-ai/subako-go/subako/subakotest"
)

// The guest runtime's Fetch, in a native build, hands its request JSON to
// the transport installed with subakotest.SetTransport and parses the answer: with
// Handle as that transport, this is the real encoder and decoder of the
// module talking to this host. (The transport is process-wide, so these
// tests do not run in parallel.)
func TestGuestRoundTrip(t *testing.T) {
	e := newEnv(t)
	subakotest.SetTransport(t, func(req []byte) []byte { return e.cfg.Handle(context.Background(), req) })

	resp, err := subako.Fetch(&subako.HTTPRequest{URL: e.url("api.test", "/text"), Headers: map[string]string{"Accept": "text/plain"}})
	if err != nil {
		t.Fatal(err)
	}
	if resp.Status != 200 || resp.Text != "hello, wörld" || resp.Headers["x-multi"] != "a, b" || resp.Path != "" {
		t.Errorf("inline: %+v", resp)
	}

	// Every field the guest can send is accepted.
	if err := os.WriteFile(filepath.Join(e.vol, "tmp", "in.bin"), []byte("file body"), 0o644); err != nil {
		t.Fatal(err)
	}
	resp, err = subako.Fetch(&subako.HTTPRequest{
		Method:  "post",
		URL:     e.url("api.test", "/echo"),
		Headers: map[string]string{"X-Trace": "1"},
		Body:    subako.FileBody("/volume/tmp/in.bin"),
		SaveTo:  "/volume/tmp/out.json",
		Timeout: 5 * time.Second,
	})
	if err != nil {
		t.Fatal(err)
	}
	saved, _ := os.ReadFile(filepath.Join(e.vol, "tmp", "out.json"))
	if resp.Path != "/volume/tmp/out.json" || resp.Bytes != int64(len(saved)) || !strings.Contains(string(saved), `"body":"file body"`) ||
		!strings.Contains(string(saved), `"x-trace":"1"`) {
		t.Errorf("file: %+v %s", resp, saved)
	}
	resp, err = subako.Fetch(&subako.HTTPRequest{Method: "PUT", URL: e.url("api.test", "/echo"), Body: subako.JSONBody([]byte(`{ "a": [1, 2] }`))})
	if err != nil || !strings.Contains(resp.Text, `"body":"{\"a\":[1,2]}"`) {
		t.Errorf("json: %+v, %v", resp, err)
	}
	resp, err = subako.Fetch(&subako.HTTPRequest{Method: "PATCH", URL: e.url("api.test", "/echo"), Body: subako.TextBody("hi")})
	if err != nil || !strings.Contains(resp.Text, `"body":"hi"`) {
		t.Errorf("text: %+v, %v", resp, err)
	}
	resp, err = subako.Fetch(&subako.HTTPRequest{URL: e.url("api.test", "/redirect?to=/text"), NoRedirects: true})
	if err != nil || resp.Status != 302 || resp.Headers["location"] != "/text" {
		t.Errorf("no redirects: %+v, %v", resp, err)
	}

	// Errors reach the guest as *HTTPError of the host's kind.
	for _, tc := range []struct {
		req  *subako.HTTPRequest
		kind subako.HTTPErrorKind
	}{
		{&subako.HTTPRequest{URL: e.url("other.test", "/")}, subako.HTTPHostNotAllowed},
		{&subako.HTTPRequest{URL: e.url("evil.test", "/")}, subako.HTTPForbiddenDestination},
		{&subako.HTTPRequest{URL: e.url("api.test", "/"), Headers: map[string]string{"Authorization": "Bearer x"}}, subako.HTTPCredentialHeader},
		{&subako.HTTPRequest{URL: e.url("api.test", "/chain?n=11")}, subako.HTTPTooManyRedirects},
		{&subako.HTTPRequest{URL: e.url("api.test", "/slow"), Timeout: 50 * time.Millisecond}, subako.HTTPTimeout},
		{&subako.HTTPRequest{URL: e.url("api.test", "/bytes?n=300000")}, subako.HTTPTooLarge},
		{&subako.HTTPRequest{URL: e.url("api.test", "/bytes?n=1&b=80")}, subako.HTTPNotText},
		{&subako.HTTPRequest{URL: e.url("api.test", "/text"), SaveTo: "/tmp/x"}, subako.HTTPBadPath},
		{&subako.HTTPRequest{URL: "http://api.test/"}, subako.HTTPInvalidRequest},
	} {
		_, err := subako.Fetch(tc.req)
		var herr *subako.HTTPError
		if !errors.As(err, &herr) || herr.Kind != tc.kind || herr.Message == "" {
			t.Errorf("%s: got %v, want %s", tc.req.URL, err, tc.kind)
		}
	}
	e.cfg.WriteBudget = sandboxfs.NewBudget(sandboxfs.Limits{Bytes: 10})
	_, err = subako.Fetch(&subako.HTTPRequest{URL: e.url("api.test", "/bytes?n=11"), SaveTo: "/volume/tmp/x"})
	if herr := (*subako.HTTPError)(nil); !errors.As(err, &herr) || herr.Kind != subako.HTTPWriteBudget {
		t.Errorf("budget: %v", err)
	}
}
