package subakohttp

import (
	"context"
	"crypto/tls"
	"encoding/json"
	"errors"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/internal/testcert"
)

// Names the fake resolver knows. The server's certificate covers them all,
// so that a request is refused only by the rule under test.
var testNames = map[string][]string{
	"api.test":    {"127.0.0.1"},
	"hop.test":    {"127.0.0.1"},
	"other.test":  {"127.0.0.1"},
	"a.wild.test": {"127.0.0.1"},
	"evil.test":   {"10.0.0.1"},
	"meta.test":   {"169.254.169.254"},
	"six.test":    {"::1"},
	"mapped.test": {"::ffff:10.0.0.1"},
	"cgnat.test":  {"100.64.0.1"},
	"ula.test":    {"fd00::1"},
	"mixed.test":  {"127.0.0.1", "10.0.0.1"},
}

// fakeResolver answers testNames and nothing else: no test ever asks a real
// DNS server.
func fakeResolver(_ context.Context, host string) ([]net.IP, error) {
	addrs, ok := testNames[host]
	if !ok {
		return nil, errors.New("no such host")
	}
	ips := make([]net.IP, len(addrs))
	for i, a := range addrs {
		ips[i] = net.ParseIP(a)
	}
	return ips, nil
}

var (
	certOnce sync.Once
	testCert tls.Certificate
)

// cert is a self-signed certificate for the test names and the loopback
// addresses, made once per run.
func cert(t *testing.T) tls.Certificate {
	certOnce.Do(func() {
		names := []string{"*.wild.test"}
		for name := range testNames {
			names = append(names, name)
		}
		var err error
		testCert, err = testcert.New("subakohttp test", names, []net.IP{net.IPv4(127, 0, 0, 1), net.IPv6loopback})
		if err != nil {
			t.Fatal(err)
		}
	})
	return testCert
}

// env is a TLS server on 127.0.0.1 and a Config that reaches it as api.test.
type env struct {
	srv  *httptest.Server
	port string
	hits atomic.Int64 // requests the server received
	cfg  *Config
	vol  string // the volume's host directory, with tmp/ in it
}

func newEnv(t *testing.T) *env {
	t.Helper()
	e := &env{}
	e.srv = httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		e.hits.Add(1)
		e.serve(w, r)
	}))
	e.srv.TLS = &tls.Config{Certificates: []tls.Certificate{cert(t)}}
	e.srv.Config.ErrorLog = log.New(io.Discard, "", 0) // handshakes the tests make fail on purpose
	e.srv.StartTLS()
	t.Cleanup(e.srv.Close)
	_, e.port, _ = net.SplitHostPort(e.srv.Listener.Addr().String())
	e.vol = t.TempDir()
	if err := os.Mkdir(filepath.Join(e.vol, "tmp"), 0o755); err != nil {
		t.Fatal(err)
	}
	e.cfg = &Config{
		AllowHosts:           []string{"api.test", "hop.test", "evil.test", "meta.test", "six.test", "mapped.test", "cgnat.test", "ula.test", "mixed.test", "*.wild.test"},
		Volume:               e.vol,
		Client:               e.srv.Client(),
		Resolver:             fakeResolver,
		AllowPrivateForTests: true,
	}
	return e
}

// url is an address on the test server through host.
func (e *env) url(host, path string) string { return "https://" + host + ":" + e.port + path }

// serve is the test server's handler.
func (e *env) serve(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	switch r.URL.Path {
	case "/text":
		w.Header().Add("X-Multi", "a")
		w.Header().Add("X-Multi", "b")
		w.Header().Add("Set-Cookie", "session=secret")
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = io.WriteString(w, "hello, wörld")
	case "/echo":
		body, _ := io.ReadAll(r.Body)
		headers := map[string]string{}
		for name, values := range r.Header {
			headers[strings.ToLower(name)] = strings.Join(values, ", ")
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"method": r.Method, "host": r.Host, "headers": headers, "body": string(body)})
	case "/sink":
		n, _ := io.Copy(io.Discard, r.Body)
		_, _ = io.WriteString(w, strconv.FormatInt(n, 10))
	case "/status":
		code, _ := strconv.Atoi(q.Get("code"))
		w.WriteHeader(code)
		_, _ = io.WriteString(w, "status "+q.Get("code"))
	case "/redirect":
		code := http.StatusFound
		if c := q.Get("code"); c != "" {
			code, _ = strconv.Atoi(c)
		}
		http.Redirect(w, r, q.Get("to"), code)
	case "/chain":
		n, _ := strconv.Atoi(q.Get("n"))
		if n == 0 {
			_, _ = io.WriteString(w, "done")
			return
		}
		http.Redirect(w, r, "/chain?n="+strconv.Itoa(n-1), http.StatusFound)
	case "/slow":
		// Answers only after a minute: a request that ends sooner ended
		// by its timeout, however busy the machine.
		select {
		case <-r.Context().Done():
		case <-time.After(time.Minute):
		}
	case "/stall":
		// Part of a body, then nothing.
		w.Header().Set("Content-Length", "1000")
		_, _ = io.WriteString(w, strings.Repeat("x", 100))
		w.(http.Flusher).Flush()
		select {
		case <-r.Context().Done():
		case <-time.After(5 * time.Second):
		}
	case "/bytes":
		n, _ := strconv.Atoi(q.Get("n"))
		b := byte('a')
		if c := q.Get("b"); c != "" {
			v, _ := strconv.ParseUint(c, 16, 8)
			b = byte(v)
		}
		if q.Get("chunked") == "" {
			w.Header().Set("Content-Length", strconv.Itoa(n))
		}
		data := make([]byte, n)
		for i := range data {
			data[i] = b
		}
		_, _ = w.Write(data)
	default:
		http.NotFound(w, r)
	}
}

// reply is an answer, decoded.
type reply struct {
	OK *struct {
		Status  int               `json:"status"`
		Headers map[string]string `json:"headers"`
		Body    struct {
			Type  string `json:"type"`
			Text  string `json:"text"`
			Path  string `json:"path"`
			Bytes int64  `json:"bytes"`
		} `json:"body"`
	} `json:"ok"`
	Error *struct {
		Kind    string `json:"kind"`
		Message string `json:"message"`
	} `json:"error"`
}

// do hands request to Handle and decodes the answer, which must be valid.
func do(t *testing.T, cfg *Config, request string) reply {
	t.Helper()
	return doCtx(t, context.Background(), cfg, request)
}

func doCtx(t *testing.T, ctx context.Context, cfg *Config, request string) reply {
	t.Helper()
	raw := cfg.Handle(ctx, []byte(request))
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	dec.DisallowUnknownFields()
	var r reply
	if err := dec.Decode(&r); err != nil || (r.OK == nil) == (r.Error == nil) {
		t.Fatalf("answer %s: %v", raw, err)
	}
	return r
}

// wantError fails unless r is an error of kind whose message contains
// every one of parts.
func wantError(t *testing.T, r reply, kind abi.HTTPErrorKind, parts ...string) {
	t.Helper()
	if r.Error == nil {
		t.Errorf("got ok %+v, want %s", *r.OK, kind)
		return
	}
	if r.Error.Kind != string(kind) {
		t.Errorf("got %s: %s\nwant %s", r.Error.Kind, r.Error.Message, kind)
		return
	}
	for _, p := range parts {
		if !strings.Contains(r.Error.Message, p) {
			t.Errorf("%s message %q lacks %q", kind, r.Error.Message, p)
		}
	}
}

func wantOK(t *testing.T, r reply, status int) {
	t.Helper()
	if r.Error != nil {
		t.Fatalf("got %s: %s, want status %d", r.Error.Kind, r.Error.Message, status)
	}
	if r.OK.Status != status {
		t.Fatalf("status %d, want %d", r.OK.Status, status)
	}
}

// req writes a request JSON.
func req(fields map[string]any) string {
	b, err := json.Marshal(fields)
	if err != nil {
		panic(err)
	}
	return string(b)
}

func get(u string) string { return req(map[string]any{"url": u}) }

// mustURL parses a URL the test wrote.
func mustURL(s string) *url.URL {
	u, err := url.Parse(s)
	if err != nil {
		panic(err)
	}
	return u
}
