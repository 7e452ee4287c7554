//go:build !wasip1

package subako

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/abi"
)

// capture installs a transport that records each request and answers with
// answer.
func capture(t *testing.T, answer string) *[]string {
	t.Helper()
	var got []string
	t.Cleanup(SetHTTPTransport(func(req []byte) []byte {
		got = append(got, string(req))
		return []byte(answer)
	}))
	return &got
}

const okInline = `{"ok":{"status":200,"headers":{"content-type":"application/json"},"body":{"type":"inline","text":"{\"status\":\"shipped\"}"}}}`

func TestFetchRequestJSON(t *testing.T) {
	for _, tc := range []struct {
		req  *HTTPRequest
		want string
	}{
		{&HTTPRequest{URL: "https://example.com/"}, `{"method":"GET","url":"https://example.com/"}`},
		{
			&HTTPRequest{
				Method:      "post",
				URL:         "https://api.example.com/orders",
				Headers:     map[string]string{"Accept": "application/json", "x-trace": "a\"b", "X-Empty": ""},
				Body:        JSONBody([]byte("{ \"order\": 1042,\n \"items\": [ ] }")),
				SaveTo:      "/volume/tmp/out.bin",
				NoRedirects: true,
				TimeoutMS:   5000,
			},
			`{"method":"POST","url":"https://api.example.com/orders","headers":{"accept":"application/json","x-empty":"","x-trace":"a\"b"},"body":{"type":"json","json":{"order":1042,"items":[]}},"output":{"type":"file","path":"/volume/tmp/out.bin"},"follow_redirects":false,"timeout_ms":5000}`,
		},
		{&HTTPRequest{Method: "PUT", URL: "https://x.test/a?b=c", Body: TextBody("line\n\"q\" é")}, `{"method":"PUT","url":"https://x.test/a?b=c","body":{"type":"text","text":"line\n\"q\" é"}}`},
		{&HTTPRequest{Method: "Patch", URL: "https://x.test/", Body: TextBody("")}, `{"method":"PATCH","url":"https://x.test/","body":{"type":"text","text":""}}`},
		{&HTTPRequest{Method: "DELETE", URL: "https://x.test/", Body: FileBody("/volume/tmp/in.bin")}, `{"method":"DELETE","url":"https://x.test/","body":{"type":"file","path":"/volume/tmp/in.bin"}}`},
		{&HTTPRequest{Method: "HEAD", URL: "https://x.test/", Headers: map[string]string{}}, `{"method":"HEAD","url":"https://x.test/"}`},
		{&HTTPRequest{Method: "OPTIONS", URL: "https://x.test/"}, `{"method":"OPTIONS","url":"https://x.test/"}`},
	} {
		got := capture(t, okInline)
		if _, err := Fetch(tc.req); err != nil {
			t.Fatal(err)
		}
		if len(*got) != 1 || (*got)[0] != tc.want {
			t.Errorf("sent %q\nwant %s", *got, tc.want)
		}
	}
}

func TestFetchRefusesBeforeSending(t *testing.T) {
	for _, tc := range []struct {
		req  *HTTPRequest
		want string
	}{
		{nil, "the request is nil"},
		{&HTTPRequest{Method: "TRACE", URL: "https://x.test/"}, `method "TRACE" is not one of GET, HEAD, POST, PUT, PATCH, DELETE and OPTIONS`},
		{&HTTPRequest{}, "the request has no URL"},
		{&HTTPRequest{URL: "https://x.test/", TimeoutMS: -1}, "timeout_ms must not be negative"},
		{&HTTPRequest{URL: "https://x.test/", Headers: map[string]string{"": "x"}}, "a header has no name"},
		{&HTTPRequest{URL: "https://x.test/", Headers: map[string]string{"Accept": "a", "ACCEPT": "b"}}, `header "accept" is given twice, in different case`},
		{&HTTPRequest{URL: "https://x.test/", Body: JSONBody([]byte(`{"a":}`))}, "the JSON body is not valid JSON: offset 5: unexpected '}', expected a value"},
		{&HTTPRequest{URL: "https://x.test/", Body: JSONBody(nil)}, "the JSON body is not valid JSON: offset 0: unexpected end of input, expected a value"},
		{&HTTPRequest{URL: "https://x.test/", Body: &HTTPBody{Text: "x"}}, `body type "" is not "text", "json" or "file"`},
		{&HTTPRequest{URL: "https://x.test/", Body: TextBody("\xff\xfe")}, "the text body is not valid UTF-8: send bytes from a file with FileBody"},
		{&HTTPRequest{URL: "https://x.test/", Body: TextBody(strings.Repeat("a", abi.HTTPRequestMaxBytes))}, "the request is 8388681 bytes, over the limit of 8388608: send a large body from a file with FileBody"},
	} {
		sent := capture(t, okInline)
		_, err := Fetch(tc.req)
		var herr *HTTPError
		if !errors.As(err, &herr) || herr.Kind != HTTPInvalidRequest || herr.Message != tc.want {
			t.Errorf("got %v, want invalid_request: %s", err, tc.want)
		}
		if len(*sent) != 0 {
			t.Errorf("sent %d requests", len(*sent))
		}
	}
	// Just under the limit is sent.
	body := strings.Repeat("a", abi.HTTPRequestMaxBytes-len(`{"method":"GET","url":"https://x.test/","body":{"type":"text","text":""}}`))
	capture(t, okInline)
	if _, err := Fetch(&HTTPRequest{URL: "https://x.test/", Body: TextBody(body)}); err != nil {
		t.Errorf("a request of exactly the limit: %v", err)
	}
}

func TestFetchAnswers(t *testing.T) {
	for _, tc := range []struct {
		answer string
		want   HTTPResponse
	}{
		{okInline, HTTPResponse{Status: 200, Headers: map[string]string{"content-type": "application/json"}, Text: `{"status":"shipped"}`}},
		{`{"ok":{"status":200,"headers":{},"body":{"type":"file","path":"/volume/tmp/out.bin","bytes":48211}}}`, HTTPResponse{Status: 200, Headers: map[string]string{}, Path: "/volume/tmp/out.bin", Bytes: 48211}},
		{`{"ok":{"status":404,"headers":{"a":"1","b":""},"body":{"type":"inline","text":""}}}`, HTTPResponse{Status: 404, Headers: map[string]string{"a": "1", "b": ""}}},
		// Members a later host might add are skipped.
		{` {"ok":{"status":204,"version":"2","headers":{},"body":{"type":"inline","text":"","encoding":"utf-8"}},"trace":[1]} `, HTTPResponse{Status: 204, Headers: map[string]string{}}},
		{`{"ok":{"status":200,"body":{"type":"file","path":"/volume/tmp/big","bytes":5000000000}}}`, HTTPResponse{Status: 200, Path: "/volume/tmp/big", Bytes: 5000000000}},
	} {
		capture(t, tc.answer)
		resp, err := Fetch(&HTTPRequest{URL: "https://x.test/"})
		if err != nil || !reflect.DeepEqual(*resp, tc.want) {
			t.Errorf("%s:\ngot  %+v, %v\nwant %+v", tc.answer, resp, err, tc.want)
		}
	}
}

func TestFetchErrorKinds(t *testing.T) {
	for _, kind := range []HTTPErrorKind{
		HTTPInvalidRequest, HTTPHostNotAllowed, HTTPForbiddenDestination, HTTPCredentialHeader,
		HTTPCredentialUnavailable, HTTPTooManyRedirects, HTTPTimeout, HTTPTooLarge, HTTPNotText,
		HTTPWriteBudget, HTTPBadPath, HTTPConnection, HTTPABI, "a_future_kind",
	} {
		capture(t, `{"error":{"kind":"`+string(kind)+`","message":"it went wrong","retry":false}}`)
		resp, err := Fetch(&HTTPRequest{URL: "https://x.test/"})
		var herr *HTTPError
		if resp != nil || !errors.As(err, &herr) || *herr != (HTTPError{Kind: kind, Message: "it went wrong"}) {
			t.Errorf("%s: got %+v, %v", kind, resp, err)
			continue
		}
		// Returned from a handler, it is an error result with the message.
		want := `{"resultType":"complete","content":[{"type":"text","text":"HTTP request failed (` + string(kind) + `): it went wrong"}],"isError":true}`
		if got := encoded(ErrorResult(err)); got != want {
			t.Errorf("got  %s\nwant %s", got, want)
		}
	}
}

func TestFetchMalformedAnswers(t *testing.T) {
	for _, tc := range []struct{ answer, want string }{
		{``, "offset 0: unexpected end of input, expected a value"},
		{`not json`, "offset 0: invalid literal, expected null"},
		{`[]`, "offset 0: expected object, found array"},
		{`{}`, `it has neither "ok" nor "error"`},
		{`{"ok":{"status":200},"error":{"kind":"timeout","message":""}}`, `it has both "ok" and "error"`},
		{`{"ok":{"headers":{}}}`, "the response has no status"},
		{`{"ok":{"status":"200"}}`, "offset 16: expected number, found string"},
		{`{"ok":{"status":2.5}}`, "offset 16: 2.5 is not an integer"},
		{`{"ok":{"status":200,"headers":{"a":1}}}`, "offset 35: expected string, found number"},
		{`{"ok":{"status":200,"body":{"type":"inline","path":"/x"}}}`, "offset 55: the body is neither inline text nor a file path"},
		{`{"ok":{"status":200,"body":{"type":"file"}}}`, "offset 41: the body is neither inline text nor a file path"},
		{`{"ok":{"status":200,"body":{"type":"stream"}}}`, "offset 43: the body is neither inline text nor a file path"},
		{`{"ok":{"status":200}} {}`, "offset 22: unexpected '{', expected the end of input after the value"},
		{`{"error":{"message":"x"}}`, "the error has no kind"},
		{`{"error":{"kind":7}}`, "offset 17: expected string, found number"},
		{`{"ok":{"status":200,"body":{"type":1}}}`, "offset 35: expected string, found number"},
	} {
		capture(t, tc.answer)
		_, err := Fetch(&HTTPRequest{URL: "https://x.test/"})
		var herr *HTTPError
		if !errors.As(err, &herr) || herr.Kind != HTTPABI || herr.Message != "the subako_http answer is malformed: "+tc.want {
			t.Errorf("%s: got %v\nwant abi: %s", tc.answer, err, tc.want)
		}
	}
}

// The negative returns of the imports are errors of kind abi.
func TestExchangeABIErrors(t *testing.T) {
	answer := []byte(`{"ok":{"status":200}}`)
	request := func(n int32) func([]byte) int32 { return func([]byte) int32 { return n } }
	read := func(r int32) func([]byte) int32 {
		return func(buf []byte) int32 {
			copy(buf, answer)
			return r
		}
	}
	for _, tc := range []struct {
		request, read func([]byte) int32
		want          string
	}{
		{request(-1), read(0), "subako_http.request returned -1: a range outside the module's memory"},
		{request(-7), read(0), "subako_http.request returned -7"},
		{request(int32(len(answer))), read(-1), "subako_http.read_response returned -1: a range outside the module's memory"},
		{request(int32(len(answer))), read(-2), "subako_http.read_response returned -2: no answer held"},
		{request(int32(len(answer))), read(-3), "subako_http.read_response returned -3: a length that does not match the answer's"},
		{request(int32(len(answer))), read(1), "subako_http.read_response returned 1"},
	} {
		got, err := exchange([]byte("{}"), tc.request, tc.read)
		var herr *HTTPError
		if got != nil || !errors.As(err, &herr) || herr.Kind != HTTPABI || herr.Message != tc.want {
			t.Errorf("got %q, %v; want abi: %s", got, err, tc.want)
		}
	}
	got, err := exchange(nil, request(int32(len(answer))), read(0))
	if err != nil || string(got) != string(answer) {
		t.Errorf("got %q, %v", got, err)
	}
	// An empty answer still hands read_response a real buffer.
	got, err = exchange(nil, request(0), func(buf []byte) int32 {
		if cap(buf) == 0 {
			return -1
		}
		return 0
	})
	if err != nil || len(got) != 0 {
		t.Errorf("empty answer: %q, %v", got, err)
	}
}

// The native stand-ins for the imports keep to the ABI's rules.
func TestNativeHostImports(t *testing.T) {
	capture(t, "12345")
	if n := hostReadResponse(make([]byte, 5)); n != -2 {
		t.Errorf("read before request: %d, want -2", n)
	}
	if n := hostRequest([]byte("{}")); n != 5 {
		t.Fatalf("request: %d, want 5", n)
	}
	if n := hostReadResponse(make([]byte, 4)); n != -3 {
		t.Errorf("read with a wrong length: %d, want -3", n)
	}
	buf := make([]byte, 5)
	if n := hostReadResponse(buf); n != 0 || string(buf) != "12345" {
		t.Errorf("read: %d %q", n, buf)
	}
	if n := hostReadResponse(buf); n != -2 {
		t.Errorf("second read: %d, want -2: the answer is forgotten", n)
	}
}

func TestFetchWithoutTransport(t *testing.T) {
	restore := SetHTTPTransport(nil)
	defer restore()
	_, err := Fetch(&HTTPRequest{URL: "https://x.test/"})
	var herr *HTTPError
	if !errors.As(err, &herr) || herr.Kind != HTTPConnection || !strings.Contains(herr.Message, "SetHTTPTransport") {
		t.Fatalf("got %v", err)
	}
	// restore puts back what was there.
	inner := SetHTTPTransport(func([]byte) []byte { return []byte(okInline) })
	inner()
	if _, err := Fetch(&HTTPRequest{URL: "https://x.test/"}); err == nil {
		t.Fatal("restore did not remove the transport")
	}
}

func TestHandleHTTP(t *testing.T) {
	sent := &HTTPRequest{
		Method:      "post",
		URL:         "https://api.example.com/orders",
		Headers:     map[string]string{"Accept": "application/json"},
		Body:        JSONBody([]byte(`{ "order": 1042 }`)),
		SaveTo:      "/volume/tmp/out.bin",
		NoRedirects: true,
		TimeoutMS:   5000,
	}
	var seen *HTTPRequest
	t.Cleanup(HandleHTTP(func(r *HTTPRequest) (*HTTPResponse, error) {
		seen = r
		return &HTTPResponse{Status: 201, Headers: map[string]string{"Content-Type": "text/plain"}, Path: "/volume/tmp/out.bin", Bytes: 3}, nil
	}))
	resp, err := Fetch(sent)
	if err != nil {
		t.Fatal(err)
	}
	want := &HTTPRequest{
		Method:      "POST",
		URL:         "https://api.example.com/orders",
		Headers:     map[string]string{"accept": "application/json"},
		Body:        &HTTPBody{Type: "json", JSON: []byte(`{"order":1042}`)},
		SaveTo:      "/volume/tmp/out.bin",
		NoRedirects: true,
		TimeoutMS:   5000,
	}
	if !reflect.DeepEqual(seen, want) {
		t.Errorf("handler saw %+v\nwant %+v", seen, want)
	}
	if wantResp := (HTTPResponse{Status: 201, Headers: map[string]string{"content-type": "text/plain"}, Path: "/volume/tmp/out.bin", Bytes: 3}); !reflect.DeepEqual(*resp, wantResp) {
		t.Errorf("response %+v", resp)
	}

	for _, tc := range []struct {
		resp *HTTPResponse
		err  error
		want HTTPError
	}{
		{&HTTPResponse{Status: 200, Text: strings.Repeat("a", InlineMaxBytes+1)}, nil, HTTPError{HTTPTooLarge, "the body is 262145 bytes, over the inline limit of 262144: save it to a file"}},
		{&HTTPResponse{Status: 200, Text: "\xff"}, nil, HTTPError{HTTPNotText, "the body is not UTF-8 text: save it to a file"}},
		{nil, &HTTPError{HTTPHostNotAllowed, "x.test is not allowed"}, HTTPError{HTTPHostNotAllowed, "x.test is not allowed"}},
		{nil, errors.New("dial failed"), HTTPError{HTTPConnection, "dial failed"}},
		{nil, nil, HTTPError{HTTPConnection, "the HandleHTTP handler returned no response"}},
	} {
		t.Cleanup(HandleHTTP(func(*HTTPRequest) (*HTTPResponse, error) { return tc.resp, tc.err }))
		_, err := Fetch(&HTTPRequest{URL: "https://x.test/"})
		var herr *HTTPError
		if !errors.As(err, &herr) || *herr != tc.want {
			t.Errorf("got %v, want %+v", err, tc.want)
		}
	}
	// A file body reaches the handler as a file body.
	t.Cleanup(HandleHTTP(func(r *HTTPRequest) (*HTTPResponse, error) {
		seen = r
		return &HTTPResponse{Status: 204}, nil
	}))
	if _, err := Fetch(&HTTPRequest{Method: "PUT", URL: "https://x.test/", Body: FileBody("/volume/tmp/in.bin")}); err != nil ||
		!reflect.DeepEqual(seen.Body, &HTTPBody{Type: "file", Path: "/volume/tmp/in.bin"}) {
		t.Errorf("file body: %v, %+v", err, seen.Body)
	}
	// An inline body of exactly the limit comes through.
	t.Cleanup(HandleHTTP(func(*HTTPRequest) (*HTTPResponse, error) {
		return &HTTPResponse{Status: 200, Text: strings.Repeat("a", InlineMaxBytes)}, nil
	}))
	if resp, err := Fetch(&HTTPRequest{URL: "https://x.test/"}); err != nil || len(resp.Text) != InlineMaxBytes {
		t.Errorf("inline body at the limit: %v", err)
	}
}

// The fake refuses request JSON the host would refuse, even when it did
// not come from Fetch.
func TestDecodeHTTPRequest(t *testing.T) {
	for _, tc := range []struct{ request, want string }{
		{`{"url":"https://x.test/","cookies":{}}`, `the request is not valid: offset 25: unknown field "cookies"`},
		{`{"url":"https://x.test/","body":{"type":"text","text":"a","charset":"x"}}`, `the request is not valid: offset 58: unknown field "body.charset"`},
		{`{"url":"https://x.test/","output":{"type":"inline","path":"/volume/x"}}`, `the request is not valid: offset 69: output must be {"type":"inline"} or {"type":"file","path":...}`},
		{`{"url":"https://x.test/","output":{"type":"file"}}`, `the request is not valid: offset 48: output must be {"type":"inline"} or {"type":"file","path":...}`},
		{`{"url":"https://x.test/","output":{"mode":"x"}}`, `the request is not valid: offset 35: unknown field "output.mode"`},
		{`{"url":"https://x.test/","follow_redirects":"no"}`, `the request is not valid: offset 44: expected true or false, found string`},
		{`{"url":"https://x.test/","timeout_ms":1.5}`, `the request is not valid: offset 38: 1.5 is not an integer`},
		{`{"url":"https://x.test/"} x`, `the request is not valid: offset 26: unexpected 'x', expected the end of input after the value`},
		{`{"method":"BREW","url":"https://x.test/"}`, `method "BREW" is not one of GET, HEAD, POST, PUT, PATCH, DELETE and OPTIONS`},
	} {
		_, err := decodeHTTPRequest([]byte(tc.request))
		var herr *HTTPError
		if !errors.As(err, &herr) || herr.Kind != HTTPInvalidRequest || herr.Message != tc.want {
			t.Errorf("%s: got %v\nwant %s", tc.request, err, tc.want)
		}
	}
	req, err := decodeHTTPRequest([]byte(`{"url":"https://x.test/","output":{"type":"inline"},"follow_redirects":true,"timeout_ms":0}`))
	if err != nil || !reflect.DeepEqual(req, &HTTPRequest{URL: "https://x.test/"}) {
		t.Errorf("defaults written out: %+v, %v", req, err)
	}
}
