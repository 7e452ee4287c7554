// Package httpwire is the JSON of subako_http, ABI 1's host module for HTTP:
// the request a module hands to subako_http.request and the answer it reads
// back with read_response. It has one encoder and one decoder of each, used
// by the runtime's Fetch (encode a request, decode an answer), by the fake
// host of package subakotest and by the local host (decode a request,
// encode an answer), so that the three agree on every byte. It checks what the ABI says of the JSON;
// the host applies its own policy on top (allowlist, destinations,
// credentials, files).
//
// Like package abi, it uses the standard library and the runtime's JSON
// scanner only, so that it runs inside a module.
package httpwire

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/abi/jsonwire"
)

// Methods are the methods a request may use; GET is the default.
func Methods() []string { return []string{"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"} }

// BodyType is what a request body holds: the "type" member of its JSON.
type BodyType string

// Body types.
const (
	BodyText BodyType = "text" // Text, UTF-8
	BodyJSON BodyType = "json" // JSON, one JSON value
	BodyFile BodyType = "file" // Path, a file on the volume
)

// Request is a request for the host to send on the tool's behalf. The host
// sends only https requests, only to hosts the agent's grant allows, and
// attaches the stored credentials the grant names for that origin.
type Request struct {
	// Method is GET (when empty), HEAD, POST, PUT, PATCH, DELETE or OPTIONS.
	Method string
	// URL is required, and https.
	URL string
	// Headers are sent with lowercase names. The host drops connection
	// headers such as host and content-length, and refuses credential
	// headers: credentials come from the grant.
	Headers map[string]string
	// Body is nil for no body.
	Body *Body
	// SaveTo, when set, is the path under /volume where the host saves the
	// response body, for bodies too large or not text enough to return
	// inline. The response then has Path and Bytes instead of Text.
	SaveTo string
	// NoRedirects stops the host following redirects, which it otherwise
	// does up to 10 hops.
	NoRedirects bool
	// Timeout bounds the whole request; 0 leaves only the call's own
	// timeout. It travels as whole milliseconds, rounded up.
	Timeout time.Duration
}

// Body is a request body: Type BodyText sends Text, BodyJSON sends the JSON
// value in JSON, BodyFile sends the file at Path on the volume.
type Body struct {
	Type BodyType
	Text string
	JSON []byte
	Path string
}

func invalid(msg string) *Error { return &Error{Kind: abi.HTTPInvalidRequest, Message: msg} }

// HeaderListMaxBytes bounds a request's headers, each counted as HTTP/2
// counts a header list (RFC 9113, SETTINGS_MAX_HEADER_LIST_SIZE): its
// name's and value's bytes and 32 more. 64 KiB is more than real servers
// take (8 to 32 KiB), and it bounds what a decoder builds from one
// request: 838,856 empty four-byte headers in 8 MiB cost the host 294 MiB
// before its allowlist refused the request (attack pass 42f, row 1).
const HeaderListMaxBytes = 64 << 10

// headerListBytes is what one header counts toward HeaderListMaxBytes.
func headerListBytes(name, value string) int { return len(name) + len(value) + 32 }

// headersTooLarge is the error of a header list past HeaderListMaxBytes.
func headersTooLarge() *Error {
	return invalid("the headers are over " + strconv.Itoa(HeaderListMaxBytes) +
		" bytes (each header's name and value, and 32 bytes more): send large data in the body")
}

// maxTimeout is the largest timeout timeout_ms holds, an int32 of
// milliseconds.
const maxTimeout = (1<<31 - 1) * time.Millisecond

// EncodeRequest writes the request JSON of ABI 1, leaving out fields that
// have their default value, with header names lowercased and sorted, so that
// the same request always makes the same bytes. Mistakes the host would
// refuse as invalid_request are an *Error of that kind, found before
// anything is sent.
func EncodeRequest(req *Request) ([]byte, error) {
	if req == nil {
		return nil, invalid("the request is nil")
	}
	method := "GET"
	if req.Method != "" {
		method = strings.ToUpper(req.Method)
	}
	if err := checkMethod(method, req.Method); err != nil {
		return nil, err
	}
	if req.URL == "" {
		return nil, invalid("the request has no URL")
	}
	switch {
	case req.Timeout < 0:
		return nil, invalid("the timeout must not be negative")
	case req.Timeout > maxTimeout:
		return nil, invalid("the timeout " + req.Timeout.String() + " is longer than timeout_ms can hold (" +
			maxTimeout.String() + ")")
	}
	var w jsonwire.Writer
	w.BeginObject()
	w.Key("method")
	w.String(method)
	w.Key("url")
	w.String(req.URL)
	if len(req.Headers) > 0 {
		lower := make(map[string]string, len(req.Headers))
		names := make([]string, 0, len(req.Headers))
		size := 0
		for name, value := range req.Headers {
			if size += headerListBytes(name, value); size > HeaderListMaxBytes {
				return nil, headersTooLarge()
			}
			l := strings.ToLower(name)
			if _, dup := lower[l]; dup {
				return nil, invalid("header " + quote(l) + " is given twice, in different case")
			}
			if err := checkHeader(l, value); err != nil {
				return nil, err
			}
			lower[l] = value
			names = append(names, l)
		}
		slices.Sort(names)
		w.Key("headers")
		w.BeginObject()
		for _, name := range names {
			w.Key(name)
			w.String(lower[name])
		}
		w.EndObject()
	}
	if b := req.Body; b != nil {
		w.Key("body")
		w.BeginObject()
		w.Key("type")
		w.String(string(b.Type))
		switch b.Type {
		case BodyText:
			if !utf8.ValidString(b.Text) {
				return nil, invalid("the text body is not valid UTF-8: send bytes from a file")
			}
			w.Key("text")
			w.String(b.Text)
		case BodyJSON:
			w.Key("json")
			w.Raw(b.JSON)
			if err := w.Err(); err != nil {
				return nil, invalid("the JSON body is not valid JSON: " + err.Error())
			}
		case BodyFile:
			w.Key("path")
			w.String(b.Path)
		default:
			return nil, invalid("body type " + quote(string(b.Type)) + ` is not "text", "json" or "file"`)
		}
		w.EndObject()
	}
	if req.SaveTo != "" {
		w.Key("output")
		w.BeginObject()
		w.Key("type")
		w.String("file")
		w.Key("path")
		w.String(req.SaveTo)
		w.EndObject()
	}
	if req.NoRedirects {
		w.Key("follow_redirects")
		w.Bool(false)
	}
	if req.Timeout > 0 {
		w.Key("timeout_ms")
		w.Int(int64((req.Timeout + time.Millisecond - 1) / time.Millisecond))
	}
	w.EndObject()
	if n := len(w.Bytes()); n > abi.HTTPRequestMaxBytes {
		return nil, tooLarge(n)
	}
	return w.Bytes(), nil
}

func tooLarge(n int) *Error {
	return invalid("the request is " + strconv.Itoa(n) + " bytes, over the limit of " +
		strconv.Itoa(abi.HTTPRequestMaxBytes) + ": send a large body from a file")
}

// checkMethod refuses a method the ABI does not list; given is the method
// as the caller wrote it, for the message.
func checkMethod(method, given string) *Error {
	if !slices.Contains(Methods(), method) {
		return invalid("method " + quote(given) + " is not one of GET, HEAD, POST, PUT, PATCH, DELETE and OPTIONS")
	}
	return nil
}

// checkHeader refuses a header name that is not a lowercase HTTP token and
// a value that could split a header.
func checkHeader(name, value string) *Error {
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

// DecodeRequest reads request JSON strictly: no fields but the seven the
// ABI names, each at most once and of its type, so that a module learns of
// a mistake (a misspelt "header", a "timeout" in seconds) instead of having
// a field silently ignored. Null is not taken for absent. It checks the
// method, the headers' names and values, the body's shape and the size,
// and fills in the defaults (Method GET); a JSON body comes back compact.
// Every failure is an *Error of kind invalid_request.
func DecodeRequest(raw []byte) (*Request, error) {
	if len(raw) > abi.HTTPRequestMaxBytes {
		return nil, tooLarge(len(raw))
	}
	req := &Request{Method: "GET"}
	hasURL := false
	s := jsonwire.NewScanner(raw)
	s.RequireValidText() // as a strict host would: a module sends what it means
	// Checks that are not about the JSON's shape return an *Error with
	// their own message, which ends the reading.
	err := members(s, "", func(key string) (err error) {
		switch key {
		case "method":
			if req.Method, err = str(s); err == nil {
				if e := checkMethod(req.Method, req.Method); e != nil {
					err = e
				}
			}
		case "url":
			req.URL, err = str(s)
			hasURL = true
		case "headers":
			req.Headers = map[string]string{}
			size := 0
			err = members(s, "headers.", func(name string) error {
				value, err := str(s)
				if err != nil {
					return err
				}
				if size += headerListBytes(name, value); size > HeaderListMaxBytes {
					return headersTooLarge()
				}
				if e := checkHeader(name, value); e != nil {
					return e
				}
				req.Headers[name] = value
				return nil
			})
		case "body":
			req.Body, err = decodeBody(s)
		case "output":
			req.SaveTo, err = decodeOutput(s)
		case "follow_redirects":
			var k jsonwire.Kind
			if k, err = s.Next(); err == nil && k != jsonwire.True && k != jsonwire.False {
				err = s.Mismatch("true or false", k)
			}
			req.NoRedirects = k == jsonwire.False
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
			req.Timeout = time.Duration(ms) * time.Millisecond
		default:
			err = unknownField(s, key)
		}
		return err
	})
	if err == nil {
		err = s.Expect(jsonwire.End)
	}
	if e := (*Error)(nil); errors.As(err, &e) {
		return nil, e
	} else if err != nil {
		return nil, invalid("the request is not valid: " + err.Error())
	}
	if !hasURL || req.URL == "" {
		return nil, invalid("the request has no URL")
	}
	return req, nil
}

// decodeBody reads {"type":"text","text":...}, {"type":"json","json":...}
// or {"type":"file","path":...}, with no other member.
func decodeBody(s *jsonwire.Scanner) (*Body, error) {
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
	b := &Body{Type: BodyType(typ)}
	switch {
	case b.Type == BodyText && text != nil && raw == nil && path == nil:
		b.Text = *text
	case b.Type == BodyJSON && raw != nil && text == nil && path == nil:
		// Compact: the module may have indented it, and a server should
		// not see the difference.
		if b.JSON, err = jsonwire.AppendCompact(nil, raw); err != nil {
			return nil, err
		}
	case b.Type == BodyFile && path != nil && text == nil && raw == nil:
		b.Path = *path
	default:
		return nil, &jsonwire.Error{Offset: s.Offset(), Msg: `body must be {"type":"text","text":...}, {"type":"json","json":...} or {"type":"file","path":...}`}
	}
	return b, nil
}

// decodeOutput reads {"type":"inline"} (returning "") or
// {"type":"file","path":...} (returning the path).
func decodeOutput(s *jsonwire.Scanner) (string, error) {
	var typ, path *string
	err := members(s, "output.", func(key string) (err error) {
		var v string
		switch key {
		case "type":
			v, err = str(s)
			typ = &v
		case "path":
			v, err = str(s)
			path = &v
		default:
			err = unknownField(s, "output."+key)
		}
		return err
	})
	switch {
	case err != nil:
		return "", err
	case typ != nil && *typ == "inline" && path == nil:
		return "", nil
	case typ != nil && *typ == "file" && path != nil && *path != "":
		return *path, nil
	}
	return "", &jsonwire.Error{Offset: s.Offset(), Msg: `output must be {"type":"inline"} or {"type":"file","path":...}`}
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

// quote writes s as a JSON string for messages. The runtime keeps its own
// helpers: it compiles into every module and imports only the standard
// library and abi/... (host-side code uses internal/textutil).
func quote(s string) string { return string(jsonwire.AppendString(nil, s)) }
