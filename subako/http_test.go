//go:build !wasip1

package subako

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/subako/internal/fakehost"
)

// capture installs a transport that records each request and answers with
// answer.
func capture(t *testing.T, answer string) *[]string {
	t.Helper()
	var got []string
	previous := fakehost.Set(func(req []byte) []byte {
		got = append(got, string(req))
		return []byte(answer)
	})
	t.Cleanup(func() { fakehost.Set(previous) })
	return &got
}

const okInline = `{"ok":{"status":200,"headers":{"content-type":"application/json"},"body":{"type":"inline","text":"{\"status\":\"shipped\"}"}}}`

// Fetch hands the host the request's JSON and reads its answer; the codec
// itself is tested in httpwire.
func TestFetch(t *testing.T) {
	sent := capture(t, okInline)
	resp, err := Fetch(&HTTPRequest{Method: "post", URL: "https://api.example.com/orders", Body: JSONBody([]byte(`{ "order": 1042 }`)), Timeout: 5 * time.Second})
	want := HTTPResponse{Status: 200, Headers: map[string]string{"content-type": "application/json"}, Text: `{"status":"shipped"}`}
	if err != nil || !reflect.DeepEqual(*resp, want) {
		t.Errorf("got %+v, %v", resp, err)
	}
	if len(*sent) != 1 || (*sent)[0] != `{"method":"POST","url":"https://api.example.com/orders","body":{"type":"json","json":{"order":1042}},"timeout_ms":5000}` {
		t.Errorf("sent %q", *sent)
	}
	// A request the host would refuse is not sent.
	*sent = nil
	_, err = Fetch(&HTTPRequest{Method: "TRACE", URL: "https://x.test/"})
	var herr *HTTPError
	if !errors.As(err, &herr) || herr.Kind != HTTPInvalidRequest || len(*sent) != 0 {
		t.Errorf("got %v, sent %q", err, *sent)
	}
	// An answer that cannot be read is an error of kind abi.
	capture(t, `{"ok":{}}`)
	if _, err := Fetch(&HTTPRequest{URL: "https://x.test/"}); !errors.As(err, &herr) || herr.Kind != HTTPABI {
		t.Errorf("malformed answer: %v", err)
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
