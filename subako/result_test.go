package subako

import (
	"encoding/base64"
	"errors"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/abi/jsonwire"
	"github.com/subako-ai/subako-go/subako/internal/fakehost"
)

// volumeURI matches a volume URI whose path is made only of what RFC 3986
// allows in a path: unreserved characters, sub-delims, ':', '@', '/' and
// percent-encoded bytes.
var volumeURI = regexp.MustCompile(`^volume:///(?:[A-Za-z0-9._~!$&'()*+,;=:@/-]|%[0-9A-F]{2})+$`)

// encoded is r as a CallToolResult, without serverInfo.
func encoded(r Result) string { return string(appendResult(nil, r, nil)) }

func TestResults(t *testing.T) {
	for _, tc := range []struct {
		r    Result
		want string
	}{
		{ValueResult([]byte("{\n \"a\" : [1, 2],\t\"b\":\"x y\"\n}")), `{"resultType":"complete","content":[{"type":"text","text":"{\"a\":[1,2],\"b\":\"x y\"}"}],"structuredContent":{"a":[1,2],"b":"x y"}}`},
		// structuredContent may be any JSON value in MCP 2026-07-28.
		{ValueResult([]byte(`[1,"a"]`)), `{"resultType":"complete","content":[{"type":"text","text":"[1,\"a\"]"}],"structuredContent":[1,"a"]}`},
		{ValueResult([]byte(`"hi"`)), `{"resultType":"complete","content":[{"type":"text","text":"\"hi\""}],"structuredContent":"hi"}`},
		{ValueResult([]byte(`null`)), `{"resultType":"complete","content":[{"type":"text","text":"null"}],"structuredContent":null}`},
		// A result that is not JSON, or a nil one, is the author's bug:
		// marked as a fault (abi.MetaFault), the same text to the model.
		{ValueResult([]byte(`{"a":}`)), `{"resultType":"complete","content":[{"type":"text","text":"the tool's result is not valid JSON: offset 5: unexpected '}', expected a value"}],"isError":true,"_meta":{"ai.subako/fault":"result-not-json"}}`},
		{ValueResult(nil), `{"resultType":"complete","content":[{"type":"text","text":"the tool's result is not valid JSON: offset 0: unexpected end of input, expected a value"}],"isError":true,"_meta":{"ai.subako/fault":"result-not-json"}}`},
		{UnencodableResult(jsonwire.ErrNonFinite), `{"resultType":"complete","content":[{"type":"text","text":"the tool's result cannot be written as JSON: NaN and infinities have no JSON representation"}],"isError":true,"_meta":{"ai.subako/fault":"result-not-json"}}`},
		{NilResult("*example.com/m.Greeting"), `{"resultType":"complete","content":[{"type":"text","text":"the tool returned a nil *example.com/m.Greeting and no error"}],"isError":true,"_meta":{"ai.subako/fault":"nil-result"}}`},
		{TextResult("a \"b\"\n\u2028"), `{"resultType":"complete","content":[{"type":"text","text":"a \"b\"\n\u2028"}]}`},
		{TextResult(""), `{"resultType":"complete","content":[{"type":"text","text":""}]}`},
		{ErrorResult(errors.New("plain")), `{"resultType":"complete","content":[{"type":"text","text":"plain"}],"isError":true}`},
		{ErrorResult(nil), `{"resultType":"complete","content":[{"type":"text","text":"the tool failed without saying why"}],"isError":true}`},
		{ErrorResult(NewToolError("")), `{"resultType":"complete","content":[{"type":"text","text":"the tool failed without saying why"}],"isError":true}`},
		{ErrorResult(&HTTPError{Kind: HTTPHostNotAllowed, Message: "api.example.com is not in this function's network allowlist"}), `{"resultType":"complete","content":[{"type":"text","text":"HTTP request failed (host_not_allowed): api.example.com is not in this function's network allowlist"}],"isError":true}`},
	} {
		if got := encoded(tc.r); got != tc.want {
			t.Errorf("got  %s\nwant %s", got, tc.want)
		}
	}
	if NewToolError("x").Error() != "x" {
		t.Error("ToolError.Error")
	}
}

type plot struct{ path string }

// volume makes a temporary directory stand in for /volume for the rest of
// the test, with a file at each of paths (under /volume).
func volume(t *testing.T, paths ...string) string {
	t.Helper()
	dir := t.TempDir()
	previous := fakehost.SetVolume(dir)
	t.Cleanup(func() { fakehost.SetVolume(previous) })
	for _, p := range paths {
		f := filepath.Join(dir, filepath.FromSlash(path.Clean(p)[len("/volume"):]))
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, []byte("an image"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestAnswerImageFile(t *testing.T) {
	for _, tc := range []struct{ path, uri, name, mime string }{
		{"/volume/tmp/chart.png", "volume:///tmp/chart.png", "chart.png", "image/png"},
		{"/volume/data/My Charts/Q1 plot.JPG", "volume:///data/My%20Charts/Q1%20plot.JPG", "Q1 plot.JPG", "image/jpeg"},
		{"/volume/tmp/100%/a#b?c.jpeg", "volume:///tmp/100%25/a%23b%3Fc.jpeg", "a#b?c.jpeg", "image/jpeg"},
		{"/volume/tmp/グラフ/é.gif", "volume:///tmp/%E3%82%B0%E3%83%A9%E3%83%95/%C3%A9.gif", "é.gif", "image/gif"},
		{"/volume/tmp/./x/../a~b_c-d.webp", "volume:///tmp/a~b_c-d.webp", "a~b_c-d.webp", "image/webp"},
		{"/volume//tmp/+,;=:@.png", "volume:///tmp/%2B%2C%3B%3D%3A%40.png", "+,;=:@.png", "image/png"},
	} {
		volume(t, tc.path)
		r := NewAnswer(plot{tc.path}).WithImageFile(tc.path).Result([]byte(`{"path":"p"}`))
		want := `{"resultType":"complete","content":[{"type":"text","text":"{\"path\":\"p\"}"},` +
			`{"type":"resource_link","uri":` + quote(tc.uri) + `,"name":` + quote(tc.name) + `,"mimeType":"` + tc.mime + `"}],` +
			`"structuredContent":{"path":"p"}}`
		if got := encoded(r); got != want {
			t.Errorf("%s:\ngot  %s\nwant %s", tc.path, got, want)
		}
		if !volumeURI.MatchString(tc.uri) {
			t.Errorf("%s is not a valid URI", tc.uri)
		}
		if u, err := url.Parse(tc.uri); err != nil || "/volume"+u.Path != strings.ReplaceAll(strings.ReplaceAll(tc.path, "//", "/"), "/./x/..", "") {
			t.Errorf("%s does not decode to %s: %v", tc.uri, tc.path, err)
		}
	}
}

func TestAnswerImageErrors(t *testing.T) {
	for _, tc := range []struct{ path, want string }{
		{"/tmp/chart.png", `image file "/tmp/chart.png" is not under /volume: Subako can show only images saved on the session volume, such as /volume/tmp/chart.png`},
		{"volume/tmp/chart.png", `image file "volume/tmp/chart.png" is not under /volume`},
		{"/volume/../etc/x.png", `image file "/volume/../etc/x.png" is not under /volume`},
		{"/volume", `image file "/volume" is not under /volume`},
		{"/volumes/x.png", `image file "/volumes/x.png" is not under /volume`},
		{"/volume/tmp/chart.svg", `image file "/volume/tmp/chart.svg" is not PNG, JPEG, GIF or WebP (by its extension)`},
		{"/volume/tmp/png", `image file "/volume/tmp/png" is not PNG, JPEG, GIF or WebP`},
	} {
		got := encoded(NewAnswer(1).WithImageFile(tc.path).Result([]byte("1")))
		if !strings.HasPrefix(got, `{"resultType":"complete","content":[{"type":"text","text":`+quote(tc.want)[:len(quote(tc.want))-1]) || !strings.HasSuffix(got, `"isError":true}`) {
			t.Errorf("%s: got %s", tc.path, got)
		}
	}
}

// A linked image must be a regular file on the volume when the answer is
// made: Subako would show the model nothing.
func TestAnswerImageFileMissing(t *testing.T) {
	dir := volume(t, "/volume/tmp/there.png")
	if err := os.Mkdir(filepath.Join(dir, "tmp", "dir.png"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ path, want string }{
		{"/volume/tmp/there.png", ""},
		{"/volume/tmp/missing.png", `image file \"/volume/tmp/missing.png\" does not exist: save the image before returning the answer that links it`},
		{"/volume/tmp/../tmp/gone/x.png", `image file \"/volume/tmp/gone/x.png\" does not exist`},
		{"/volume/tmp/dir.png", `image file \"/volume/tmp/dir.png\" is not a regular file`},
	} {
		got := encoded(NewAnswer(0).WithImageFile(tc.path).Result([]byte("0")))
		if tc.want == "" {
			if !strings.Contains(got, `"resource_link"`) || strings.Contains(got, "isError") {
				t.Errorf("%s: %s", tc.path, got)
			}
		} else if !strings.Contains(got, `"text":"`+tc.want) || !strings.HasSuffix(got, `"isError":true,"_meta":{"ai.subako/fault":"link-missing"}}`) || strings.Contains(got, "resource_link") {
			t.Errorf("%s: got %s, want the tool error %s", tc.path, got, tc.want)
		}
	}
	// The first image missing is the one named.
	got := encoded(NewAnswer(0).WithImageFile("/volume/tmp/there.png").WithImageFile("/volume/tmp/a.png").WithImageFile("/volume/tmp/b.png").Result([]byte("0")))
	if !strings.Contains(got, "a.png") || strings.Contains(got, "b.png") {
		t.Errorf("got %s", got)
	}
}

func TestAnswerInlineImage(t *testing.T) {
	volume(t, "/volume/tmp/b.gif")
	a := NewAnswer(map[string]int{"n": 1}).WithImage("image/png", []byte("\x89PNG\r\n")).WithImage("image/webp", nil).WithImageFile("/volume/tmp/b.gif")
	if a.Value["n"] != 1 {
		t.Fatal("Value lost")
	}
	want := `{"resultType":"complete","content":[{"type":"text","text":"{\"n\":1}"},` +
		`{"type":"image","data":"iVBORw0K","mimeType":"image/png"},` +
		`{"type":"image","data":"","mimeType":"image/webp"},` +
		`{"type":"resource_link","uri":"volume:///tmp/b.gif","name":"b.gif","mimeType":"image/gif"}],` +
		`"structuredContent":{"n":1}}`
	if got := encoded(a.Result([]byte(`{"n":1}`))); got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}

	bad := NewAnswer(1).WithImage("image/svg+xml", []byte("<svg/>")).WithImageFile("/volume/tmp/ok.png")
	want = `{"resultType":"complete","content":[{"type":"text","text":"image type \"image/svg+xml\" is not one of image/png, image/jpeg, image/gif and image/webp"}],"isError":true}`
	if got := encoded(bad.Result([]byte("1"))); got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	// The first bad image is the one reported.
	bad = NewAnswer(1).WithImageFile("/etc/a.png").WithImageFile("/etc/b.png")
	if got := encoded(bad.Result([]byte("1"))); !strings.Contains(got, "/etc/a.png") || strings.Contains(got, "/etc/b.png") {
		t.Fatalf("got %s", got)
	}
	// Invalid value JSON wins over images.
	if got := encoded(NewAnswer(1).WithImageFile("/volume/tmp/a.png").Result([]byte("{"))); !strings.Contains(got, "not valid JSON") || strings.Contains(got, "resource_link") {
		t.Fatalf("got %s", got)
	}
}

// Answers built from a shared base do not share their images.
func TestAnswerBranches(t *testing.T) {
	volume(t, "/volume/tmp/base.png", "/volume/tmp/a.png", "/volume/tmp/b.png")
	base := NewAnswer(0).WithImageFile("/volume/tmp/base.png")
	a := base.WithImageFile("/volume/tmp/a.png")
	b := base.WithImageFile("/volume/tmp/b.png")
	if got := encoded(a.Result([]byte("0"))); !strings.Contains(got, "a.png") || strings.Contains(got, "b.png") {
		t.Errorf("a: %s", got)
	}
	if got := encoded(b.Result([]byte("0"))); !strings.Contains(got, "b.png") || strings.Contains(got, "a.png") {
		t.Errorf("b: %s", got)
	}
	if got := encoded(base.Result([]byte("0"))); strings.Count(got, "resource_link") != 1 {
		t.Errorf("base: %s", got)
	}
}

// TestAppendBase64 holds the runtime's encoder to encoding/base64's
// StdEncoding: every length's padding, every byte value, appended after
// what the buffer holds.
func TestAppendBase64(t *testing.T) {
	t.Parallel()
	all := make([]byte, 256*3+2)
	for i := range all {
		all[i] = byte(i*7 + i/256)
	}
	for n := range len(all) + 1 {
		data := all[:n]
		got := string(appendBase64([]byte("x:"), data))
		if want := "x:" + base64.StdEncoding.EncodeToString(data); got != want {
			t.Fatalf("%d bytes: got %s, want %s", n, got, want)
		}
	}
}

// TestAnnotationsJSON checks the annotations object, member by member, as
// tools/list lists it: MCP's order, only the stated hints, the title escaped.
func TestAnnotationsJSON(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		a    ToolAnnotations
		want string
	}{
		{ToolAnnotations{}, ``},
		{ToolAnnotations{Title: `Say "hi"`}, `,"annotations":{"title":"Say \"hi\""}`},
		{ToolAnnotations{OpenWorld: HintFalse}, `,"annotations":{"openWorldHint":false}`},
		{ToolAnnotations{Title: "T", ReadOnly: HintTrue, Destructive: HintFalse, Idempotent: HintTrue, OpenWorld: HintTrue},
			`,"annotations":{"title":"T","readOnlyHint":true,"destructiveHint":false,"idempotentHint":true,"openWorldHint":true}`},
		{ToolAnnotations{Destructive: HintTrue, Idempotent: HintFalse}, `,"annotations":{"destructiveHint":true,"idempotentHint":false}`},
	} {
		if got := string(appendAnnotations([]byte{}, c.a)); got != c.want {
			t.Errorf("%+v: got %s, want %s", c.a, got, c.want)
		}
	}
}
