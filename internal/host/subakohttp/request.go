package subakohttp

import (
	"errors"
	"net/url"
	"slices"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/abi/httpwire"
	"github.com/subako-ai/subako-go/abi/jsonwire"
	"github.com/subako-ai/subako-go/internal/credheader"
)

// request is a parsed and checked request JSON.
type request struct {
	method   string
	url      *url.URL
	headers  [][2]string // lowercase names, connection headers dropped
	body     *body       // nil for none
	output   string      // the /volume path to save to; "" for inline
	follow   bool
	timeout  time.Duration // 0 for none of its own
	hasCType bool          // the module gave a content-type
}

// body is a request body: data for text and json, path for file.
type body struct {
	typ  httpwire.BodyType
	data []byte
	path string
}

// connectionHeaders are dropped from the module's headers: they describe
// one connection, which the host manages, not the request.
var connectionHeaders = []string{
	"host", "content-length", "connection", "transfer-encoding", "upgrade",
	"keep-alive", "te", "trailer", "proxy-connection",
}

func invalid(msg string) error { return fail(abi.HTTPInvalidRequest, msg) }

// parseRequest reads the request JSON with httpwire.DecodeRequest, which
// refuses what the ABI does not allow, then applies this host's rules for
// what is left: no credential headers, connection headers dropped, and a
// URL this host can send to. It sends nothing.
func parseRequest(raw []byte) (*request, error) {
	wire, err := httpwire.DecodeRequest(raw)
	if e := (*httpwire.Error)(nil); errors.As(err, &e) {
		return nil, fail(e.Kind, e.Message)
	} else if err != nil {
		return nil, err
	}
	req := &request{method: wire.Method, output: wire.SaveTo, follow: !wire.NoRedirects, timeout: wire.Timeout}
	names := make([]string, 0, len(wire.Headers))
	for name := range wire.Headers {
		names = append(names, name)
	}
	slices.Sort(names) // so that the first credential header named is always the same
	for _, name := range names {
		if credheader.Is(name) {
			return nil, fail(abi.HTTPCredentialHeader, "header "+quote(name)+
				" carries a credential: the host attaches the credentials the agent's grant stores, and a module may not send its own")
		}
		if !slices.Contains(connectionHeaders, name) {
			req.headers = append(req.headers, [2]string{name, wire.Headers[name]})
			req.hasCType = req.hasCType || name == "content-type"
		}
	}
	if b := wire.Body; b != nil {
		req.body = &body{typ: b.Type, path: b.Path}
		switch b.Type {
		case httpwire.BodyText:
			req.body.data = []byte(b.Text)
		case httpwire.BodyJSON:
			req.body.data = b.JSON // compact
		}
	}
	if req.url, err = parseURL(wire.URL); err != nil {
		return nil, err
	}
	return req, nil
}

// parseURL checks the request's URL: absolute, https, with a host name in
// ASCII (the xn-- form for internationalized names, which is what the
// allowlist holds), and without user information, which would be a
// credential sent by the module. The fragment is dropped, as a browser
// would: it is never sent.
func parseURL(raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	if err != nil {
		if uerr := (*url.Error)(nil); errors.As(err, &uerr) {
			err = uerr.Err
		}
		return nil, invalid("the URL " + quote(raw) + " is not valid: " + err.Error())
	}
	switch {
	case u.Scheme == "":
		return nil, invalid("the URL " + quote(raw) + " is not absolute: give a full https:// URL")
	case u.Scheme != "https":
		return nil, invalid("the URL " + quote(raw) + " is not https: a function may send only https requests")
	case u.Opaque != "" || u.Hostname() == "":
		return nil, invalid("the URL " + quote(raw) + " has no host")
	case u.User != nil:
		return nil, fail(abi.HTTPCredentialHeader, "the URL "+quote(u.Redacted())+
			" carries a user name or password: the host attaches the credentials the agent's grant stores, and a module may not send its own")
	}
	for i := 0; i < len(u.Host); i++ {
		if u.Host[i] >= utf8.RuneSelf {
			return nil, invalid("the URL's host " + quote(u.Hostname()) + " is not ASCII: write it in its xn-- form")
		}
	}
	if port := u.Port(); port != "" {
		if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
			return nil, invalid("the URL's port " + quote(port) + " is not valid")
		}
	}
	u.Fragment, u.RawFragment = "", ""
	return u, nil
}

func quote(s string) string { return string(jsonwire.AppendString(nil, s)) }
