//go:build !wasip1

package subako

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/subako-ai/subako-go/subako/jsonwire"
)

// HTTPTransport stands in for the subako_http host in a native build: it
// gets a request's JSON, exactly as the module would hand it to the host,
// and returns the host's JSON answer, {"ok": ...} or {"error": ...}.
type HTTPTransport func(request []byte) (answer []byte)

// transport is the installed fake; without one, every request fails.
var transport HTTPTransport = noHost

func noHost([]byte) []byte {
	return []byte(`{"error":{"kind":"connection","message":"no subako_http host in a native build: ` +
		`install a fake with subako.SetHTTPTransport or subako.HandleHTTP"}}`)
}

// SetHTTPTransport makes Fetch, in a native build, send its requests to t
// (nil restores the default, which fails every request), and returns a
// function that puts the previous transport back, for t.Cleanup or defer.
// The transport is process-wide: tests that install different ones must not
// run in parallel. It does not exist in a wasip1 build, where the host
// answers, so only tests may call it.
func SetHTTPTransport(t HTTPTransport) (restore func()) {
	old := transport
	if t == nil {
		t = noHost
	}
	transport = t
	return func() { transport = old }
}

// HandleHTTP is SetHTTPTransport for a handler that works with the request
// and response types rather than JSON. The handler returns a response, or
// an *HTTPError to answer with that kind (any other error becomes a
// connection error). Like the host, it answers too_large for an inline body
// over InlineMaxBytes and not_text for one that is not UTF-8, and
// invalid_request for a request the host would refuse.
//
//	defer subako.HandleHTTP(func(r *subako.HTTPRequest) (*subako.HTTPResponse, error) {
//		return &subako.HTTPResponse{Status: 200, Text: `{"status":"shipped"}`}, nil
//	})()
func HandleHTTP(handle func(*HTTPRequest) (*HTTPResponse, error)) (restore func()) {
	return SetHTTPTransport(func(request []byte) []byte {
		req, err := decodeHTTPRequest(request)
		if err != nil {
			return encodeHTTPAnswer(nil, err)
		}
		resp, err := handle(req)
		if err == nil && resp == nil {
			err = &HTTPError{Kind: HTTPConnection, Message: "the HandleHTTP handler returned no response"}
		}
		return encodeHTTPAnswer(resp, err)
	})
}

// The answer the fake host holds between the two steps of exchange.
var (
	held    []byte
	holding bool
)

// hostRequest and hostReadResponse behave as the host's imports do, so that
// Fetch runs the same steps as in the module.
func hostRequest(req []byte) int32 {
	held, holding = transport(req), true
	return int32(len(held))
}

func hostReadResponse(buf []byte) int32 {
	switch {
	case !holding:
		return -2
	case len(buf) != len(held):
		return -3
	}
	copy(buf, held)
	held, holding = nil, false
	return 0
}

// decodeHTTPRequest reads request JSON back into an HTTPRequest, refusing
// what the host refuses as invalid_request: unknown fields, wrong types.
func decodeHTTPRequest(request []byte) (*HTTPRequest, error) {
	req := new(HTTPRequest)
	s := jsonwire.NewScanner(request)
	err := s.Members(func(key string) (err error) {
		switch key {
		case "method":
			req.Method, err = readString(s)
		case "url":
			req.URL, err = readString(s)
		case "headers":
			req.Headers = map[string]string{}
			err = s.Members(func(name string) (err error) {
				req.Headers[name], err = readString(s)
				return err
			})
		case "body":
			req.Body = new(HTTPBody)
			err = s.Members(func(key string) (err error) {
				switch key {
				case "type":
					req.Body.Type, err = readString(s)
				case "text":
					req.Body.Text, err = readString(s)
				case "json":
					req.Body.JSON, err = s.Skip()
				case "path":
					req.Body.Path, err = readString(s)
				default:
					err = unknownField(s, "body."+key)
				}
				return err
			})
		case "output":
			typ := ""
			err = s.Members(func(key string) (err error) {
				switch key {
				case "type":
					typ, err = readString(s)
				case "path":
					req.SaveTo, err = readString(s)
				default:
					err = unknownField(s, "output."+key)
				}
				return err
			})
			if err == nil && (typ == "inline") != (req.SaveTo == "") {
				err = &jsonwire.Error{Offset: s.Offset(), Msg: `output must be {"type":"inline"} or {"type":"file","path":...}`}
			}
		case "follow_redirects":
			var k jsonwire.Kind
			k, err = s.Next()
			if err == nil && k != jsonwire.True && k != jsonwire.False {
				err = s.Mismatch("true or false", k)
			}
			req.NoRedirects = k == jsonwire.False
		case "timeout_ms":
			var n int64
			n, err = readInt(s, 32)
			req.TimeoutMS = int(n)
		default:
			err = unknownField(s, key)
		}
		return err
	})
	if err == nil {
		err = s.Expect(jsonwire.End)
	}
	if err != nil {
		return nil, invalidHTTP("the request is not valid: " + err.Error())
	}
	// Encoding checks the rest: method, URL, body type, JSON.
	if _, err := encodeHTTPRequest(req); err != nil {
		return nil, err
	}
	return req, nil
}

func unknownField(s *jsonwire.Scanner, name string) error {
	return &jsonwire.Error{Offset: s.Offset(), Msg: "unknown field " + quote(name)}
}

// encodeHTTPAnswer writes the host's answer for a response or an error.
func encodeHTTPAnswer(resp *HTTPResponse, err error) []byte {
	if err == nil && resp.Path == "" {
		switch {
		case len(resp.Text) > InlineMaxBytes:
			err = &HTTPError{Kind: HTTPTooLarge, Message: "the body is " + strconv.Itoa(len(resp.Text)) +
				" bytes, over the inline limit of " + strconv.Itoa(InlineMaxBytes) + ": save it to a file"}
		case !utf8.ValidString(resp.Text):
			err = &HTTPError{Kind: HTTPNotText, Message: "the body is not UTF-8 text: save it to a file"}
		}
	}
	var w jsonwire.Writer
	w.BeginObject()
	if err != nil {
		var herr *HTTPError
		if !errors.As(err, &herr) {
			herr = &HTTPError{Kind: HTTPConnection, Message: err.Error()}
		}
		w.Key("error")
		w.BeginObject()
		w.Key("kind")
		w.String(string(herr.Kind))
		w.Key("message")
		w.String(herr.Message)
		w.EndObject()
		w.EndObject()
		return w.Bytes()
	}
	w.Key("ok")
	w.BeginObject()
	w.Key("status")
	w.Int(int64(resp.Status))
	w.Key("headers")
	w.BeginObject()
	// The host lowercases header names; so does the fake.
	headers := make(map[string]string, len(resp.Headers))
	names := make([]string, 0, len(resp.Headers))
	for name, value := range resp.Headers {
		name = strings.ToLower(name)
		headers[name] = value
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		w.Key(name)
		w.String(headers[name])
	}
	w.EndObject()
	w.Key("body")
	w.BeginObject()
	w.Key("type")
	if resp.Path != "" {
		w.String("file")
		w.Key("path")
		w.String(resp.Path)
		w.Key("bytes")
		w.Int(resp.Bytes)
	} else {
		w.String("inline")
		w.Key("text")
		w.String(resp.Text)
	}
	w.EndObject()
	w.EndObject()
	w.EndObject()
	return w.Bytes()
}
