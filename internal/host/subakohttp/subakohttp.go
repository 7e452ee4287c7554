package subakohttp

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"io"
	"net"
	"net/http"
	"net/textproto"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/abi/httpwire"
	"github.com/subako-ai/subako-go/internal/host/sandboxfs"
)

// Config is what one call's subako_http may do. Its zero value allows
// nothing: no host is in an empty allowlist, which is Subako's default for a
// function whose grant names none. A Config is read, never changed, by
// Handle, and may serve concurrent requests.
//
// The local host keeps no credentials, so it never attaches any and never
// answers credential_unavailable, the kind Subako uses when a credential the
// grant names cannot be attached.
type Config struct {
	// AllowHosts are the host names requests may go to, lowercase, such as
	// "api.example.com"; "*.example.com" allows every name beneath
	// example.com but not example.com itself. IP literals are written
	// without brackets. The port is not part of the match. A host that is
	// allowed must still resolve to public addresses only.
	AllowHosts []string
	// Volume is the host directory that backs /volume, for file bodies and
	// file outputs, which are confined to the mounts the call has:
	// /volume/tmp, and /volume/data when Data is set (the volume's root is
	// not one). "" means the call has no volume, and every file body or
	// output is bad_path.
	Volume string
	Data   bool
	// Mounts, when set, are the run's own mounts of the volume
	// (/volume/tmp, and /volume/data when Data is set), through which files
	// are opened and saved instead of mounts of Volume of this package's
	// own: in a seeded run a saved file then shows the module's now, as a
	// file it writes itself (sandboxfs.Virtual; attack pass 51c, row 3).
	// They are not closed here.
	Mounts []*sandboxfs.Mount
	// WriteBudget is charged for every byte and file saved, and shared with
	// the filesystem; nil is unlimited.
	WriteBudget *sandboxfs.Budget
	// Client is optional, and only the TLS configuration of its transport
	// (an *http.Transport) is used, so that tests can trust their own
	// server's certificate. Requests always go through the host's own
	// transport, which dials only addresses it has checked and uses no
	// proxy, since a proxy would dial for it unchecked. Its timeout, jar
	// and redirect policy are ignored; a transport of another type makes
	// every request a connection error naming the misconfiguration.
	Client *http.Client
	// Resolver looks host names up; nil uses net.DefaultResolver.LookupIP.
	// The host dials the addresses it returns, after checking them.
	Resolver func(ctx context.Context, host string) ([]net.IP, error)
	// AllowPrivateForTests lets loopback addresses through, so that tests
	// can reach the servers they start. Only tests set it: the CLI never
	// does. Every other forbidden range stays closed.
	AllowPrivateForTests bool
	// Clock, when set, is the call's time, which the requests share: the
	// ABI's "timeout_ms bounds the whole request. The call's own timeout
	// applies either way." Each request that goes to the network is
	// bounded by what remains of the call's limit as it starts, and its
	// wait is charged to the call, so that a call's requests together
	// never outlast its limit (attack pass 41f: each request once had a
	// fresh bound of the call's whole timeout). The context given to
	// Handle bounds every request too.
	Clock CallClock
	// Fixture, when set, answers every request from recorded responses
	// instead of the network, and the allowlist is not consulted.
	Fixture *Fixture
}

// CallClock is the time of the call a Config's requests belong to (the
// host's is the module's own time, docs/time-model.md).
type CallClock interface {
	// Begin is called as a request goes to the network, after every check
	// that needs none. It answers what remains of the call's limit now
	// (the request's deadline is the least of that and its timeout_ms;
	// none left, and the request is answered timeout without being sent),
	// and end, called once the request is over, answer read or saved,
	// which charges its wait to the call.
	Begin() (remaining time.Duration, end func())
}

// failure is an answer {"error":{"kind","message"}}. As an error it travels
// through net/http (from the dialer and the redirect check) and is found
// again with errors.As. This host never answers credential_unavailable (it
// keeps no credentials) or abi (the guest's kind for a misuse of the
// imports, which the imports answer with negative returns instead).
type failure struct {
	kind    abi.HTTPErrorKind
	message string
}

func (f *failure) Error() string { return string(f.kind) + ": " + f.message }

func fail(kind abi.HTTPErrorKind, message string) *failure { return &failure{kind, message} }

// Causes of the request's context ending, to say which timeout it was.
var (
	errRequestTimeout = errors.New("the request's timeout_ms passed")
	errCallTimeout    = errors.New("the call's timeout passed")
)

// Handle runs one request: req is the JSON the module passed to
// subako_http.request, and the result is the answer it reads back,
// {"ok":{"status","headers","body"}} or {"error":{"kind","message"}}. It
// blocks until the answer is in, and never fails otherwise: every problem is
// an answer the module can read. A nil Config allows nothing.
func (c *Config) Handle(ctx context.Context, req []byte) []byte {
	if c == nil {
		c = &Config{}
	}
	a, err := c.handle(ctx, req)
	if err != nil {
		var f *failure
		if !errors.As(err, &f) {
			f = fail(abi.HTTPConnection, err.Error())
		}
		return errorAnswer(f)
	}
	return a.encode()
}

// answer is a response: its body inline as text, or saved at path.
type answer struct {
	status  int
	headers http.Header
	text    string
	path    string // "" when inline
	bytes   int64
}

// handle checks the request, sends it and reads the response. The checks that
// need nothing from the network (the request's shape, the URL, the allowlist,
// the files) are all made before anything is sent.
func (c *Config) handle(ctx context.Context, raw []byte) (*answer, error) {
	req, err := parseRequest(raw)
	if err != nil {
		return nil, err
	}
	if c.Fixture == nil {
		if f := c.checkHost(req.url.Hostname()); f != nil {
			return nil, f
		}
	} else if f := c.checkLiteral(req.url.Hostname()); f != nil {
		return nil, f // a fixture stands in for the network and the allowlist, not for this
	}
	var vol *volume
	if (req.body != nil && req.body.typ == httpwire.BodyFile) || req.output != "" {
		if vol, err = c.openVolume(); err != nil {
			return nil, err
		}
		defer vol.close()
	}
	var out *output
	if req.output != "" {
		if out, err = vol.checkOutput(req.output); err != nil {
			return nil, err
		}
	}
	if c.Fixture != nil {
		// The request is made as for the network (its body file opened),
		// so it fails as the host's would; only then is it answered.
		hreq, err := newRequest(ctx, req, vol)
		if err != nil {
			return nil, err
		}
		if hreq.Body != nil {
			_ = hreq.Body.Close()
		}
		return c.fromFixture(req, out)
	}
	transport, err := c.transport()
	if err != nil {
		return nil, err
	}
	defer transport.CloseIdleConnections()

	var cancel context.CancelFunc
	if c.Clock != nil {
		remaining, end := c.Clock.Begin()
		defer end() // after the body is read or saved, and before the answer is held
		ctx, cancel = context.WithTimeoutCause(ctx, max(remaining, 0), errCallTimeout)
		defer cancel()
	}
	if req.timeout > 0 {
		ctx, cancel = context.WithTimeoutCause(ctx, req.timeout, errRequestTimeout)
		defer cancel()
	}
	hreq, err := newRequest(ctx, req, vol)
	if err != nil {
		return nil, err
	}
	client := &http.Client{Transport: transport, CheckRedirect: c.checkRedirect(req.follow)}
	resp, err := client.Do(hreq)
	if err != nil {
		if resp != nil {
			_ = resp.Body.Close()
		}
		return nil, explain(ctx, req, err)
	}
	defer resp.Body.Close()

	a := &answer{status: resp.StatusCode, headers: resp.Header}
	if req.output != "" {
		a.path = req.output
		a.bytes, err = out.save(resp.Body, c.WriteBudget)
	} else {
		a.text, err = readInline(resp, req.method)
	}
	if err != nil {
		return nil, explain(ctx, req, err)
	}
	return a, nil
}

// checkHost applies the rules for a host that need no lookup, on the first
// request and on every redirect hop: a forbidden IP literal, the allowlist.
// The literal is judged first, so that the module hears that 10.0.0.1 is
// private rather than that it is not allowlisted. A name that is not
// allowlisted is refused before it is resolved, so that a module cannot
// make lookups of names it may not reach.
func (c *Config) checkHost(host string) *failure {
	if f := c.checkLiteral(host); f != nil {
		return f
	}
	if !c.allowed(host) {
		return fail(abi.HTTPHostNotAllowed, normalizeHost(host)+" is not in this function's network allowlist")
	}
	return nil
}

// checkRedirect is the client's CheckRedirect: each hop must meet the same
// rules as the first request (https, a literal, the allowlist; the dialer
// checks the addresses), and there are at most abi.HTTPRedirectsMax of them. Without
// follow, the redirect itself is the answer.
func (c *Config) checkRedirect(follow bool) func(*http.Request, []*http.Request) error {
	return func(next *http.Request, via []*http.Request) error {
		if !follow {
			return http.ErrUseLastResponse
		}
		from := via[len(via)-1].URL.Hostname()
		if len(via) > abi.HTTPRedirectsMax {
			return fail(abi.HTTPTooManyRedirects, "the request was redirected more than "+
				strconv.Itoa(abi.HTTPRedirectsMax)+" times; the last redirect, from "+from+", led to "+quote(next.URL.Redacted()))
		}
		if next.URL.User != nil {
			return fail(abi.HTTPCredentialHeader, "a redirect from "+from+" led to "+quote(next.URL.Redacted())+
				", which carries a user name or password: the host attaches the credentials the agent's grant stores, and a module may not send its own")
		}
		if next.URL.Scheme != "https" {
			return fail(abi.HTTPForbiddenDestination, "a redirect from "+from+" led to "+quote(next.URL.Redacted())+
				", which is not https: a function may send only https requests")
		}
		if f := c.checkHost(next.URL.Hostname()); f != nil {
			f.message += " (a redirect from " + from + " led there)"
			return f
		}
		return nil
	}
}

// transport builds the transport for one request: the checking dialer, no
// proxy, and the TLS configuration of Config.Client's transport, if any. One
// request's hops share it; nothing is kept between requests, so no
// connection outlives the request that opened it.
func (c *Config) transport() (*http.Transport, error) {
	var tlsConfig *tls.Config
	if c.Client != nil && c.Client.Transport != nil {
		t, ok := c.Client.Transport.(*http.Transport)
		if !ok {
			return nil, fail(abi.HTTPConnection, "the host is misconfigured: Config.Client's transport is not an *http.Transport")
		}
		if t.TLSClientConfig != nil {
			tlsConfig = t.TLSClientConfig.Clone()
		}
	}
	return &http.Transport{
		Proxy:                  nil,
		DialContext:            c.dial,
		TLSClientConfig:        tlsConfig,
		ForceAttemptHTTP2:      true,
		TLSHandshakeTimeout:    10 * time.Second,
		MaxResponseHeaderBytes: maxResponseHeaderBytes,
		DisableKeepAlives:      true,
	}, nil
}

// maxResponseHeaderBytes bounds a response's headers as a request's are
// (httpwire.HeaderListMaxBytes); more answers a connection error. The
// host maps and re-encodes every header before the module sees one, at
// ~35 times their size: 1 MiB of short headers cost 35 MiB of the host's
// heap a response, 160 MiB over a request's 10 redirects (attack pass
// 42m, row 3).
const maxResponseHeaderBytes = httpwire.HeaderListMaxBytes

// newRequest builds the first hop. A body that is text or JSON gets a
// content-type unless the module gave one: text/plain; charset=utf-8 for
// text, application/json for JSON, application/octet-stream for a file.
func newRequest(ctx context.Context, req *request, vol *volume) (*http.Request, error) {
	var rd io.Reader
	ctype := ""
	if b := req.body; b != nil {
		switch b.typ {
		case httpwire.BodyText:
			rd, ctype = bytes.NewReader(b.data), "text/plain; charset=utf-8"
		case httpwire.BodyJSON:
			rd, ctype = bytes.NewReader(b.data), "application/json"
		}
	}
	hreq, err := http.NewRequestWithContext(ctx, req.method, req.url.String(), rd)
	if err != nil {
		return nil, invalid("the request could not be made: " + err.Error())
	}
	if b := req.body; b != nil && b.typ == httpwire.BodyFile {
		f, size, err := vol.openBody(b.path)
		if err != nil {
			return nil, err
		}
		// The client closes the body; GetBody reopens the file for a 307 or
		// 308 redirect, which sends the body again.
		hreq.Body, hreq.ContentLength, ctype = f, size, "application/octet-stream"
		hreq.GetBody = func() (io.ReadCloser, error) {
			f, _, err := vol.openBody(b.path)
			return f, err
		}
		if size == 0 {
			hreq.Body, hreq.GetBody = http.NoBody, func() (io.ReadCloser, error) { return http.NoBody, nil }
			_ = f.Close()
		}
	}
	for _, h := range req.headers {
		hreq.Header[textproto.CanonicalMIMEHeaderKey(h[0])] = []string{h[1]}
	}
	if ctype != "" && !req.hasCType {
		hreq.Header.Set("Content-Type", ctype)
	}
	return hreq, nil
}

// readInline reads a body to return inline: at most abi.HTTPInlineMaxBytes, and
// UTF-8, since the answer is JSON text the module reads as a string.
func readInline(resp *http.Response, method string) (string, error) {
	// A HEAD response's Content-Length is that of the body it leaves out.
	if resp.ContentLength > abi.HTTPInlineMaxBytes && method != http.MethodHead {
		return "", fail(abi.HTTPTooLarge, "the body is "+strconv.FormatInt(resp.ContentLength, 10)+
			" bytes, over the inline limit of "+strconv.Itoa(abi.HTTPInlineMaxBytes)+" bytes: save it to a file instead, with output {\"type\":\"file\",\"path\":...}")
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, abi.HTTPInlineMaxBytes+1))
	if err != nil {
		return "", err
	}
	if e := httpwire.CheckInline(data); e != nil {
		return "", fail(e.Kind, e.Message)
	}
	return string(data), nil
}

// explain turns an error from sending or reading into its answer: a
// failure found on the way (from the dialer, the redirect check, the file)
// keeps its kind; an ended context is a timeout (or a cancelled call); the
// rest is a connection error.
func explain(ctx context.Context, req *request, err error) error {
	var f *failure
	if errors.As(err, &f) {
		return f
	}
	if ctx.Err() != nil {
		switch cause := context.Cause(ctx); {
		case errors.Is(cause, errRequestTimeout):
			return fail(abi.HTTPTimeout, "the request took longer than its timeout_ms of "+
				strconv.FormatInt(req.timeout.Milliseconds(), 10))
		case errors.Is(cause, context.Canceled):
			return fail(abi.HTTPConnection, "the request was cancelled: the call is ending")
		default:
			return fail(abi.HTTPTimeout, "the call's time ran out before the request was answered")
		}
	}
	var uerr *url.Error
	if errors.As(err, &uerr) {
		err = uerr.Err
	}
	if errors.Is(err, os.ErrDeadlineExceeded) {
		return fail(abi.HTTPTimeout, "the server did not answer in time: "+err.Error())
	}
	return fail(abi.HTTPConnection, err.Error())
}

// encode writes the answer. A header sent several times is joined with
// ", ", which is how HTTP combines field values. Set-Cookie is left out: a
// cookie is a credential, and the module could not send it back.
func (a *answer) encode() []byte {
	headers := make(map[string]string, len(a.headers))
	for key, values := range a.headers {
		if name := strings.ToLower(key); name != "set-cookie" && name != "set-cookie2" {
			headers[key] = strings.Join(values, ", ")
		}
	}
	return httpwire.EncodeResponse(&httpwire.Response{Status: a.status, Headers: headers, Text: a.text, Path: a.path, Bytes: a.bytes})
}

func errorAnswer(f *failure) []byte {
	return httpwire.EncodeError(&httpwire.Error{Kind: f.kind, Message: f.message})
}
