//go:build !wasip1

package subako

import "github.com/subako-ai/subako-go/abi/httpwire"

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
		return httpwire.EncodeAnswer(serveFake(handle, request))
	})
}

// serveFake is what HandleHTTP's host does with one request.
func serveFake(handle func(*HTTPRequest) (*HTTPResponse, error), request []byte) (*HTTPResponse, error) {
	req, err := httpwire.DecodeRequest(request)
	if err != nil {
		return nil, err
	}
	resp, err := handle(req)
	switch {
	case err != nil:
		return nil, err
	case resp == nil:
		return nil, &HTTPError{Kind: HTTPConnection, Message: "the HandleHTTP handler returned no response"}
	case resp.Path == "":
		if err := httpwire.CheckInline([]byte(resp.Text)); err != nil {
			return nil, err
		}
	}
	return resp, nil
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
