package subako

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/subako/jsonwire"
)

// InlineMaxBytes is the largest response body the host returns inline. A
// larger body, or one that is not UTF-8 text, fails with HTTPTooLarge or
// HTTPNotText: set SaveTo to have it saved to a file instead.
const InlineMaxBytes = abi.HTTPInlineMaxBytes

// HTTPRequest is a request for the host to send on the tool's behalf. The
// host sends only https requests, only to hosts the agent's grant allows,
// and attaches the stored credentials the grant names for that origin.
type HTTPRequest struct {
	// Method is GET (when empty), HEAD, POST, PUT, PATCH, DELETE or OPTIONS.
	Method string
	// URL is required, and https.
	URL string
	// Headers are sent with lowercase names. The host drops connection
	// headers such as host and content-length, and refuses credential
	// headers: credentials come from the grant.
	Headers map[string]string
	// Body is nil for no body; see TextBody, JSONBody and FileBody.
	Body *HTTPBody
	// SaveTo, when set, is the path under /volume where the host saves the
	// response body, for bodies too large or not text enough to return
	// inline. The response then has Path and Bytes instead of Text.
	SaveTo string
	// NoRedirects stops the host following redirects, which it otherwise
	// does up to 10 hops.
	NoRedirects bool
	// TimeoutMS bounds the whole request in milliseconds; 0 leaves only the
	// call's own timeout.
	TimeoutMS int
}

// HTTPBody is a request body: Type "text" sends Text, "json" sends the JSON
// value in JSON, "file" sends the file at Path on the volume.
type HTTPBody struct {
	Type string
	Text string
	JSON []byte
	Path string
}

// TextBody is a body of UTF-8 text.
func TextBody(text string) *HTTPBody { return &HTTPBody{Type: "text", Text: text} }

// JSONBody is a body holding a JSON value, given encoded.
func JSONBody(value []byte) *HTTPBody { return &HTTPBody{Type: "json", JSON: value} }

// FileBody is a body read from a file on the volume, for binary or large
// bodies.
func FileBody(path string) *HTTPBody { return &HTTPBody{Type: "file", Path: path} }

// HTTPResponse is the host's answer to a request that got a response, of
// any status.
type HTTPResponse struct {
	Status  int
	Headers map[string]string // names in lowercase
	// Text is the body, when it came back inline.
	Text string
	// Path and Bytes say where the body was saved and its size, when the
	// request set SaveTo.
	Path  string
	Bytes int64
}

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
type HTTPError struct {
	Kind    HTTPErrorKind
	Message string
}

func (e *HTTPError) Error() string {
	return "HTTP request failed (" + string(e.Kind) + "): " + e.Message
}

// Fetch sends req through the host's subako_http import and waits for the
// answer. The error is an *HTTPError. Built for the machine rather than
// wasip1, Fetch goes to the fake installed with SetHTTPTransport or
// HandleHTTP.
func Fetch(req *HTTPRequest) (*HTTPResponse, error) {
	raw, err := encodeHTTPRequest(req)
	if err != nil {
		return nil, err
	}
	answer, err := exchange(raw, hostRequest, hostReadResponse)
	if err != nil {
		return nil, err
	}
	return parseHTTPAnswer(answer)
}

var httpMethods = []string{"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"}

func invalidHTTP(msg string) *HTTPError { return &HTTPError{Kind: HTTPInvalidRequest, Message: msg} }

// encodeHTTPRequest writes the request JSON of ABI 1, leaving out fields
// that have their default value, with header names sorted so that the same
// request always makes the same bytes. Mistakes the host would refuse as
// invalid_request are caught here, before anything is sent.
func encodeHTTPRequest(req *HTTPRequest) ([]byte, error) {
	if req == nil {
		return nil, invalidHTTP("the request is nil")
	}
	method := "GET"
	if req.Method != "" {
		method = strings.ToUpper(req.Method)
	}
	if !slices.Contains(httpMethods, method) {
		return nil, invalidHTTP("method " + quote(req.Method) + " is not one of GET, HEAD, POST, PUT, PATCH, DELETE and OPTIONS")
	}
	if req.URL == "" {
		return nil, invalidHTTP("the request has no URL")
	}
	if req.TimeoutMS < 0 {
		return nil, invalidHTTP("timeout_ms must not be negative")
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
		for name, value := range req.Headers {
			l := strings.ToLower(name)
			if l == "" {
				return nil, invalidHTTP("a header has no name")
			}
			if _, dup := lower[l]; dup {
				return nil, invalidHTTP("header " + quote(l) + " is given twice, in different case")
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
		w.String(b.Type)
		switch b.Type {
		case "text":
			if !utf8.ValidString(b.Text) {
				return nil, invalidHTTP("the text body is not valid UTF-8: send bytes from a file with FileBody")
			}
			w.Key("text")
			w.String(b.Text)
		case "json":
			w.Key("json")
			w.Raw(b.JSON)
			if err := w.Err(); err != nil {
				return nil, invalidHTTP("the JSON body is not valid JSON: " + err.Error())
			}
		case "file":
			w.Key("path")
			w.String(b.Path)
		default:
			return nil, invalidHTTP("body type " + quote(b.Type) + ` is not "text", "json" or "file"`)
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
	if req.TimeoutMS > 0 {
		w.Key("timeout_ms")
		w.Int(int64(req.TimeoutMS))
	}
	w.EndObject()
	if n := len(w.Bytes()); n > abi.HTTPRequestMaxBytes {
		return nil, invalidHTTP("the request is " + strconv.Itoa(n) + " bytes, over the limit of " +
			strconv.Itoa(abi.HTTPRequestMaxBytes) + ": send a large body from a file with FileBody")
	}
	return w.Bytes(), nil
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

// parseHTTPAnswer reads {"ok": ...} or {"error": ...}. Members it does not
// know are skipped, so that a newer host's additions do no harm.
func parseHTTPAnswer(answer []byte) (*HTTPResponse, error) {
	var resp *HTTPResponse
	var herr *HTTPError
	s := jsonwire.NewScanner(answer)
	err := s.Members(func(key string) (err error) {
		switch key {
		case "ok":
			resp = new(HTTPResponse)
			err = s.Members(func(key string) (err error) {
				switch key {
				case "status":
					var n int64
					n, err = readInt(s, 32)
					resp.Status = int(n)
				case "headers":
					resp.Headers = map[string]string{}
					err = s.Members(func(name string) (err error) {
						resp.Headers[name], err = readString(s)
						return err
					})
				case "body":
					err = parseResponseBody(s, resp)
				default:
					_, err = s.Skip()
				}
				return err
			})
		case "error":
			herr = new(HTTPError)
			err = s.Members(func(key string) (err error) {
				switch key {
				case "kind":
					var kind string
					kind, err = readString(s)
					herr.Kind = HTTPErrorKind(kind)
				case "message":
					herr.Message, err = readString(s)
				default:
					_, err = s.Skip()
				}
				return err
			})
		default:
			_, err = s.Skip()
		}
		return err
	})
	if err == nil {
		err = s.Expect(jsonwire.End)
	}
	switch {
	case err != nil:
		return nil, malformed(err.Error())
	case resp != nil && herr != nil:
		return nil, malformed(`it has both "ok" and "error"`)
	case herr != nil && herr.Kind == "":
		return nil, malformed("the error has no kind")
	case herr != nil:
		return nil, herr
	case resp == nil:
		return nil, malformed(`it has neither "ok" nor "error"`)
	case resp.Status == 0:
		return nil, malformed("the response has no status")
	}
	return resp, nil
}

func parseResponseBody(s *jsonwire.Scanner, resp *HTTPResponse) error {
	typ := ""
	err := s.Members(func(key string) (err error) {
		switch key {
		case "type":
			typ, err = readString(s)
		case "text":
			resp.Text, err = readString(s)
		case "path":
			resp.Path, err = readString(s)
		case "bytes":
			resp.Bytes, err = readInt(s, 64)
		default:
			_, err = s.Skip()
		}
		return err
	})
	switch {
	case err != nil:
		return err
	case typ == "inline" && resp.Path == "":
		return nil
	case typ == "file" && resp.Path != "" && resp.Text == "":
		return nil
	}
	return &jsonwire.Error{Offset: s.Offset(), Msg: "the body is neither inline text nor a file path"}
}

func malformed(why string) *HTTPError {
	return &HTTPError{Kind: HTTPABI, Message: "the subako_http answer is malformed: " + why}
}

func readString(s *jsonwire.Scanner) (string, error) {
	if err := s.Expect(jsonwire.String); err != nil {
		return "", err
	}
	return s.Text(), nil
}

func readInt(s *jsonwire.Scanner, bitSize int) (int64, error) {
	if err := s.Expect(jsonwire.Number); err != nil {
		return 0, err
	}
	n, err := jsonwire.ParseInt(s.Num(), bitSize)
	if err != nil {
		return 0, &jsonwire.Error{Offset: s.Offset(), Msg: err.Error()}
	}
	return n, nil
}
