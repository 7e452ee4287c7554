package subakohttp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/abi"
)

func writeFixture(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// A fixture answers recorded requests without the network or the
// allowlist, under the inline limits and into files as the network would,
// and every other request is a connection error naming it and the URL.
func TestFixture(t *testing.T) {
	dir := t.TempDir()
	writeFixture(t, dir, "a.json", `{
		"GET https://api.test/v1?q=1": {"status": 200, "headers": {"Content-Type": "text/plain", "set-cookie": "s=1"}, "body": "hello"},
		"https://any.test/x": {"status": 404, "body": "gone"}}`)
	writeFixture(t, dir, "b.json", `{"POST https://api.test/v1?q=1": {"status": 201, "body": "made"},
		"https://big.test/": {"status": 200, "body": "`+strings.Repeat("x", abi.HTTPInlineMaxBytes+1)+`"}}`)
	fx, err := LoadFixture(dir)
	if err != nil {
		t.Fatal(err)
	}
	vol := t.TempDir()
	if err := os.Mkdir(filepath.Join(vol, "tmp"), 0o755); err != nil {
		t.Fatal(err)
	}
	cfg := &Config{Fixture: fx, Volume: vol}
	r := do(t, cfg, get("https://api.test/v1?q=1"))
	wantOK(t, r, 200)
	if r.OK.Body.Text != "hello" || r.OK.Headers["content-type"] != "text/plain" || r.OK.Headers["set-cookie"] != "" {
		t.Errorf("GET: %+v", *r.OK)
	}
	r = do(t, cfg, req(map[string]any{"method": "POST", "url": "https://api.test/v1?q=1", "body": map[string]any{"type": "text", "text": "x"}}))
	wantOK(t, r, 201)
	r = do(t, cfg, req(map[string]any{"method": "DELETE", "url": "https://any.test/x"}))
	wantOK(t, r, 404)
	r = do(t, cfg, req(map[string]any{"url": "https://any.test/x", "output": map[string]any{"type": "file", "path": "/volume/tmp/x.txt"}}))
	wantOK(t, r, 404)
	if b, err := os.ReadFile(filepath.Join(vol, "tmp", "x.txt")); err != nil || string(b) != "gone" || r.OK.Body.Bytes != 4 {
		t.Errorf("saved %q, %v, %d bytes", b, err, r.OK.Body.Bytes)
	}
	wantError(t, do(t, cfg, get("https://big.test/")), abi.HTTPTooLarge)
	wantError(t, do(t, cfg, get("https://api.test/v1?q=2")), abi.HTTPConnection, "the fixture "+dir, "GET https://api.test/v1?q=2")
	wantError(t, do(t, cfg, get("http://api.test/v1?q=1")), abi.HTTPInvalidRequest) // still checked
}

// A fixture that cannot be read says which file and which entry.
func TestFixtureErrors(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ text, want string }{
		{`[]`, "want a JSON object"},
		{`{"GET https://a.test/": {"status": 200, "bdy": ""}}`, `"GET https://a.test/"`},
		{`{"https://a.test/": {"status": 99}}`, "status 99"},
		{`{"FETCH https://a.test/": {"status": 200}}`, "METHOD URL"},
		{`{"http://a.test/": {"status": 200}}`, "https URL"},
	} {
		p := writeFixture(t, dir, "bad.json", c.text)
		if _, err := LoadFixture(p); err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), p) {
			t.Errorf("%s: %v, want %q", c.text, err, c.want)
		}
	}
	two := t.TempDir()
	writeFixture(t, two, "a.json", `{"https://a.test/": {"status": 200}}`)
	writeFixture(t, two, "b.json", `{"https://a.test/": {"status": 200}}`)
	if _, err := LoadFixture(two); err == nil || !strings.Contains(err.Error(), "recorded in") {
		t.Errorf("a key in two files: %v", err)
	}
	if _, err := LoadFixture(t.TempDir()); err == nil || !strings.Contains(err.Error(), "no *.json") {
		t.Errorf("an empty directory: %v", err)
	}
}

// With a fixture, every request the host refuses before sending anything
// gets the very answer the host gives (a fixture only replaces the
// network): the same kind and the same message, whatever the recording.
func TestFixtureAnswersAsTheHost(t *testing.T) {
	vol := t.TempDir()
	if err := os.Mkdir(filepath.Join(vol, "tmp"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFixture(t, vol, "tmp/body.txt", "a body")
	const u = "https://api.test/x"
	dir := t.TempDir()
	writeFixture(t, dir, "f.json", `{"`+u+`": {"status": 201, "body": "made"}, "https://10.0.0.1/x": {"status": 201, "body": "made"},
		"https://127.0.0.1/x": {"status": 201}, "https://[::1]/x": {"status": 201}, "https://169.254.169.254/x": {"status": 201}}`)
	fx, err := LoadFixture(dir)
	if err != nil {
		t.Fatal(err)
	}
	live := &Config{AllowHosts: []string{"api.test"}, Volume: vol, Resolver: fakeResolver}
	recorded := &Config{Fixture: fx, Volume: vol}
	file := func(p string) map[string]any { return map[string]any{"type": "file", "path": p} }
	for _, c := range []struct {
		name    string
		request string
		kind    abi.HTTPErrorKind
	}{
		{"body file missing", req(map[string]any{"method": "POST", "url": u, "body": file("/volume/tmp/missing.txt")}), abi.HTTPBadPath},
		{"body file outside the volume", req(map[string]any{"method": "POST", "url": u, "body": file("/etc/passwd")}), abi.HTTPBadPath},
		{"body file a directory", req(map[string]any{"method": "POST", "url": u, "body": file("/volume/tmp")}), abi.HTTPBadPath},
		{"body file through ..", req(map[string]any{"method": "POST", "url": u, "body": file("/volume/tmp/../../x")}), abi.HTTPBadPath},
		{"output outside the volume", req(map[string]any{"url": u, "output": file("/package/x")}), abi.HTTPBadPath},
		{"output relative", req(map[string]any{"url": u, "output": file("tmp/x")}), abi.HTTPBadPath},
		{"not https", get("http://api.test/x"), abi.HTTPInvalidRequest},
		{"unknown method", req(map[string]any{"method": "FETCH", "url": u}), abi.HTTPInvalidRequest},
		{"unknown member", req(map[string]any{"url": u, "retries": 2}), abi.HTTPInvalidRequest},
		{"bad timeout", req(map[string]any{"url": u, "timeout_ms": -1}), abi.HTTPInvalidRequest},
		{"credential header", req(map[string]any{"url": u, "headers": map[string]string{"authorization": "Bearer x"}}), abi.HTTPCredentialHeader},
		{"credentials in the URL", get("https://ada:pw@api.test/x"), abi.HTTPCredentialHeader},
		{"private address", get("https://10.0.0.1/x"), abi.HTTPForbiddenDestination},
		{"loopback", get("https://127.0.0.1/x"), abi.HTTPForbiddenDestination},
		{"loopback v6", get("https://[::1]/x"), abi.HTTPForbiddenDestination},
		{"metadata", get("https://169.254.169.254/x"), abi.HTTPForbiddenDestination},
		{"too large", req(map[string]any{"method": "POST", "url": u, "body": map[string]any{"type": "text", "text": strings.Repeat("x", abi.HTTPRequestMaxBytes)}}), abi.HTTPInvalidRequest},
	} {
		t.Run(c.name, func(t *testing.T) {
			want := do(t, live, c.request)
			wantError(t, want, c.kind)
			got := do(t, recorded, c.request)
			if got.Error == nil || *got.Error != *want.Error {
				t.Errorf("with the fixture: %+v %+v\nthe host answers %+v", got.Error, got.OK, *want.Error)
			}
		})
	}
}
