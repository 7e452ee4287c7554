package httpwire_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/abi"
	. "github.com/subako-ai/subako-go/abi/httpwire"
)

func jsonBody(v string) *Body { return &Body{Type: BodyJSON, JSON: []byte(v)} }
func textBody(v string) *Body { return &Body{Type: BodyText, Text: v} }

func TestEncodeRequest(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		req  *Request
		want string
	}{
		{&Request{URL: "https://example.com/"}, `{"method":"GET","url":"https://example.com/"}`},
		{
			&Request{
				Method:      "post",
				URL:         "https://api.example.com/orders",
				Headers:     map[string]string{"Accept": "application/json", "x-trace": "a\"b", "X-Empty": ""},
				Body:        jsonBody("{ \"order\": 1042,\n \"items\": [ ] }"),
				SaveTo:      "/volume/tmp/out.bin",
				NoRedirects: true,
				Timeout:     5 * time.Second,
			},
			`{"method":"POST","url":"https://api.example.com/orders","headers":{"accept":"application/json","x-empty":"","x-trace":"a\"b"},"body":{"type":"json","json":{"order":1042,"items":[]}},"output":{"type":"file","path":"/volume/tmp/out.bin"},"follow_redirects":false,"timeout_ms":5000}`,
		},
		{&Request{Method: "PUT", URL: "https://x.test/a?b=c", Body: textBody("line\n\"q\" é")}, `{"method":"PUT","url":"https://x.test/a?b=c","body":{"type":"text","text":"line\n\"q\" é"}}`},
		{&Request{Method: "Patch", URL: "https://x.test/", Body: textBody("")}, `{"method":"PATCH","url":"https://x.test/","body":{"type":"text","text":""}}`},
		{&Request{Method: "DELETE", URL: "https://x.test/", Body: &Body{Type: BodyFile, Path: "/volume/tmp/in.bin"}}, `{"method":"DELETE","url":"https://x.test/","body":{"type":"file","path":"/volume/tmp/in.bin"}}`},
		{&Request{Method: "HEAD", URL: "https://x.test/", Headers: map[string]string{}}, `{"method":"HEAD","url":"https://x.test/"}`},
		{&Request{Method: "OPTIONS", URL: "https://x.test/"}, `{"method":"OPTIONS","url":"https://x.test/"}`},
		// Whole milliseconds, rounded up, so that a short timeout is not none.
		{&Request{URL: "https://x.test/", Timeout: time.Microsecond}, `{"method":"GET","url":"https://x.test/","timeout_ms":1}`},
		{&Request{URL: "https://x.test/", Timeout: 1500 * time.Microsecond}, `{"method":"GET","url":"https://x.test/","timeout_ms":2}`},
		{&Request{URL: "https://x.test/", Timeout: (1<<31 - 1) * time.Millisecond}, `{"method":"GET","url":"https://x.test/","timeout_ms":2147483647}`},
	} {
		got, err := EncodeRequest(tc.req)
		if err != nil || string(got) != tc.want {
			t.Errorf("EncodeRequest(%+v) = %s, %v\nwant %s", tc.req, got, err, tc.want)
		}
	}
}

func TestEncodeRequestRefuses(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		req  *Request
		want string
	}{
		{nil, "the request is nil"},
		{&Request{Method: "TRACE", URL: "https://x.test/"}, `method "TRACE" is not one of GET, HEAD, POST, PUT, PATCH, DELETE and OPTIONS`},
		{&Request{}, "the request has no URL"},
		{&Request{URL: "https://x.test/", Timeout: -time.Millisecond}, "the timeout must not be negative"},
		{&Request{URL: "https://x.test/", Timeout: 1 << 31 * time.Millisecond}, "the timeout 596h31m23.648s is longer than timeout_ms can hold (596h31m23.647s)"},
		{&Request{URL: "https://x.test/", Headers: map[string]string{"": "x"}}, "a header has no name"},
		{&Request{URL: "https://x.test/", Headers: map[string]string{"Accept": "a", "ACCEPT": "b"}}, `header "accept" is given twice, in different case`},
		{&Request{URL: "https://x.test/", Headers: map[string]string{"a b": "x"}}, `header name "a b" is not a valid HTTP header name`},
		{&Request{URL: "https://x.test/", Headers: map[string]string{"x-a": "1\r\nx-b: 2"}}, `the value of header "x-a" contains a control character`},
		{&Request{URL: "https://x.test/", Body: jsonBody(`{"a":}`)}, "the JSON body is not valid JSON: offset 5: unexpected '}', expected a value"},
		{&Request{URL: "https://x.test/", Body: &Body{Type: BodyJSON}}, "the JSON body is not valid JSON: offset 0: unexpected end of input, expected a value"},
		{&Request{URL: "https://x.test/", Body: &Body{Text: "x"}}, `body type "" is not "text", "json" or "file"`},
		{&Request{URL: "https://x.test/", Body: textBody("\xff\xfe")}, "the text body is not valid UTF-8: send bytes from a file"},
		{&Request{URL: "https://x.test/", Body: textBody(strings.Repeat("a", abi.HTTPRequestMaxBytes))}, "the request is 8388681 bytes, over the limit of 8388608: send a large body from a file"},
	} {
		got, err := EncodeRequest(tc.req)
		var herr *Error
		if got != nil || !errors.As(err, &herr) || herr.Kind != abi.HTTPInvalidRequest || herr.Message != tc.want {
			t.Errorf("got %q, %v; want invalid_request: %s", got, err, tc.want)
		}
	}
	// Exactly the limit is sent.
	body := strings.Repeat("a", abi.HTTPRequestMaxBytes-len(`{"method":"GET","url":"https://x.test/","body":{"type":"text","text":""}}`))
	if got, err := EncodeRequest(&Request{URL: "https://x.test/", Body: textBody(body)}); err != nil || len(got) != abi.HTTPRequestMaxBytes {
		t.Errorf("a request of exactly the limit: %d bytes, %v", len(got), err)
	}
}

func TestDecodeRequest(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		raw  string
		want *Request
	}{
		{`{"url":"https://x.test/"}`, &Request{Method: "GET", URL: "https://x.test/"}},
		// The defaults written out are the defaults.
		{`{"url":"https://x.test/","output":{"type":"inline"},"follow_redirects":true,"timeout_ms":0}`, &Request{Method: "GET", URL: "https://x.test/"}},
		{
			` {"method":"POST", "url":"https://a.test/o", "headers":{"accept":"x","x-b":""}, "body":{"json":{ "a" : [1, 2] },"type":"json"},
			  "output":{"path":"/volume/tmp/o","type":"file"}, "follow_redirects":false, "timeout_ms":250} `,
			&Request{Method: "POST", URL: "https://a.test/o", Headers: map[string]string{"accept": "x", "x-b": ""},
				Body: jsonBody(`{"a":[1,2]}`), SaveTo: "/volume/tmp/o", NoRedirects: true, Timeout: 250 * time.Millisecond},
		},
		{`{"url":"https://x.test/","body":{"type":"text","text":""}}`, &Request{Method: "GET", URL: "https://x.test/", Body: textBody("")}},
		{`{"url":"https://x.test/","body":{"type":"file","path":"/volume/tmp/a"}}`, &Request{Method: "GET", URL: "https://x.test/", Body: &Body{Type: BodyFile, Path: "/volume/tmp/a"}}},
	} {
		got, err := DecodeRequest([]byte(tc.raw))
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("DecodeRequest(%s) = %+v, %v\nwant %+v", tc.raw, got, err, tc.want)
		}
	}
}

func TestDecodeRequestRefuses(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ raw, want string }{
		{``, "the request is not valid: offset 0: unexpected end of input, expected a value"},
		{`[]`, "the request is not valid: offset 0: expected object, found array"},
		{`{"url":"https://x.test/"} x`, `the request is not valid: offset 26: unexpected 'x', expected the end of input after the value`},
		{`{"url":"https://x.test/","cookies":{}}`, `the request is not valid: offset 25: unknown field "cookies"`},
		{`{"URL":"https://x.test/"}`, `the request is not valid: offset 1: unknown field "URL"`},
		{`{"url":"https://x.test/","url":"https://y.test/"}`, `the request is not valid: offset 25: "url" is given twice`},
		{`{"url":"https://x.test/","method":null}`, "the request is not valid: offset 34: expected string, found null"},
		{`{"url":7}`, "the request is not valid: offset 7: expected string, found number"},
		{`{}`, "the request has no URL"},
		{`{"url":""}`, "the request has no URL"},
		{`{"method":"BREW","url":"https://x.test/"}`, `method "BREW" is not one of GET, HEAD, POST, PUT, PATCH, DELETE and OPTIONS`},
		{`{"method":"get","url":"https://x.test/"}`, `method "get" is not one of GET, HEAD, POST, PUT, PATCH, DELETE and OPTIONS`},
		{`{"url":"https://x.test/","headers":{"Accept":"x"}}`, `header name "Accept" is not lowercase: write "accept"`},
		{`{"url":"https://x.test/","headers":{"":"x"}}`, "a header has no name"},
		{`{"url":"https://x.test/","headers":{"x-a":"1","x-a":"2"}}`, `the request is not valid: offset 46: "headers.x-a" is given twice`},
		{`{"url":"https://x.test/","headers":{"x-a":"\u0000"}}`, `the value of header "x-a" contains a control character`},
		{`{"url":"https://x.test/","body":{"type":"text","text":"a","charset":"x"}}`, `the request is not valid: offset 58: unknown field "body.charset"`},
		{`{"url":"https://x.test/","body":{"type":"text"}}`, `the request is not valid: offset 46: body must be {"type":"text","text":...}, {"type":"json","json":...} or {"type":"file","path":...}`},
		{`{"url":"https://x.test/","body":{"type":"text","text":"a","path":"/volume/tmp/x"}}`, `the request is not valid: offset 80: body must be {"type":"text","text":...}, {"type":"json","json":...} or {"type":"file","path":...}`},
		{`{"url":"https://x.test/","body":{"type":"json","json":{"a":}}}`, "the request is not valid: offset 59: unexpected '}', expected a value"},
		{`{"url":"https://x.test/","output":{"type":"inline","path":"/volume/x"}}`, `the request is not valid: offset 69: output must be {"type":"inline"} or {"type":"file","path":...}`},
		{`{"url":"https://x.test/","output":{"type":"file"}}`, `the request is not valid: offset 48: output must be {"type":"inline"} or {"type":"file","path":...}`},
		{`{"url":"https://x.test/","output":{"type":"file","path":""}}`, `the request is not valid: offset 58: output must be {"type":"inline"} or {"type":"file","path":...}`},
		{`{"url":"https://x.test/","output":{"mode":"x"}}`, `the request is not valid: offset 35: unknown field "output.mode"`},
		{`{"url":"https://x.test/","follow_redirects":"no"}`, `the request is not valid: offset 44: expected true or false, found string`},
		{`{"url":"https://x.test/","timeout_ms":1.5}`, `the request is not valid: offset 38: timeout_ms: 1.5 is not an integer`},
		{`{"url":"https://x.test/","timeout_ms":-1}`, "timeout_ms must not be negative"},
		{`{"url":"https://x.test/","timeout_ms":2147483648}`, "the request is not valid: offset 38: timeout_ms: 2147483648 is out of range for int32 (-2147483648 to 2147483647)"},
		{`{"url":"https://x.test/","body":{"type":"text","text":"` + strings.Repeat("a", abi.HTTPRequestMaxBytes) + `"}}`, "the request is 8388666 bytes, over the limit of 8388608: send a large body from a file"},
	} {
		got, err := DecodeRequest([]byte(tc.raw))
		var herr *Error
		if got != nil || !errors.As(err, &herr) || herr.Kind != abi.HTTPInvalidRequest || herr.Message != tc.want {
			t.Errorf("%.100s: got %+v, %v\nwant invalid_request: %s", tc.raw, got, err, tc.want)
		}
	}
}

func TestDecodeAnswer(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		answer string
		want   Response
	}{
		{`{"ok":{"status":200,"headers":{"content-type":"application/json"},"body":{"type":"inline","text":"{\"status\":\"shipped\"}"}}}`,
			Response{Status: 200, Headers: map[string]string{"content-type": "application/json"}, Text: `{"status":"shipped"}`}},
		{`{"ok":{"status":200,"headers":{},"body":{"type":"file","path":"/volume/tmp/out.bin","bytes":48211}}}`, Response{Status: 200, Headers: map[string]string{}, Path: "/volume/tmp/out.bin", Bytes: 48211}},
		{`{"ok":{"status":404,"headers":{"a":"1","b":""},"body":{"type":"inline","text":""}}}`, Response{Status: 404, Headers: map[string]string{"a": "1", "b": ""}}},
		// Members a later host might add are skipped.
		{` {"ok":{"status":204,"version":"2","headers":{},"body":{"type":"inline","text":"","encoding":"utf-8"}},"trace":[1]} `, Response{Status: 204, Headers: map[string]string{}}},
		{`{"ok":{"status":200,"body":{"type":"file","path":"/volume/tmp/big","bytes":5000000000}}}`, Response{Status: 200, Path: "/volume/tmp/big", Bytes: 5000000000}},
	} {
		resp, err := DecodeAnswer([]byte(tc.answer))
		if err != nil || !reflect.DeepEqual(*resp, tc.want) {
			t.Errorf("%s:\ngot  %+v, %v\nwant %+v", tc.answer, resp, err, tc.want)
		}
	}
	// Every kind comes back as an *Error, a kind this version does not know too.
	for _, kind := range append(abi.HTTPErrorKinds(), "a_future_kind") {
		resp, err := DecodeAnswer([]byte(`{"error":{"kind":"` + string(kind) + `","message":"it went wrong","retry":false}}`))
		var herr *Error
		if resp != nil || !errors.As(err, &herr) || *herr != (Error{Kind: kind, Message: "it went wrong"}) {
			t.Errorf("%s: got %+v, %v", kind, resp, err)
		}
	}
}

func TestDecodeAnswerMalformed(t *testing.T) {
	t.Parallel()
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
		_, err := DecodeAnswer([]byte(tc.answer))
		var herr *Error
		if !errors.As(err, &herr) || herr.Kind != abi.HTTPABI || herr.Message != "the subako_http answer is malformed: "+tc.want {
			t.Errorf("%s: got %v\nwant abi: %s", tc.answer, err, tc.want)
		}
	}
}

func TestEncodeAnswer(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		resp *Response
		err  error
		want string
	}{
		{&Response{Status: 200, Text: "hi"}, nil, `{"ok":{"status":200,"headers":{},"body":{"type":"inline","text":"hi"}}}`},
		{&Response{Status: 201, Headers: map[string]string{"X-B": "2", "x-b": "1", "Accept": "a"}, Path: "/volume/tmp/o", Bytes: 3}, nil,
			`{"ok":{"status":201,"headers":{"accept":"a","x-b":"2, 1"},"body":{"type":"file","path":"/volume/tmp/o","bytes":3}}}`},
		{nil, &Error{Kind: abi.HTTPHostNotAllowed, Message: `x.test is "not" allowed`}, `{"error":{"kind":"host_not_allowed","message":"x.test is \"not\" allowed"}}`},
		{nil, errors.New("dial failed"), `{"error":{"kind":"connection","message":"dial failed"}}`},
	} {
		if got := string(EncodeAnswer(tc.resp, tc.err)); got != tc.want {
			t.Errorf("got  %s\nwant %s", got, tc.want)
		}
	}
}

func TestCheckInline(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		body string
		kind abi.HTTPErrorKind
	}{
		{"", ""},
		{strings.Repeat("é", abi.HTTPInlineMaxBytes/2), ""},
		{strings.Repeat("a", abi.HTTPInlineMaxBytes+1), abi.HTTPTooLarge},
		{"ok\xff", abi.HTTPNotText},
	} {
		err := CheckInline([]byte(tc.body))
		if (err == nil) != (tc.kind == "") || (err != nil && (err.Kind != tc.kind || !strings.Contains(err.Message, "save it to a file"))) {
			t.Errorf("CheckInline(%.20q...) = %v, want kind %q", tc.body, err, tc.kind)
		}
	}
}

// Each encoder's output is what its decoder reads back.
func TestRoundTrips(t *testing.T) {
	t.Parallel()
	req := &Request{Method: "PATCH", URL: "https://a.test/", Headers: map[string]string{"accept": "x"}, Body: jsonBody(`[1,{"a":null}]`),
		SaveTo: "/volume/tmp/o", NoRedirects: true, Timeout: 3 * time.Second}
	raw, err := EncodeRequest(req)
	if err != nil {
		t.Fatal(err)
	}
	if back, err := DecodeRequest(raw); err != nil || !reflect.DeepEqual(back, req) {
		t.Errorf("request: %+v, %v", back, err)
	}
	for _, resp := range []*Response{
		{Status: 200, Headers: map[string]string{"a": "1"}, Text: "\u2028 \"é\" \x00"},
		{Status: 599, Headers: map[string]string{}, Path: "/volume/tmp/x", Bytes: 1 << 40},
	} {
		if back, err := DecodeAnswer(EncodeResponse(resp)); err != nil || !reflect.DeepEqual(back, resp) {
			t.Errorf("response %+v: %+v, %v", resp, back, err)
		}
	}
	e := &Error{Kind: abi.HTTPTimeout, Message: "slow"}
	if _, err := DecodeAnswer(EncodeError(e)); !reflect.DeepEqual(err, e) {
		t.Errorf("error: %v", err)
	}
}

// FuzzDecodeRequest: any bytes are refused with invalid_request or decoded;
// a decoded request encodes, and decodes again to itself.
func FuzzDecodeRequest(f *testing.F) {
	for _, s := range []string{
		`{"url":"https://x.test/"}`,
		`{"method":"POST","url":"https://a.test/o","headers":{"accept":"x"},"body":{"type":"json","json":{"a":[1,2.5e3,"\u00e9"]}},"output":{"type":"file","path":"/volume/tmp/o"},"follow_redirects":false,"timeout_ms":250}`,
		`{"url":"https://x.test/","body":{"type":"text","text":"\ud83d\ude00"}}`,
		`{"url":"https://x.test/","body":{"type":"file","path":"/volume/tmp/a"}}`,
		`{"url":"x","timeout_ms":-0}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		req, err := DecodeRequest(raw)
		if err != nil {
			var herr *Error
			if !errors.As(err, &herr) || herr.Kind != abi.HTTPInvalidRequest {
				t.Fatalf("%q: %v is not invalid_request", raw, err)
			}
			return
		}
		enc, err := EncodeRequest(req)
		if err != nil {
			t.Fatalf("%q decodes to %+v, which does not encode: %v", raw, req, err)
		}
		again, err := DecodeRequest(enc)
		if err != nil || !reflect.DeepEqual(again, req) {
			t.Fatalf("%q: %+v encodes to %s, which decodes to %+v, %v", raw, req, enc, again, err)
		}
	})
}
