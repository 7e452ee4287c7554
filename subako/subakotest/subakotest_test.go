package subakotest_test

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/subako"
	"github.com/subako-ai/subako-go/subako/subakotest"
)

const okInline = `{"ok":{"status":200,"headers":{},"body":{"type":"inline","text":"ok"}}}`

func TestWithoutFake(t *testing.T) {
	_, err := subako.Fetch(&subako.HTTPRequest{URL: "https://x.test/"})
	var herr *subako.HTTPError
	if !errors.As(err, &herr) || herr.Kind != subako.HTTPConnection || !strings.Contains(herr.Message, "subakotest.HandleHTTP") {
		t.Fatalf("got %v", err)
	}
}

// A fake lasts until its test ends, then the one before comes back.
func TestCleanupRestores(t *testing.T) {
	t.Run("outer", func(t *testing.T) {
		subakotest.SetTransport(t, func([]byte) []byte { return []byte(okInline) })
		t.Run("inner", func(t *testing.T) {
			subakotest.SetTransport(t, nil)
			if _, err := subako.Fetch(&subako.HTTPRequest{URL: "https://x.test/"}); err == nil {
				t.Error("a nil transport answered")
			}
		})
		if resp, err := subako.Fetch(&subako.HTTPRequest{URL: "https://x.test/"}); err != nil || resp.Text != "ok" {
			t.Errorf("after the inner test: %+v, %v", resp, err)
		}
	})
	if _, err := subako.Fetch(&subako.HTTPRequest{URL: "https://x.test/"}); err == nil {
		t.Error("the fake outlived its test")
	}
}

// Handlers may fetch from several goroutines: each request gets its own
// answer.
func TestConcurrentFetches(t *testing.T) {
	subakotest.HandleHTTP(t, func(r *subako.HTTPRequest) (*subako.HTTPResponse, error) {
		return &subako.HTTPResponse{Status: 200, Text: r.URL}, nil
	})
	var wg sync.WaitGroup
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			url := "https://x.test/" + strconv.Itoa(i)
			if resp, err := subako.Fetch(&subako.HTTPRequest{URL: url}); err != nil || resp.Text != url {
				t.Errorf("%s: %+v, %v", url, resp, err)
			}
		}()
	}
	wg.Wait()
}

func TestHandleHTTP(t *testing.T) {
	sent := &subako.HTTPRequest{
		Method:      "post",
		URL:         "https://api.example.com/orders",
		Headers:     map[string]string{"Accept": "application/json"},
		Body:        subako.JSONBody([]byte(`{ "order": 1042 }`)),
		SaveTo:      "/volume/tmp/out.bin",
		NoRedirects: true,
		Timeout:     5 * time.Second,
	}
	var seen *subako.HTTPRequest
	subakotest.HandleHTTP(t, func(r *subako.HTTPRequest) (*subako.HTTPResponse, error) {
		seen = r
		return &subako.HTTPResponse{Status: 201, Headers: map[string]string{"Content-Type": "text/plain"}, Path: "/volume/tmp/out.bin", Bytes: 3}, nil
	})
	resp, err := subako.Fetch(sent)
	if err != nil {
		t.Fatal(err)
	}
	want := &subako.HTTPRequest{
		Method:      "POST",
		URL:         "https://api.example.com/orders",
		Headers:     map[string]string{"accept": "application/json"},
		Body:        subako.JSONBody([]byte(`{"order":1042}`)),
		SaveTo:      "/volume/tmp/out.bin",
		NoRedirects: true,
		Timeout:     5 * time.Second,
	}
	if !reflect.DeepEqual(seen, want) {
		t.Errorf("handler saw %+v\nwant %+v", seen, want)
	}
	if wantResp := (subako.HTTPResponse{Status: 201, Headers: map[string]string{"content-type": "text/plain"}, Path: "/volume/tmp/out.bin", Bytes: 3}); !reflect.DeepEqual(*resp, wantResp) {
		t.Errorf("response %+v", resp)
	}

	for _, tc := range []struct {
		resp *subako.HTTPResponse
		err  error
		want subako.HTTPError
	}{
		{&subako.HTTPResponse{Status: 200, Text: strings.Repeat("a", subako.InlineMaxBytes+1)}, nil, subako.HTTPError{Kind: subako.HTTPTooLarge, Message: `the body is over the inline limit of 262144 bytes: save it to a file instead, with output {"type":"file","path":...}`}},
		{&subako.HTTPResponse{Status: 200, Text: "\xff"}, nil, subako.HTTPError{Kind: subako.HTTPNotText, Message: `the body is not UTF-8 text: save it to a file instead, with output {"type":"file","path":...}`}},
		{nil, &subako.HTTPError{Kind: subako.HTTPHostNotAllowed, Message: "x.test is not allowed"}, subako.HTTPError{Kind: subako.HTTPHostNotAllowed, Message: "x.test is not allowed"}},
		{nil, errors.New("dial failed"), subako.HTTPError{Kind: subako.HTTPConnection, Message: "dial failed"}},
		{nil, nil, subako.HTTPError{Kind: subako.HTTPConnection, Message: "the HandleHTTP handler returned no response"}},
	} {
		subakotest.HandleHTTP(t, func(*subako.HTTPRequest) (*subako.HTTPResponse, error) { return tc.resp, tc.err })
		_, err := subako.Fetch(&subako.HTTPRequest{URL: "https://x.test/"})
		var herr *subako.HTTPError
		if !errors.As(err, &herr) || *herr != tc.want {
			t.Errorf("got %v, want %+v", err, tc.want)
		}
	}
	// A file body reaches the handler as a file body.
	subakotest.HandleHTTP(t, func(r *subako.HTTPRequest) (*subako.HTTPResponse, error) {
		seen = r
		return &subako.HTTPResponse{Status: 204}, nil
	})
	if _, err := subako.Fetch(&subako.HTTPRequest{Method: "PUT", URL: "https://x.test/", Body: subako.FileBody("/volume/tmp/in.bin")}); err != nil ||
		!reflect.DeepEqual(seen.Body, subako.FileBody("/volume/tmp/in.bin")) {
		t.Errorf("file body: %v, %+v", err, seen.Body)
	}
	// An inline body of exactly the limit comes through.
	subakotest.HandleHTTP(t, func(*subako.HTTPRequest) (*subako.HTTPResponse, error) {
		return &subako.HTTPResponse{Status: 200, Text: strings.Repeat("a", subako.InlineMaxBytes)}, nil
	})
	if resp, err := subako.Fetch(&subako.HTTPRequest{URL: "https://x.test/"}); err != nil || len(resp.Text) != subako.InlineMaxBytes {
		t.Errorf("inline body at the limit: %v", err)
	}
}

// subako.VolumePath names a file under /volume where a native test's
// Volume holds it, so a handler's own writes land there, and the image it
// links is found; without a Volume, and for other paths, it changes
// nothing.
func TestVolumePath(t *testing.T) { // examples/chart's tests show the linked image found
	if got := subako.VolumePath("/volume/tmp/a.png"); got != "/volume/tmp/a.png" {
		t.Errorf("without a Volume: %q", got)
	}
	t.Run("volume", func(t *testing.T) {
		dir := subakotest.Volume(t)
		for p, want := range map[string]string{
			"/volume/tmp/a.png":     filepath.Join(dir, "tmp", "a.png"),
			"/volume/data/../tmp/b": filepath.Join(dir, "tmp", "b"),
			"/volume":               dir,
			"/package/icon.png":     "/package/icon.png",
			"/volumes/tmp/a.png":    "/volumes/tmp/a.png",
			"/volume/../etc/passwd": "/volume/../etc/passwd",
		} {
			if got := subako.VolumePath(p); got != want {
				t.Errorf("VolumePath(%q) = %q, want %q", p, got, want)
			}
		}
		png := []byte("\x89PNG\r\n\x1a\n")
		if err := os.WriteFile(subako.VolumePath("/volume/tmp/a.png"), png, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(filepath.Join(dir, "tmp", "a.png")); err != nil {
			t.Errorf("the file written at VolumePath is not in the Volume: %v", err)
		}
	})
}

// TestFuzzToolFinds: FuzzTool's seeds alone (a plain go test) fail a tool
// that panics on an empty string, naming the panic, and one that loops on
// it, within the case limit; each failure gives the arguments as JSON and
// the subakogo call command.
func TestFuzzToolFinds(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	out, err := exec.Command("go", "test", "-v", "-count=1", "./testdata/fuzzbad").CombinedOutput()
	for _, want := range []string{
		"--- FAIL: FuzzLabel", `arguments {"label":""}: the tool panicked: runtime error: index out of range`,
		`reproduce in the module: subakogo call . label '{"label":""}'`,
		"--- FAIL: FuzzSpin", `arguments {"label":""}: the call has not answered within 1s: it loops, waits or builds something huge (the test's heap was `,
		`reproduce in the module: subakogo call . spin '{"label":""}'`,
		"--- FAIL: FuzzSlow", `MiB), and Subako would stop it and report a crash (the other cases are skipped`,
		"--- SKIP: FuzzSlow/seed#1", `not run: the case with arguments {"label":`,
	} {
		if err == nil || !strings.Contains(string(out), want) {
			t.Errorf("go test ./testdata/fuzzbad: %v: no %q in\n%s", err, want, out)
		}
	}
	// A handler slow on every call waits the limit once, not once a case.
	if n := strings.Count(string(out), "slow '"); n != 1 {
		t.Errorf("FuzzSlow failed %d cases, want 1 (the others skipped):\n%s", n, out)
	}
}

// TestFuzzToolFatal: a fatal error (a stack overflow) kills the test
// binary before FuzzTool can fail the case; the case's arguments and the
// subakogo call command were printed first.
func TestFuzzToolFatal(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	out, err := exec.Command("go", "test", "-count=1", "./testdata/fuzzfatal").CombinedOutput()
	s := string(out)
	last := strings.LastIndex(s, "subakotest.FuzzTool factorial: running: ")
	if err == nil || last < 0 || !strings.Contains(s, "fatal error: stack overflow") || last > strings.Index(s, "fatal error: stack overflow") {
		t.Fatalf("go test ./testdata/fuzzfatal: %v, want the case printed, then a stack overflow:\n%.3000s", err, s)
	}
	if line := s[last:]; !strings.HasPrefix(line, `subakotest.FuzzTool factorial: running: arguments {"n":0} (if go test dies with a fatal error now, this case caused it)`+"\n"+
		`reproduce in the module: subakogo call . factorial '{"n":0}'`) {
		t.Errorf("the last case printed is not the one that overflows:\n%.400s", line)
	}
}

// TestFuzzToolFaults: FuzzTool's seeds alone fail a tool whose isError
// result the runtime marks as the author's bug (a nil result, a NaN in
// the result) as they fail a panic, with the arguments and the subakogo
// call command; a tool's own isError result passes.
func TestFuzzToolFaults(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	out, err := exec.Command("go", "test", "-count=1", "./testdata/fuzzfault").CombinedOutput()
	for _, want := range []string{
		"--- FAIL: FuzzGreet", `: the tool returned a nil *fuzzfault.Greeting and no error`,
		`(the runtime marks this isError result ai.subako/fault "nil-result": the tool's bug, not its answer, as a panic is)`,
		"reproduce in the module: subakogo call . greet '{",
		"--- FAIL: FuzzRoot", `: the tool's result cannot be written as JSON: NaN and infinities have no JSON representation`,
		`ai.subako/fault "result-not-json"`,
		"reproduce in the module: subakogo call . root '{",
	} {
		if err == nil || !strings.Contains(string(out), want) {
			t.Errorf("go test ./testdata/fuzzfault: %v: no %q in\n%s", err, want, out)
		}
	}
	if strings.Contains(string(out), "FAIL: FuzzRefuse") {
		t.Errorf("a tool's own isError result fails FuzzTool:\n%s", out)
	}
}
