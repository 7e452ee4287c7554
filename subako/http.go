package subako

import (
	"strconv"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/abi/httpwire"
)

// InlineMaxBytes is the largest response body the host returns inline. A
// larger body, or one that is not UTF-8 text, fails with HTTPTooLarge or
// HTTPNotText: set SaveTo to have it saved to a file instead.
const InlineMaxBytes = abi.HTTPInlineMaxBytes

// HTTPRequest is a request for the host to send on the tool's behalf. The
// host sends only https requests, only to hosts the agent's grant allows,
// and attaches the stored credentials the grant names for that origin. Its
// fields are documented at httpwire.Request.
type HTTPRequest = httpwire.Request

// HTTPBody is a request body; see TextBody, JSONBody and FileBody.
type HTTPBody = httpwire.Body

// TextBody is a body of UTF-8 text.
func TextBody(text string) *HTTPBody { return &HTTPBody{Type: httpwire.BodyText, Text: text} }

// JSONBody is a body holding a JSON value, given encoded.
func JSONBody(value []byte) *HTTPBody { return &HTTPBody{Type: httpwire.BodyJSON, JSON: value} }

// FileBody is a body read from a file on the volume, for binary or large
// bodies.
func FileBody(path string) *HTTPBody { return &HTTPBody{Type: httpwire.BodyFile, Path: path} }

// HTTPResponse is the host's answer to a request that got a response, of
// any status: the body inline as Text, or saved at Path (with its size in
// Bytes) when the request set SaveTo.
type HTTPResponse = httpwire.Response

// HTTPErrorKind says why a request got no response.
type HTTPErrorKind = abi.HTTPErrorKind

// The kinds of HTTPError the host answers, and HTTPABI for a misuse of the
// ABI or an answer that could not be read.
const (
	HTTPInvalidRequest        = abi.HTTPInvalidRequest
	HTTPHostNotAllowed        = abi.HTTPHostNotAllowed
	HTTPForbiddenDestination  = abi.HTTPForbiddenDestination
	HTTPCredentialHeader      = abi.HTTPCredentialHeader
	HTTPCredentialUnavailable = abi.HTTPCredentialUnavailable
	HTTPTooManyRedirects      = abi.HTTPTooManyRedirects
	HTTPTimeout               = abi.HTTPTimeout
	HTTPTooLarge              = abi.HTTPTooLarge
	HTTPNotText               = abi.HTTPNotText
	HTTPWriteBudget           = abi.HTTPWriteBudget
	HTTPBadPath               = abi.HTTPBadPath
	HTTPConnection            = abi.HTTPConnection
	HTTPABI                   = abi.HTTPABI
)

// HTTPError is a request that got no response. Returned from a handler, it
// becomes an error result, so the model reads why.
type HTTPError = httpwire.Error

// Fetch sends req through the host's subako_http import and waits for the
// answer. The error is an *HTTPError. Built for the machine rather than
// wasip1, Fetch goes to the fake a test installs with package subakotest.
func Fetch(req *HTTPRequest) (*HTTPResponse, error) {
	raw, err := httpwire.EncodeRequest(req)
	if err != nil {
		return nil, err
	}
	unlock := lockHost()
	answer, err := exchange(raw, hostRequest, hostReadResponse)
	unlock()
	if err != nil {
		return nil, err
	}
	return httpwire.DecodeAnswer(answer)
}

// exchange runs ABI 1's two steps: request sends and returns the answer's
// length, read_response copies the held answer. They are parameters so that
// the handling of the negative returns can be tested in any build.
func exchange(req []byte, request, readResponse func([]byte) int32) ([]byte, error) {
	n := request(req)
	if n < 0 {
		return nil, abiError(abi.HTTPRequestFunc, n)
	}
	answer := make([]byte, n, n+1) // never a nil pointer, even when empty
	if r := readResponse(answer); r != 0 {
		return nil, abiError(abi.HTTPReadResponseFunc, r)
	}
	return answer, nil
}

// abiError names a negative return of a subako_http import.
func abiError(fn string, code int32) *HTTPError {
	msg := abi.HTTPModule + "." + fn + " returned " + strconv.Itoa(int(code))
	if meaning := abi.HTTPMisuse(code); meaning != "" {
		msg += ": " + meaning
	}
	return &HTTPError{Kind: HTTPABI, Message: msg}
}
