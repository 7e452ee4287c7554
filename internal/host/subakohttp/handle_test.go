package subakohttp

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/abi/httpwire"
)

func TestInlineResponse(t *testing.T) {
	e := newEnv(t)
	r := do(t, e.cfg, get(e.url("api.test", "/text")))
	wantOK(t, r, 200)
	if r.OK.Body.Type != "inline" || r.OK.Body.Text != "hello, wörld" {
		t.Errorf("body %+v", r.OK.Body)
	}
	h := r.OK.Headers
	if h["content-type"] != "text/plain; charset=utf-8" || h["x-multi"] != "a, b" || h["content-length"] != "13" {
		t.Errorf("headers %v", h)
	}
	for name := range h {
		if name != strings.ToLower(name) {
			t.Errorf("header %q is not lowercase", name)
		}
	}
	if _, ok := h["set-cookie"]; ok {
		t.Errorf("set-cookie reached the module: %v", h)
	}
	// Any status is a response.
	r = do(t, e.cfg, get(e.url("api.test", "/status?code=404")))
	wantOK(t, r, 404)
	if r.OK.Body.Text != "status 404" {
		t.Errorf("404 body %q", r.OK.Body.Text)
	}
}

// The answers have exactly the shapes of the ABI page.
func TestAnswerShapes(t *testing.T) {
	for _, tc := range []struct {
		a    answer
		want string
	}{
		{
			answer{status: 200, headers: http.Header{"Content-Type": {"application/json"}, "Set-Cookie": {"a=b"}}, text: `{"status":"shipped"}`},
			`{"ok":{"status":200,"headers":{"content-type":"application/json"},"body":{"type":"inline","text":"{\"status\":\"shipped\"}"}}}`,
		},
		{
			answer{status: 200, headers: http.Header{}, path: "/volume/tmp/out.bin", bytes: 48211},
			`{"ok":{"status":200,"headers":{},"body":{"type":"file","path":"/volume/tmp/out.bin","bytes":48211}}}`,
		},
		{
			// Two spellings of one name (HTTP/2 sends lowercase) are one
			// header, in a fixed order.
			answer{status: 204, headers: http.Header{"X-A": {"1", "2"}, "x-a": {"3"}, "B": {""}}},
			`{"ok":{"status":204,"headers":{"b":"","x-a":"1, 2, 3"},"body":{"type":"inline","text":""}}}`,
		},
	} {
		if got := string(tc.a.encode()); got != tc.want {
			t.Errorf("got  %s\nwant %s", got, tc.want)
		}
	}
	got := string((&Config{}).Handle(context.Background(), []byte(`{"method":"POST","url":"https://api.example.com/orders","headers":{"accept":"application/json"},"body":{"type":"json","json":{"order":1042}},"output":{"type":"inline"},"follow_redirects":true,"timeout_ms":5000}`)))
	if want := `{"error":{"kind":"host_not_allowed","message":"api.example.com is not in this function's network allowlist"}}`; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	// A nil Config allows nothing either.
	var nilConfig *Config
	if got := string(nilConfig.Handle(context.Background(), []byte(`{"url":"https://api.example.com/"}`))); !strings.Contains(got, "host_not_allowed") {
		t.Errorf("nil config: %s", got)
	}
}

// echo sends request to /echo and returns what the server saw.
func echo(t *testing.T, e *env, fields map[string]any) (method string, headers map[string]string, body string) {
	t.Helper()
	fields["url"] = e.url("api.test", "/echo")
	r := do(t, e.cfg, req(fields))
	wantOK(t, r, 200)
	var seen struct {
		Method  string            `json:"method"`
		Headers map[string]string `json:"headers"`
		Body    string            `json:"body"`
	}
	if err := json.Unmarshal([]byte(r.OK.Body.Text), &seen); err != nil {
		t.Fatalf("%s: %v", r.OK.Body.Text, err)
	}
	return seen.Method, seen.Headers, seen.Body
}

func TestRequestBodiesAndHeaders(t *testing.T) {
	e := newEnv(t)
	// JSON is sent compact, as application/json.
	m, h, b := echo(t, e, map[string]any{"method": "POST", "body": map[string]any{"type": "json", "json": json.RawMessage("{ \"order\": 1042,\n \"items\": [ 1, 2 ] }")}})
	if m != "POST" || b != `{"order":1042,"items":[1,2]}` || h["content-type"] != "application/json" || h["content-length"] != "28" {
		t.Errorf("json: %s %v %q", m, h, b)
	}
	// The module's content-type wins.
	_, h, _ = echo(t, e, map[string]any{"method": "PUT", "headers": map[string]string{"content-type": "application/merge-patch+json"}, "body": map[string]any{"type": "json", "json": []int{1}}})
	if h["content-type"] != "application/merge-patch+json" {
		t.Errorf("given content-type: %v", h)
	}
	// Text is text/plain.
	m, h, b = echo(t, e, map[string]any{"method": "PATCH", "body": map[string]any{"type": "text", "text": "line\n\"é\""}})
	if m != "PATCH" || b != "line\n\"é\"" || h["content-type"] != "text/plain; charset=utf-8" {
		t.Errorf("text: %s %v %q", m, h, b)
	}
	// Connection headers are dropped; others go through.
	_, h, _ = echo(t, e, map[string]any{"headers": map[string]string{
		"x-trace": "t1", "accept": "application/json", "user-agent": "mine/1",
		"host": "elsewhere.test", "connection": "upgrade", "upgrade": "websocket", "keep-alive": "timeout=5",
		"te": "trailers", "trailer": "x", "proxy-connection": "keep-alive", "transfer-encoding": "chunked", "content-length": "99",
	}})
	if h["x-trace"] != "t1" || h["accept"] != "application/json" || h["user-agent"] != "mine/1" {
		t.Errorf("headers lost: %v", h)
	}
	for _, name := range []string{"upgrade", "keep-alive", "te", "trailer", "proxy-connection", "transfer-encoding", "content-length"} {
		if v, ok := h[name]; ok {
			t.Errorf("connection header %s reached the server: %q", name, v)
		}
	}
	if h["connection"] == "upgrade" {
		t.Errorf("connection header reached the server")
	}
	// Every method.
	for _, method := range httpwire.Methods() {
		r := do(t, e.cfg, req(map[string]any{"method": method, "url": e.url("api.test", "/echo")}))
		wantOK(t, r, 200)
		if method != "HEAD" && !strings.Contains(r.OK.Body.Text, `"method":"`+method+`"`) {
			t.Errorf("%s: %s", method, r.OK.Body.Text)
		}
		if method == "HEAD" && r.OK.Body.Text != "" {
			t.Errorf("HEAD has a body %q", r.OK.Body.Text)
		}
	}
}

func TestInvalidRequests(t *testing.T) {
	e := newEnv(t)
	u := e.url("api.test", "/echo")
	for _, tc := range []struct{ request, want string }{
		{``, "the request is not valid: offset 0: unexpected end of input, expected a value"},
		{`[]`, "the request is not valid: offset 0: expected object, found array"},
		{`{"url":"` + u + `"} x`, "expected the end of input after the value"},
		{`{"url":"` + u + `","cookies":{}}`, `unknown field "cookies"`},
		{`{"URL":"` + u + `"}`, `unknown field "URL"`},
		{`{"url":"` + u + `","url":"` + u + `"}`, `"url" is given twice`},
		{`{"url":"` + u + `","method":null}`, "expected string, found null"},
		{`{"url":7}`, "expected string, found number"},
		{`{}`, "the request has no URL"},
		{`{"url":""}`, "the request has no URL"},
		{`{"url":"` + u + `","method":"TRACE"}`, `method "TRACE" is not one of GET, HEAD, POST, PUT, PATCH, DELETE and OPTIONS`},
		{`{"url":"` + u + `","method":"get"}`, `method "get" is not one of`},
		{`{"url":"http://api.test/"}`, `the URL "http://api.test/" is not https: a function may send only https requests`},
		{`{"url":"ftp://api.test/"}`, "is not https"},
		{`{"url":"/relative"}`, "is not absolute"},
		{`{"url":"https:///nohost"}`, "has no host"},
		{`{"url":"https://api.test:99999/"}`, "port"},
		{`{"url":"https://bücher.test/"}`, "is not ASCII: write it in its xn-- form"},
		{`{"url":"https://api.test/%zz"}`, "is not valid"},
		{`{"url":"` + u + `","headers":{"Accept":"x"}}`, `header name "Accept" is not lowercase: write "accept"`},
		{`{"url":"` + u + `","headers":{"":"x"}}`, "a header has no name"},
		{`{"url":"` + u + `","headers":{"a b":"x"}}`, `header name "a b" is not a valid HTTP header name`},
		{`{"url":"` + u + `","headers":{"x-a":"1\r\nx-b: 2"}}`, `the value of header "x-a" contains a control character`},
		{`{"url":"` + u + `","headers":{"x-a":"1","x-a":"2"}}`, `"headers.x-a" is given twice`},
		{`{"url":"` + u + `","headers":{"x-a":1}}`, "expected string, found number"},
		{`{"url":"` + u + `","body":{"type":"text"}}`, `body must be {"type":"text","text":...}`},
		{`{"url":"` + u + `","body":{"type":"json"}}`, `body must be`},
		{`{"url":"` + u + `","body":{"type":"file"}}`, `body must be`},
		{`{"url":"` + u + `","body":{"type":"text","text":"a","path":"/volume/tmp/x"}}`, `body must be`},
		{`{"url":"` + u + `","body":{"type":"xml","text":"a"}}`, `body must be`},
		{`{"url":"` + u + `","body":{"type":"text","text":"a","charset":"x"}}`, `unknown field "body.charset"`},
		{`{"url":"` + u + `","body":{"type":"json","json":{"a":}}}`, "the request is not valid"},
		{`{"url":"` + u + `","output":{"type":"inline","path":"/volume/x"}}`, `output must be {"type":"inline"} or {"type":"file","path":...}`},
		{`{"url":"` + u + `","output":{"type":"file"}}`, `output must be`},
		{`{"url":"` + u + `","output":{"mode":"x"}}`, `unknown field "output.mode"`},
		{`{"url":"` + u + `","follow_redirects":"no"}`, "expected true or false, found string"},
		{`{"url":"` + u + `","timeout_ms":1.5}`, "timeout_ms: "},
		{`{"url":"` + u + `","timeout_ms":-1}`, "timeout_ms must not be negative"},
		{`{"url":"` + u + `","timeout_ms":99999999999}`, "timeout_ms: "},
		{"{\"url\":\"" + u + "\",\"headers\":{\"x\":\"\xff\"}}", "the request is not valid"},
	} {
		wantError(t, do(t, e.cfg, tc.request), abi.HTTPInvalidRequest, tc.want)
	}
	if n := e.hits.Load(); n != 0 {
		t.Errorf("the server got %d requests", n)
	}
}

// The request JSON may be 8 MiB, no more; over it is invalid_request, the
// kind the guest runtime gives the same mistake before sending.
func TestRequestSizeLimit(t *testing.T) {
	e := newEnv(t)
	prefix := `{"method":"POST","url":"` + e.url("api.test", "/sink") + `","body":{"type":"text","text":"`
	suffix := `"}}`
	exact := prefix + strings.Repeat("a", abi.HTTPRequestMaxBytes-len(prefix)-len(suffix)) + suffix
	wantOK(t, do(t, e.cfg, exact), 200)
	over := prefix + strings.Repeat("a", abi.HTTPRequestMaxBytes-len(prefix)-len(suffix)+1) + suffix
	wantError(t, do(t, e.cfg, over), abi.HTTPInvalidRequest, "the request is 8388609 bytes, over the limit of 8388608: send a large body from a file")
}

func TestCredentialsRefused(t *testing.T) {
	e := newEnv(t)
	for _, name := range []string{
		"authorization", "proxy-authorization", "cookie", "x-api-key", "api-key", "x-auth-token",
		"x-access-token", "x-amz-security-token", "x-goog-api-key", "private-token", "ocp-apim-subscription-key",
		"x-my-secret", "x-client-password", "x-github-token", "x-service-credential",
		"dpop", "x-amz-date", "x-amz-content-sha256", "x-hub-signature-256", "x-session-id", "x-bearer", "x-jwt-assertion",
	} {
		r := do(t, e.cfg, req(map[string]any{"url": e.url("api.test", "/echo"), "headers": map[string]string{"accept": "a", name: "v"}}))
		wantError(t, r, abi.HTTPCredentialHeader, `header "`+name+`" carries a credential`, "grant")
	}
	// Credentials in the URL are refused the same way, without echoing the
	// password.
	r := do(t, e.cfg, get("https://ada:hunter2@api.test:"+e.port+"/echo"))
	wantError(t, r, abi.HTTPCredentialHeader, "user name or password")
	if strings.Contains(r.Error.Message, "hunter2") {
		t.Errorf("the message repeats the password: %s", r.Error.Message)
	}
	if n := e.hits.Load(); n != 0 {
		t.Errorf("the server got %d requests", n)
	}
	// Ordinary headers that look a little like them pass.
	_, h, _ := echo(t, e, map[string]any{"headers": map[string]string{"accept": "x", "x-request-id": "1", "if-none-match": `"e"`}})
	if h["x-request-id"] != "1" || h["if-none-match"] != `"e"` {
		t.Errorf("headers %v", h)
	}
}

func TestAllowlist(t *testing.T) {
	e := newEnv(t)
	var lookups atomic.Int64
	e.cfg.Resolver = func(ctx context.Context, host string) ([]net.IP, error) {
		lookups.Add(1)
		return fakeResolver(ctx, host)
	}
	wantError(t, do(t, e.cfg, get(e.url("other.test", "/text"))), abi.HTTPHostNotAllowed, "other.test is not in this function's network allowlist")
	// The apex of a wildcard is not under it.
	wantError(t, do(t, e.cfg, get(e.url("wild.test", "/text"))), abi.HTTPHostNotAllowed, "wild.test is not in")
	// An IP literal that is not listed.
	wantError(t, do(t, e.cfg, get("https://127.0.0.1:"+e.port+"/text")), abi.HTTPHostNotAllowed, "127.0.0.1 is not in")
	if n := lookups.Load(); n != 0 {
		t.Errorf("%d lookups of names that are not allowed", n)
	}
	// Case and a trailing dot do not matter; a wildcard covers a subdomain.
	for _, host := range []string{"api.test", "API.Test", "api.test.", "a.wild.test"} {
		wantOK(t, do(t, e.cfg, get(e.url(host, "/text"))), 200)
	}
	// One lookup per request, whose answer is what is dialed: the system
	// resolver does not know api.test, so a transport that dialed the name
	// would fail here.
	if n := lookups.Load(); n != 4 {
		t.Errorf("%d lookups for 4 requests", n)
	}
	// A listed IP literal goes through (loopback, with AllowPrivateForTests).
	e.cfg.AllowHosts = append(e.cfg.AllowHosts, "127.0.0.1")
	wantOK(t, do(t, e.cfg, get("https://127.0.0.1:"+e.port+"/text")), 200)
	// An empty allowlist allows nothing.
	e.cfg.AllowHosts = nil
	wantError(t, do(t, e.cfg, get(e.url("api.test", "/text"))), abi.HTTPHostNotAllowed, "api.test is not in")

	c := &Config{AllowHosts: []string{"Example.COM.", "*.api.example.com", "*", "*.", "2001:db8::1"}}
	for host, want := range map[string]bool{
		"example.com": true, "EXAMPLE.com.": true, "www.example.com": false,
		"a.api.example.com": true, "a.b.api.example.com": true, "api.example.com": false, "xapi.example.com": false,
		"anything": false, "": false, "2001:db8::1": true,
	} {
		if got := c.allowed(host); got != want {
			t.Errorf("allowed(%q) = %v", host, got)
		}
	}
}

func TestForbiddenDestinations(t *testing.T) {
	e := newEnv(t)
	for host, what := range map[string]string{
		"evil.test":   "resolves to 10.0.0.1, a private address",
		"meta.test":   "resolves to 169.254.169.254, a link-local address",
		"mapped.test": "resolves to 10.0.0.1, a private address",
		"cgnat.test":  "resolves to 100.64.0.1, a shared (carrier-grade NAT) address",
		"ula.test":    "resolves to fd00::1, a unique local (private) address",
		"mixed.test":  "resolves to 10.0.0.1, a private address",
	} {
		wantError(t, do(t, e.cfg, get(e.url(host, "/text"))), abi.HTTPForbiddenDestination, host+" "+what, "public internet addresses")
	}
	// IP literals are refused before the allowlist is consulted.
	for lit, what := range map[string]string{
		"10.0.0.1": "a private address", "[::ffff:192.168.1.1]": "a private address", "169.254.169.254": "a link-local address",
		"[fe80::1%25eth0]": "a link-local address", "0.0.0.0": "an unspecified address", "255.255.255.255": "the broadcast address",
		"224.0.0.1": "a multicast address", "[fd12::1]": "a unique local (private) address", "192.0.2.1": "a documentation address",
	} {
		wantError(t, do(t, e.cfg, get("https://"+lit+"/")), abi.HTTPForbiddenDestination, "is "+what)
	}
	if n := e.hits.Load(); n != 0 {
		t.Errorf("the server got %d requests", n)
	}

	// Without AllowPrivateForTests, loopback is forbidden like the rest,
	// allowlisted or not.
	e.cfg.AllowPrivateForTests = false
	e.cfg.AllowHosts = append(e.cfg.AllowHosts, "127.0.0.1", "::1")
	wantError(t, do(t, e.cfg, get(e.url("api.test", "/text"))), abi.HTTPForbiddenDestination, "api.test resolves to 127.0.0.1, a loopback address")
	wantError(t, do(t, e.cfg, get(e.url("six.test", "/text"))), abi.HTTPForbiddenDestination, "six.test resolves to ::1, a loopback address")
	wantError(t, do(t, e.cfg, get("https://127.0.0.1:"+e.port+"/text")), abi.HTTPForbiddenDestination, "127.0.0.1 is a loopback address")
	wantError(t, do(t, e.cfg, get("https://[::1]:"+e.port+"/text")), abi.HTTPForbiddenDestination, "::1 is a loopback address")
	wantError(t, do(t, e.cfg, get("https://[::ffff:127.0.0.1]:"+e.port+"/text")), abi.HTTPForbiddenDestination, "a loopback address")
	wantError(t, do(t, e.cfg, get(e.url("evil.test", "/text"))), abi.HTTPForbiddenDestination, "a private address")
	if n := e.hits.Load(); n != 0 {
		t.Errorf("the server got %d requests", n)
	}
}

func TestAddrKind(t *testing.T) {
	for addr, want := range map[string]string{
		// Public.
		"1.1.1.1": "", "8.8.8.8": "", "93.184.215.14": "", "100.63.255.255": "", "100.128.0.0": "", "172.15.255.255": "",
		"172.32.0.0": "", "192.169.0.1": "", "198.17.255.255": "", "198.20.0.0": "", "223.255.255.255": "",
		"2606:4700::1111": "", "2a00:1450::1": "", "::ffff:8.8.8.8": "", "64:ff9b::808:808": "", "2002:808:808::1": "",
		// Not public.
		"0.0.0.0": whatUnspecified, "0.1.2.3": whatUnspecified, "10.255.255.255": whatPrivate, "100.64.0.0": "a shared (carrier-grade NAT) address",
		"100.127.255.255": "a shared (carrier-grade NAT) address", "127.0.0.1": whatLoopback, "127.255.255.254": whatLoopback,
		"169.254.169.254": whatLinkLocal, "172.16.0.1": whatPrivate, "172.31.255.255": whatPrivate, "192.168.0.1": whatPrivate,
		"192.0.0.8": "an IETF protocol assignment", "192.0.2.1": whatDocs, "198.51.100.7": whatDocs, "203.0.113.9": whatDocs,
		"198.18.0.1": whatBenchmark, "198.19.255.255": whatBenchmark, "192.88.99.1": "a 6to4 relay anycast address",
		"224.0.0.251": whatMulticast, "239.255.255.250": whatMulticast, "240.0.0.1": whatReserved, "255.255.255.255": "the broadcast address",
		"::": whatUnspecified, "::1": whatLoopback, "::ffff:127.0.0.1": whatLoopback, "::ffff:10.1.2.3": whatPrivate,
		"::ffff:169.254.169.254": whatLinkLocal, "::10.0.0.1": "an IPv4-compatible address", "fe80::1": whatLinkLocal,
		"fe80::1%eth0": whatLinkLocal, "fc00::1": "a unique local (private) address", "fd00:ec2::254": "a unique local (private) address",
		"fec0::1": "a site-local address", "ff02::1": whatMulticast, "2001:db8::1": whatDocs, "3fff::1": whatDocs,
		"2001:2::1": whatBenchmark, "2001::1": "an IETF protocol assignment", "100::1": "a discard-only address",
		"64:ff9b::a00:1": whatPrivate, "64:ff9b::7f00:1": whatLoopback, "64:ff9b:1::1": "a local-use NAT64 address",
		"2002:a00:1::1": whatPrivate, "2002:a9fe:a9fe::": whatLinkLocal, "4000::1": whatReserved, "5f00::1": "a segment routing address",
	} {
		if got := addrKind(netip.MustParseAddr(addr)); got != want {
			t.Errorf("%s: %q, want %q", addr, got, want)
		}
	}
}

func TestRedirects(t *testing.T) {
	e := newEnv(t)
	redirect := func(to string, code int) string {
		return e.url("api.test", "/redirect?code="+strconv.Itoa(code)+"&to="+url.QueryEscape(to))
	}
	// Followed, within and across allowed hosts.
	r := do(t, e.cfg, get(redirect(e.url("hop.test", "/text"), 302)))
	wantOK(t, r, 200)
	if r.OK.Body.Text != "hello, wörld" {
		t.Errorf("body %q", r.OK.Body.Text)
	}
	// A redirect carrying a user name and password is refused before it is
	// followed: Go's client would send them as Authorization.
	hits := e.hits.Load()
	withUser := "https://ada:hunter2@hop.test:" + e.port + "/echo"
	r = do(t, e.cfg, get(redirect(withUser, 302)))
	wantError(t, r, abi.HTTPCredentialHeader, "a redirect from api.test led to", "carries a user name or password")
	if strings.Contains(r.Error.Message, "hunter2") || e.hits.Load() != hits+1 {
		t.Errorf("message %q; %d requests, want only the first", r.Error.Message, e.hits.Load()-hits)
	}
	// Every hop is checked as the first request is.
	wantError(t, do(t, e.cfg, get(redirect(e.url("other.test", "/text"), 302))), abi.HTTPHostNotAllowed,
		"other.test is not in this function's network allowlist", "a redirect from api.test")
	wantError(t, do(t, e.cfg, get(redirect(e.url("evil.test", "/text"), 302))), abi.HTTPForbiddenDestination, "evil.test resolves to 10.0.0.1, a private address")
	wantError(t, do(t, e.cfg, get(redirect(e.url("meta.test", "/text"), 301))), abi.HTTPForbiddenDestination, "169.254.169.254")
	wantError(t, do(t, e.cfg, get(redirect("https://10.0.0.1/x", 307))), abi.HTTPForbiddenDestination, "10.0.0.1 is a private address")
	wantError(t, do(t, e.cfg, get(redirect("http://api.test:"+e.port+"/text", 302))), abi.HTTPForbiddenDestination,
		"a redirect from api.test led to", "which is not https")
	e.cfg.AllowPrivateForTests = false
	e.cfg.AllowHosts = append(e.cfg.AllowHosts, "127.0.0.1")
	// (The first hop would be refused too now; this only shows the literal
	// check runs on hops, through checkRedirect directly.)
	if err := e.cfg.checkRedirect(true)(&http.Request{URL: mustURL("https://127.0.0.1/")}, []*http.Request{{URL: mustURL("https://api.test/")}}); err == nil ||
		!strings.Contains(err.Error(), "127.0.0.1 is a loopback address") {
		t.Errorf("redirect to a loopback literal: %v", err)
	}
	e.cfg.AllowPrivateForTests = true

	// Not followed: the redirect is the answer.
	r = do(t, e.cfg, req(map[string]any{"url": redirect(e.url("other.test", "/text"), 302), "follow_redirects": false}))
	wantOK(t, r, 302)
	if r.OK.Headers["location"] != e.url("other.test", "/text") {
		t.Errorf("location %q", r.OK.Headers["location"])
	}
	// Ten hops are followed; the eleventh is refused.
	r = do(t, e.cfg, get(e.url("api.test", "/chain?n=10")))
	wantOK(t, r, 200)
	if r.OK.Body.Text != "done" {
		t.Errorf("after 10 hops: %q", r.OK.Body.Text)
	}
	before := e.hits.Load()
	wantError(t, do(t, e.cfg, get(e.url("api.test", "/chain?n=11"))), abi.HTTPTooManyRedirects, "more than 10 times", "/chain?n=0")
	if n := e.hits.Load() - before; n != 11 {
		t.Errorf("%d requests for 11 redirects; want the first and 10 hops", n)
	}
	// 307 sends the body again, from a file too; 303 turns it into a GET.
	if err := os.WriteFile(filepath.Join(e.vol, "tmp", "in.txt"), []byte("from a file"), 0o644); err != nil {
		t.Fatal(err)
	}
	r = do(t, e.cfg, req(map[string]any{"method": "POST", "url": redirect(e.url("hop.test", "/echo"), 307), "body": map[string]any{"type": "file", "path": "/volume/tmp/in.txt"}}))
	wantOK(t, r, 200)
	if !strings.Contains(r.OK.Body.Text, `"body":"from a file"`) || !strings.Contains(r.OK.Body.Text, `"method":"POST"`) {
		t.Errorf("307 with a file body: %s", r.OK.Body.Text)
	}
	r = do(t, e.cfg, req(map[string]any{"method": "POST", "url": redirect(e.url("hop.test", "/echo"), 303), "body": map[string]any{"type": "text", "text": "x"}}))
	wantOK(t, r, 200)
	if !strings.Contains(r.OK.Body.Text, `"method":"GET"`) || !strings.Contains(r.OK.Body.Text, `"body":""`) {
		t.Errorf("303: %s", r.OK.Body.Text)
	}
}

func TestTimeouts(t *testing.T) {
	e := newEnv(t)
	wantError(t, do(t, e.cfg, req(map[string]any{"url": e.url("api.test", "/slow"), "timeout_ms": 100})), abi.HTTPTimeout,
		"the request took longer than its timeout_ms of 100")
	// The call's timeout applies either way (TestCallClock); so does the
	// context's deadline; a cancelled call is not a timeout.
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	wantError(t, doCtx(t, ctx, e.cfg, get(e.url("api.test", "/slow"))), abi.HTTPTimeout, "the call's time ran out")
	ctx, cancel = context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	wantError(t, doCtx(t, ctx, e.cfg, get(e.url("api.test", "/slow"))), abi.HTTPConnection, "cancelled")
	// A body that stops coming times out too, and leaves no partial file.
	wantError(t, do(t, e.cfg, req(map[string]any{"url": e.url("api.test", "/stall"), "timeout_ms": 200})), abi.HTTPTimeout, "timeout_ms of 200")
	wantError(t, do(t, e.cfg, req(map[string]any{"url": e.url("api.test", "/stall"), "timeout_ms": 200, "output": map[string]any{"type": "file", "path": "/volume/tmp/stall.bin"}})),
		abi.HTTPTimeout, "timeout_ms of 200")
	if _, err := os.Stat(filepath.Join(e.vol, "tmp", "stall.bin")); !os.IsNotExist(err) {
		t.Errorf("partial file left: %v", err)
	}
	// A timeout long enough is no trouble.
	wantOK(t, do(t, e.cfg, req(map[string]any{"url": e.url("api.test", "/text"), "timeout_ms": 10000})), 200)
}

func TestInlineLimits(t *testing.T) {
	e := newEnv(t)
	r := do(t, e.cfg, get(e.url("api.test", "/bytes?n="+strconv.Itoa(abi.HTTPInlineMaxBytes))))
	wantOK(t, r, 200)
	if len(r.OK.Body.Text) != abi.HTTPInlineMaxBytes {
		t.Errorf("body of the limit: %d bytes", len(r.OK.Body.Text))
	}
	wantError(t, do(t, e.cfg, get(e.url("api.test", "/bytes?n="+strconv.Itoa(abi.HTTPInlineMaxBytes+1)))), abi.HTTPTooLarge,
		"the body is 262145 bytes, over the inline limit of 262144 bytes: save it to a file instead")
	wantError(t, do(t, e.cfg, get(e.url("api.test", "/bytes?chunked=1&n="+strconv.Itoa(abi.HTTPInlineMaxBytes+1)))), abi.HTTPTooLarge,
		"over the inline limit of 262144 bytes: save it to a file instead")
	wantError(t, do(t, e.cfg, get(e.url("api.test", "/bytes?n=3&b=ff"))), abi.HTTPNotText, "not UTF-8 text: save it to a file instead")
	// A HEAD of a large body is fine: there is no body.
	r = do(t, e.cfg, req(map[string]any{"method": "HEAD", "url": e.url("api.test", "/bytes?n="+strconv.Itoa(abi.HTTPInlineMaxBytes+1))}))
	wantOK(t, r, 200)
	if r.OK.Headers["content-length"] != "262145" || r.OK.Body.Text != "" {
		t.Errorf("HEAD: %v %q", r.OK.Headers, r.OK.Body.Text)
	}
	// NUL and other controls are UTF-8 text, escaped in the answer.
	r = do(t, e.cfg, get(e.url("api.test", "/bytes?n=2&b=00")))
	wantOK(t, r, 200)
	if r.OK.Body.Text != "\x00\x00" {
		t.Errorf("NUL body %q", r.OK.Body.Text)
	}
}

// callClock is a call's clock (CallClock) with remaining left of its limit
// as each request starts; it counts the requests begun and ended.
type callClock struct {
	remaining    time.Duration
	begun, ended int
}

func (c *callClock) Begin() (time.Duration, func()) {
	c.begun++
	return c.remaining, func() { c.ended++ }
}

// TestCallClock (attack pass 41f, row 1): a call's timeout spans all of
// its requests. Each request that goes to the network is bounded by what
// remains of the call's limit as it starts (Config.Clock), whatever its
// timeout_ms, and its wait is charged to the call once it is over; a call
// with none left sends nothing. The host once gave every request a fresh
// bound of the call's whole timeout, so a call of N slow requests ran N
// times its limit.
func TestCallClock(t *testing.T) {
	e := newEnv(t)
	clock := &callClock{remaining: 100 * time.Millisecond}
	e.cfg.Clock = clock
	// /slow answers after a minute: a request that ends sooner ended by
	// the deadline the remaining time gave it.
	wantError(t, do(t, e.cfg, get(e.url("api.test", "/slow"))), abi.HTTPTimeout, "the call's time ran out")
	wantError(t, do(t, e.cfg, req(map[string]any{"url": e.url("api.test", "/slow"), "timeout_ms": 60000})), abi.HTTPTimeout, "the call's time ran out")
	if clock.begun != 2 || clock.ended != 2 {
		t.Errorf("two requests: begun %d, ended %d times", clock.begun, clock.ended)
	}
	// timeout_ms shorter than what remains bounds the request.
	clock.remaining = time.Hour
	wantError(t, do(t, e.cfg, req(map[string]any{"url": e.url("api.test", "/slow"), "timeout_ms": 100})), abi.HTTPTimeout, "timeout_ms of 100")
	wantOK(t, do(t, e.cfg, req(map[string]any{"url": e.url("api.test", "/text"), "timeout_ms": 10000})), 200)
	// A call with no time left sends nothing.
	for _, left := range []time.Duration{0, -time.Second} {
		clock.remaining = left
		before := e.hits.Load()
		wantError(t, do(t, e.cfg, get(e.url("api.test", "/text"))), abi.HTTPTimeout, "the call's time ran out")
		if n := e.hits.Load() - before; n != 0 {
			t.Errorf("%d requests sent with %v of the call left", n, left)
		}
	}
	if clock.begun != 6 || clock.ended != 6 {
		t.Errorf("six requests: begun %d, ended %d times", clock.begun, clock.ended)
	}
	// What is refused before the network, or answered by a fixture, waits
	// on nothing and is not charged.
	clock.remaining = time.Hour
	wantError(t, do(t, e.cfg, get(e.url("other.test", "/text"))), abi.HTTPHostNotAllowed, "not in this function's network allowlist")
	fixture := *e.cfg
	fixture.Fixture = EmptyFixture("test")
	_ = do(t, &fixture, get(e.url("api.test", "/text")))
	if clock.begun != 6 {
		t.Errorf("a refused request and a fixture's answer began the clock: %d", clock.begun)
	}
}
