// Package subakotest is a fake subako_http host and session volume for
// testing handlers with go test, in a native build: subako.Fetch then sends
// its requests to the fake instead of the network, and linked images are
// looked up in a temporary directory (Volume). Each helper installs its fake for the rest of
// the test and puts the previous one back when the test ends (t.Cleanup).
//
// The fake is one for the whole process, so tests that install different
// fakes must not run in parallel (no t.Parallel). In a wasip1 build Fetch
// goes to the real host, and the helpers fail the test.
package subakotest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/abi/httpwire"
	"github.com/subako-ai/subako-go/subako"
	"github.com/subako-ai/subako-go/subako/internal/fakehost"
)

// Transport is a stand-in for the host at the JSON level: it gets a
// request's JSON, exactly as a module hands it to subako_http.request, and
// returns the host's answer, {"ok": ...} or {"error": ...}.
type Transport func(request []byte) (answer []byte)

// SetTransport makes subako.Fetch send its requests to tr for the rest of
// t; nil makes every request fail, as with no fake at all.
func SetTransport(t testing.TB, tr Transport) {
	t.Helper()
	if !native {
		t.Fatal("subakotest: the subako_http fake works in a native build only; under wasip1 Fetch goes to the host")
	}
	previous := fakehost.Set(tr)
	t.Cleanup(func() { fakehost.Set(previous) })
}

// HandleHTTP makes subako.Fetch answer with handle for the rest of t. The
// handler gets each request as the host would read it (method in
// uppercase, header names in lowercase, a JSON body compact) and returns a
// response, or an error: a *subako.HTTPError answers with its kind, any
// other error is a connection error. Like the host, the fake answers
// invalid_request for a request the host would refuse, too_large for an
// inline body over subako.InlineMaxBytes and not_text for one that is not
// UTF-8.
func HandleHTTP(t testing.TB, handle func(*subako.HTTPRequest) (*subako.HTTPResponse, error)) {
	t.Helper()
	SetTransport(t, func(request []byte) []byte {
		return httpwire.EncodeAnswer(serve(handle, request))
	})
}

// serve is what HandleHTTP's host does with one request.
func serve(handle func(*subako.HTTPRequest) (*subako.HTTPResponse, error), request []byte) (*subako.HTTPResponse, error) {
	req, err := httpwire.DecodeRequest(request)
	if err != nil {
		return nil, err
	}
	resp, err := handle(req)
	switch {
	case err != nil:
		return nil, err // EncodeAnswer keeps an *HTTPError's kind; any other is a connection error
	case resp == nil:
		return nil, &subako.HTTPError{Kind: abi.HTTPConnection, Message: "the HandleHTTP handler returned no response"}
	case resp.Path == "":
		if err := httpwire.CheckInline([]byte(resp.Text)); err != nil {
			return nil, err
		}
	}
	return resp, nil
}

// Volume makes a new temporary directory stand in for the session volume
// /volume for the rest of t, and returns it, with tmp and data folders in
// it: the runtime looks a linked image (subako.Answer's WithImageFile of
// /volume/tmp/chart.png) up beneath it, as the tool's answer is made, so
// a test that writes the file there sees the answer Subako would, and one
// that does not sees the error. A handler writes its own files at
// subako.VolumePath("/volume/tmp/chart.png"), which is beneath it in such
// a test and /volume itself in the module. Without it, a native build
// looks under the real /volume.
func Volume(t testing.TB) string {
	t.Helper()
	if !native {
		t.Fatal("subakotest: the volume stand-in works in a native build only; under wasip1 /volume is the host's")
	}
	dir := t.TempDir()
	for _, sub := range []string{"tmp", "data"} {
		if err := os.Mkdir(filepath.Join(dir, sub), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	previous := fakehost.SetVolume(dir)
	t.Cleanup(func() { fakehost.SetVolume(previous) })
	return dir
}
