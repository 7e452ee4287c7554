package subakohttp

import (
	"errors"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/subako-ai/subako-go/subako/jsonwire"
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
	typ  string
	data []byte
	path string
}

var methods = []string{"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"}

// connectionHeaders are dropped from the module's headers: they describe
// one connection, which the host manages, not the request.
var connectionHeaders = []string{
	"host", "content-length", "connection", "transfer-encoding", "upgrade",
	"keep-alive", "te", "trailer", "proxy-connection",
}

// credentialHeaders are refused, because credentials come from the agent's
// grant and are attached by the host, never by the module: a module that
// could set them could send any secret it found to any allowed host. Besides
// these names, any name containing one of credentialWords is refused. The
// list errs on the side of refusing; a header the model needs and this
// refuses is a bug to report, a secret it lets through is worse.
var credentialHeaders = []string{
	"authorization", "proxy-authorization", "cookie", "cookie2",
	"x-api-key", "api-key", "apikey", "x-apikey", "x-auth-token", "x-access-token",
	"x-amz-security-token", "x-goog-api-key", "private-token", "x-functions-key",
	"ocp-apim-subscription-key",
}

var credentialWords = []string{"api-key", "api_key", "apikey", "auth", "token", "secret", "password", "credential"}

func isCredentialHeader(name string) bool {
	if slices.Contains(credentialHeaders, name) {
		return true
	}
	for _, w := range credentialWords {
		if strings.Contains(name, w) {
			return true
		}
	}
	return false
}

func invalid(msg string) error { return fail(kindInvalidRequest, msg) }

// parseRequest reads the request JSON of ABI 1 strictly: no fields but the
// seven the ABI names, each at most once and of its type, so that a module
// learns of a mistake (a misspelt "header", a "timeout" in seconds) instead
// of having a field silently ignored. Null is not taken for absent. It then
// checks every value, without sending anything.
func parseRequest(raw []byte) (*request, error) {
	if len(raw) > MaxRequestBytes {
		return nil, invalid("the request is " + strconv.Itoa(len(raw)) + " bytes, over the limit of " +
			strconv.Itoa(MaxRequestBytes) + ": send a large body from a file")
	}
	req := &request{method: "GET", follow: true}
	var rawURL *string
	var outType, outPath *string
	s := jsonwire.NewScanner(raw)
	s.RequireValidText() // as a strict host would: a module sends what it means
	// Checks that are not about the JSON's shape return a *failure with
	// their own kind and message, which ends the reading.
	err := members(s, "", func(key string) (err error) {
		switch key {
		case "method":
			var m string
			if m, err = str(s); err == nil && !slices.Contains(methods, m) {
				err = invalid("method " + quote(m) + " is not one of GET, HEAD, POST, PUT, PATCH, DELETE and OPTIONS")
			}
			req.method = m
		case "url":
			var u string
			u, err = str(s)
			rawURL = &u
		case "headers":
			err = members(s, "headers.", func(name string) error {
				value, err := str(s)
				if err != nil {
					return err
				}
				if err := checkHeader(name, value); err != nil {
					return err
				}
				if !slices.Contains(connectionHeaders, name) {
					req.headers = append(req.headers, [2]string{name, value})
					req.hasCType = req.hasCType || name == "content-type"
				}
				return nil
			})
		case "body":
			req.body, err = parseBody(s)
		case "output":
			err = members(s, "output.", func(key string) (err error) {
				var v string
				switch key {
				case "type":
					v, err = str(s)
					outType = &v
				case "path":
					v, err = str(s)
					outPath = &v
				default:
					err = unknownField(s, "output."+key)
				}
				return err
			})
			if err == nil {
				switch {
				case outType != nil && *outType == "inline" && outPath == nil:
				case outType != nil && *outType == "file" && outPath != nil:
					req.output = *outPath
				default:
					err = &jsonwire.Error{Offset: s.Offset(), Msg: `output must be {"type":"inline"} or {"type":"file","path":...}`}
				}
			}
		case "follow_redirects":
			var k jsonwire.Kind
			if k, err = s.Next(); err == nil && k != jsonwire.True && k != jsonwire.False {
				err = s.Mismatch("true or false", k)
			}
			req.follow = k == jsonwire.True
		case "timeout_ms":
			if err = s.Expect(jsonwire.Number); err != nil {
				break
			}
			var ms int64
			if ms, err = jsonwire.ParseInt(s.Num(), 32); err != nil {
				err = &jsonwire.Error{Offset: s.Offset(), Msg: "timeout_ms: " + err.Error()}
			} else if ms < 0 {
				err = invalid("timeout_ms must not be negative")
			}
			req.timeout = time.Duration(ms) * time.Millisecond
		default:
			err = unknownField(s, key)
		}
		return err
	})
	if err == nil {
		err = s.Expect(jsonwire.End)
	}
	if f := (*failure)(nil); errors.As(err, &f) {
		return nil, f
	} else if err != nil {
		return nil, invalid("the request is not valid: " + err.Error())
	}
	if rawURL == nil || *rawURL == "" {
		return nil, invalid("the request has no URL")
	}
	u, err := parseURL(*rawURL)
	if err != nil {
		return nil, err
	}
	req.url = u
	return req, nil
}

// parseBody reads {"type":"text","text":...}, {"type":"json","json":...} or
// {"type":"file","path":...}, with no other member.
func parseBody(s *jsonwire.Scanner) (*body, error) {
	var typ string
	var text, path *string
	var raw []byte
	err := members(s, "body.", func(key string) (err error) {
		var v string
		switch key {
		case "type":
			typ, err = str(s)
		case "text":
			v, err = str(s)
			text = &v
		case "path":
			v, err = str(s)
			path = &v
		case "json":
			raw, err = s.Skip()
		default:
			err = unknownField(s, "body."+key)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	b := &body{typ: typ}
	switch {
	case typ == "text" && text != nil && raw == nil && path == nil:
		b.data = []byte(*text)
	case typ == "json" && raw != nil && text == nil && path == nil:
		// Sent compact: the module may have indented it, and a server
		// should not see the difference.
		b.data, err = jsonwire.AppendCompact(nil, raw)
		if err != nil {
			return nil, err
		}
	case typ == "file" && path != nil && text == nil && raw == nil:
		b.path = *path
	default:
		return nil, &jsonwire.Error{Offset: s.Offset(), Msg: `body must be {"type":"text","text":...}, {"type":"json","json":...} or {"type":"file","path":...}`}
	}
	return b, nil
}

// checkHeader refuses header names that are not lowercase HTTP tokens,
// values that could split a header, and credential headers.
func checkHeader(name, value string) error {
	if name == "" {
		return invalid("a header has no name")
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case 'A' <= c && c <= 'Z':
			return invalid("header name " + quote(name) + " is not lowercase: write " + quote(strings.ToLower(name)))
		case !isTokenChar(c):
			return invalid("header name " + quote(name) + " is not a valid HTTP header name")
		}
	}
	if isCredentialHeader(name) {
		return fail(kindCredentialHeader, "header "+quote(name)+
			" carries a credential: the host attaches the credentials the agent's grant stores, and a module may not send its own")
	}
	for i := 0; i < len(value); i++ {
		if c := value[i]; c == '\r' || c == '\n' || c == 0 || (c < ' ' && c != '\t') || c == 0x7f {
			return invalid("the value of header " + quote(name) + " contains a control character")
		}
	}
	return nil
}

// isTokenChar is RFC 9110's tchar.
func isTokenChar(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	return strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0
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
		return nil, fail(kindCredentialHeader, "the URL "+quote(u.Redacted())+
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

// members calls fn for each member of an object, refusing a key given twice:
// two values for one field would leave which one counts to chance.
func members(s *jsonwire.Scanner, prefix string, fn func(key string) error) error {
	seen := map[string]bool{}
	return s.Members(func(key string) error {
		if seen[key] {
			return &jsonwire.Error{Offset: s.Offset(), Msg: quote(prefix+key) + " is given twice"}
		}
		seen[key] = true
		return fn(key)
	})
}

func str(s *jsonwire.Scanner) (string, error) {
	if err := s.Expect(jsonwire.String); err != nil {
		return "", err
	}
	return s.Text(), nil
}

func unknownField(s *jsonwire.Scanner, name string) error {
	return &jsonwire.Error{Offset: s.Offset(), Msg: "unknown field " + quote(name)}
}

func quote(s string) string { return string(jsonwire.AppendString(nil, s)) }
