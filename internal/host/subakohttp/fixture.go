package subakohttp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/abi/httpwire"
	"github.com/subako-ai/subako-go/internal/input"
)

// Fixture is a set of recorded responses that stands in for the network, so
// that an HTTP tool can be tried offline (subakogo call --http-fixture). A
// fixture file is a JSON object whose keys are "METHOD URL" (or a URL alone,
// for any method) and whose values are {"status", "headers", "body"}, the
// body as text:
//
//	{"GET https://api.example.com/v1/x?q=1": {"status": 200,
//	  "headers": {"content-type": "application/json"}, "body": "{\"x\":1}"}}
//
// A request is checked as it would be for the network (its shape, its
// files), then answered from the recording; the allowlist is not consulted,
// since only recorded URLs are answered. A request without a recording is a
// connection error naming the fixture and the URL.
type Fixture struct {
	source    string // the file or directory, for messages
	responses map[string]*httpwire.Response
}

// EmptyFixture has no recordings: every request is a connection error
// naming source, as when the network is down (the probes' http-errors).
func EmptyFixture(source string) *Fixture {
	return &Fixture{source: source, responses: map[string]*httpwire.Response{}}
}

// maxFixtureBytes bounds one fixture file: a response body is at most
// abi.HTTPInlineMaxBytes, and a file holds a handful.
const maxFixtureBytes = 64 << 20

type recorded struct {
	Status  int               `json:"status"`
	Headers map[string]string `json:"headers"`
	Body    string            `json:"body"`
}

// LoadFixture reads a fixture file, or every *.json file of a directory
// (a key recorded in two of them is an error).
func LoadFixture(path string) (*Fixture, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	f := &Fixture{source: path, responses: map[string]*httpwire.Response{}}
	files := []string{path}
	if fi.IsDir() {
		if files, err = filepath.Glob(filepath.Join(path, "*.json")); err != nil {
			return nil, err
		}
		if len(files) == 0 {
			return nil, fmt.Errorf("%s: no *.json fixture files", path)
		}
	}
	from := map[string]string{}
	for _, name := range files {
		if err := f.load(name, from); err != nil {
			return nil, err
		}
	}
	return f, nil
}

func (f *Fixture) load(name string, from map[string]string) error {
	// The one input reader: a regular file, never a FIFO or a device.
	file, err := input.ReadArg(context.Background(), name, maxFixtureBytes)
	if err != nil {
		return err
	}
	var entries map[string]json.RawMessage
	if err := json.Unmarshal(file.Data, &entries); err != nil {
		return fmt.Errorf("%s: want a JSON object of recorded responses: %w", name, err)
	}
	for key, raw := range entries {
		var r recorded
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&r); err != nil {
			return fmt.Errorf("%s: %q: want {\"status\", \"headers\", \"body\"}: %w", name, key, err)
		}
		if r.Status < 100 || r.Status > 599 {
			return fmt.Errorf("%s: %q: status %d is not an HTTP status (100 to 599)", name, key, r.Status)
		}
		norm, err := fixtureKey(key)
		if err != nil {
			return fmt.Errorf("%s: %q: %w", name, key, err)
		}
		if prev, ok := from[norm]; ok {
			return fmt.Errorf("%s: %q is recorded in %s too", name, key, prev)
		}
		from[norm] = name
		f.responses[norm] = &httpwire.Response{Status: r.Status, Headers: r.Headers, Text: r.Body}
	}
	return nil
}

// fixtureKey normalizes "METHOD URL" or "URL" to "METHOD URL" ("" for any
// method), the URL written as a parsed request's URL is.
func fixtureKey(key string) (string, error) {
	method, rawURL, ok := strings.Cut(key, " ")
	if !ok {
		method, rawURL = "", key
	} else if !slices.Contains(httpwire.Methods(), method) {
		return "", fmt.Errorf("want \"METHOD URL\" or a URL, with a method of %s", strings.Join(httpwire.Methods(), ", "))
	}
	u, err := url.Parse(rawURL)
	if err != nil || u.Scheme != "https" || u.Host == "" {
		return "", fmt.Errorf("want an absolute https URL")
	}
	return method + " " + u.String(), nil
}

// answer finds the recording for req: the one for its method first, then
// the one for any method.
func (f *Fixture) answer(req *request) (*httpwire.Response, error) {
	u, method := req.url.String(), req.method
	if method == "" {
		method = "GET"
	}
	if r, ok := f.responses[method+" "+u]; ok {
		return r, nil
	}
	if r, ok := f.responses[" "+u]; ok {
		return r, nil
	}
	return nil, fail(abi.HTTPConnection, "the fixture "+f.source+" has no recorded response for "+req.method+" "+u)
}

// fromFixture answers req from the fixture: inline under the same limits as
// a response from the network, or saved to out.
func (c *Config) fromFixture(req *request, out *output) (*answer, error) {
	r, err := c.Fixture.answer(req)
	if err != nil {
		return nil, err
	}
	headers := http.Header{}
	for name, value := range r.Headers {
		headers.Set(name, value)
	}
	a := &answer{status: r.Status, headers: headers}
	switch {
	case out != nil:
		a.path = req.output
		a.bytes, err = out.save(strings.NewReader(r.Text), c.WriteBudget)
	case req.method != http.MethodHead:
		if e := httpwire.CheckInline([]byte(r.Text)); e != nil {
			return nil, fail(e.Kind, e.Message)
		}
		a.text = r.Text
	}
	if err != nil {
		return nil, err
	}
	return a, nil
}
