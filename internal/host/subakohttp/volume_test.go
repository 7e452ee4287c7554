package subakohttp

import (
	"bytes"
	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/internal/host/sandboxfs"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

func saveTo(u, path string) string {
	return req(map[string]any{"url": u, "output": map[string]any{"type": "file", "path": path}})
}

func TestFileOutput(t *testing.T) {
	e := newEnv(t)
	// Binary and over the inline limit: what files are for.
	n := abi.HTTPInlineMaxBytes + 1000
	r := do(t, e.cfg, saveTo(e.url("api.test", "/bytes?b=ff&n="+strconv.Itoa(n)), "/volume/tmp/out.bin"))
	wantOK(t, r, 200)
	if r.OK.Body.Type != "file" || r.OK.Body.Path != "/volume/tmp/out.bin" || r.OK.Body.Bytes != int64(n) || r.OK.Body.Text != "" {
		t.Errorf("body %+v", r.OK.Body)
	}
	data, err := os.ReadFile(filepath.Join(e.vol, "tmp", "out.bin"))
	if err != nil || !bytes.Equal(data, bytes.Repeat([]byte{0xff}, n)) {
		t.Errorf("file: %d bytes, %v", len(data), err)
	}
	// An existing file is replaced; headers come as for inline.
	r = do(t, e.cfg, saveTo(e.url("api.test", "/text"), "/volume/tmp/out.bin"))
	wantOK(t, r, 200)
	if data, _ := os.ReadFile(filepath.Join(e.vol, "tmp", "out.bin")); string(data) != "hello, wörld" || r.OK.Headers["x-multi"] != "a, b" {
		t.Errorf("replaced file %q, headers %v", data, r.OK.Headers)
	}
	// A symbolic link within the volume is followed.
	if err := os.Symlink("out.bin", filepath.Join(e.vol, "tmp", "link.bin")); err != nil {
		t.Fatal(err)
	}
	wantOK(t, do(t, e.cfg, saveTo(e.url("api.test", "/bytes?n=5"), "/volume/tmp/link.bin")), 200)
	if data, _ := os.ReadFile(filepath.Join(e.vol, "tmp", "out.bin")); string(data) != "aaaaa" {
		t.Errorf("through the link: %q", data)
	}
}

func TestWriteBudget(t *testing.T) {
	e := newEnv(t)
	e.cfg.WriteBudget = sandboxfs.NewBudget(sandboxfs.Limits{Bytes: 100_000})
	// Exactly the budget fits.
	wantOK(t, do(t, e.cfg, saveTo(e.url("api.test", "/bytes?n=60000"), "/volume/tmp/a.bin")), 200)
	wantOK(t, do(t, e.cfg, saveTo(e.url("api.test", "/bytes?n=40000"), "/volume/tmp/b.bin")), 200)
	if used := e.cfg.WriteBudget.Used(); used != 100_000 {
		t.Errorf("used %d", used)
	}
	// One byte more does not, and the partial file is removed.
	wantError(t, do(t, e.cfg, saveTo(e.url("api.test", "/bytes?n=1"), "/volume/tmp/c.bin")), abi.HTTPWriteBudget,
		"/volume/tmp/c.bin would pass the call's write budget; the partial file was removed")
	if _, err := os.Stat(filepath.Join(e.vol, "tmp", "c.bin")); !os.IsNotExist(err) {
		t.Errorf("c.bin left: %v", err)
	}
	// A body larger than what is left fails part way: what was written
	// stays charged (the budget counts writes), the file goes.
	e.cfg.WriteBudget = sandboxfs.NewBudget(sandboxfs.Limits{Bytes: 100_000})
	wantError(t, do(t, e.cfg, saveTo(e.url("api.test", "/bytes?chunked=1&n=200000"), "/volume/tmp/d.bin")), abi.HTTPWriteBudget)
	if _, err := os.Stat(filepath.Join(e.vol, "tmp", "d.bin")); !os.IsNotExist(err) {
		t.Errorf("d.bin left: %v", err)
	}
	if used := e.cfg.WriteBudget.Used(); used == 0 || used > 100_000 {
		t.Errorf("used %d", used)
	}
	// Inline bodies cost nothing.
	wantOK(t, do(t, e.cfg, get(e.url("api.test", "/bytes?n=1000"))), 200)
	// A call with room in its budget is refused by the quota of a volume
	// it shares (serve's), and told so.
	q := sandboxfs.NewVolumeQuota(50_000, 100)
	q.Reset(40_000, 0)
	e.cfg.WriteBudget = sandboxfs.NewBudget(sandboxfs.Limits{Bytes: 100_000, Volume: q})
	wantError(t, do(t, e.cfg, saveTo(e.url("api.test", "/bytes?n=20000"), "/volume/tmp/e.bin")), abi.HTTPWriteBudget,
		"/volume/tmp/e.bin would pass the quota of the volume the calls share; the partial file was removed")
	if !e.cfg.WriteBudget.VolumeRefused() {
		t.Error("the budget says the volume's quota refused it")
	}
}

func TestBadPaths(t *testing.T) {
	e := newEnv(t)
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "secret"), []byte("s"), 0o644); err != nil {
		t.Fatal(err)
	}
	tmp := filepath.Join(e.vol, "tmp")
	for _, link := range [][2]string{{outside, "out"}, {"../../", "up"}, {filepath.Join(outside, "secret"), "abs"}} {
		if err := os.Symlink(link[0], filepath.Join(tmp, link[1])); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("../..", filepath.Join(tmp, "rel")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(tmp, "dir"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(tmp, "in.bin"), []byte("in"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A hard link to a file outside, as a module could have made before the
	// filesystem was confined, or a user's --volume may hold.
	if err := os.Link(filepath.Join(outside, "secret"), filepath.Join(tmp, "hard")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(e.vol, "root.bin"), []byte("r"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(e.vol, "data"), 0o755); err != nil {
		t.Fatal(err)
	}
	cases := []struct{ path, want string }{
		{"/volume/root.bin", `"/volume/root.bin" is not a file under /volume/tmp or /volume/data`},
		{"/volume/data/x", `"/volume/data/x" is under /volume/data, which this call does not have mounted`},
		{"tmp/in.bin", `"tmp/in.bin" is not an absolute path`},
		{"/volume", `"/volume" is not a file under /volume`},
		{"/volume/", `is not a file under /volume`},
		{"/etc/passwd", `"/etc/passwd" is not a file under /volume`},
		{"/volumes/x", `is not a file under /volume`},
		{"/volume/../etc/passwd", `contains ".."`},
		{"/volume/tmp/../tmp/in.bin", `contains ".."`},
		{"/volume/tmp/out/secret", "leads outside the volume"},
		{"/volume/tmp/rel/x", "leads outside the volume"},
		{"/volume/tmp/abs", "leads outside the volume"},
		{"/volume/tmp/dir", `"/volume/tmp/dir" is a directory`},
		{"/volume/tmp/in.bin\x00", "NUL"},
	}
	for _, tc := range cases {
		wantError(t, do(t, e.cfg, req(map[string]any{"method": "PUT", "url": e.url("api.test", "/sink"), "body": map[string]any{"type": "file", "path": tc.path}})), abi.HTTPBadPath, tc.want)
		wantError(t, do(t, e.cfg, saveTo(e.url("api.test", "/text"), tc.path)), abi.HTTPBadPath, tc.want)
	}
	// A body must exist; an output's directory must.
	wantError(t, do(t, e.cfg, req(map[string]any{"method": "PUT", "url": e.url("api.test", "/sink"), "body": map[string]any{"type": "file", "path": "/volume/tmp/none"}})),
		abi.HTTPBadPath, `"/volume/tmp/none" does not exist`)
	wantError(t, do(t, e.cfg, saveTo(e.url("api.test", "/text"), "/volume/tmp/none/out")), abi.HTTPBadPath, `"/volume/tmp/none" does not exist`)
	wantError(t, do(t, e.cfg, saveTo(e.url("api.test", "/text"), "/volume/tmp/in.bin/out")), abi.HTTPBadPath, `"/volume/tmp/in.bin" is not a directory`)
	wantError(t, do(t, e.cfg, saveTo(e.url("api.test", "/text"), "/volume/tmp/hard")), abi.HTTPBadPath,
		`"/volume/tmp/hard" may not be written: the file has other hard links`)
	if n := e.hits.Load(); n != 0 {
		t.Errorf("the server got %d requests for bad paths", n)
	}
	if data, _ := os.ReadFile(filepath.Join(outside, "secret")); string(data) != "s" {
		t.Errorf("the file outside was changed: %q", data)
	}
	// Without a volume, any file is bad_path.
	e.cfg.Volume = ""
	wantError(t, do(t, e.cfg, saveTo(e.url("api.test", "/text"), "/volume/tmp/out.bin")), abi.HTTPBadPath, "this call has no volume")
	wantError(t, do(t, e.cfg, req(map[string]any{"method": "PUT", "url": e.url("api.test", "/sink"), "body": map[string]any{"type": "file", "path": "/volume/tmp/in.bin"}})),
		abi.HTTPBadPath, "this call has no volume")
	// A host that is not allowed is refused first, whatever the paths.
	wantError(t, do(t, e.cfg, saveTo(e.url("other.test", "/text"), "/volume/tmp/out.bin")), abi.HTTPHostNotAllowed)
}

func TestFileBody(t *testing.T) {
	e := newEnv(t)
	data := bytes.Repeat([]byte{0, 1, 2, 0xff}, 300_000) // 1.2 MB of bytes that are not text
	if err := os.WriteFile(filepath.Join(e.vol, "tmp", "in.bin"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	r := do(t, e.cfg, req(map[string]any{"method": "POST", "url": e.url("api.test", "/sink"), "body": map[string]any{"type": "file", "path": "/volume/tmp/in.bin"}}))
	wantOK(t, r, 200)
	if r.OK.Body.Text != strconv.Itoa(len(data)) {
		t.Errorf("the server got %s bytes", r.OK.Body.Text)
	}
	// Its content-type is application/octet-stream unless given; an empty
	// file is an empty body.
	if err := os.WriteFile(filepath.Join(e.vol, "tmp", "empty"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	_, h, b := echo(t, e, map[string]any{"method": "PUT", "body": map[string]any{"type": "file", "path": "/volume/tmp/empty"}})
	if h["content-type"] != "application/octet-stream" || b != "" {
		t.Errorf("empty file: %v %q", h, b)
	}
	if err := os.WriteFile(filepath.Join(e.vol, "tmp", "small.png"), []byte("\x89PNG"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, h, _ = echo(t, e, map[string]any{"method": "PUT", "headers": map[string]string{"content-type": "image/png"}, "body": map[string]any{"type": "file", "path": "/volume/tmp/small.png"}})
	if h["content-type"] != "image/png" || h["content-length"] != "4" {
		t.Errorf("given content-type: %v", h)
	}
}

func TestConnectionErrors(t *testing.T) {
	e := newEnv(t)
	// A name the allowlist has but DNS does not.
	e.cfg.AllowHosts = append(e.cfg.AllowHosts, "gone.test")
	wantError(t, do(t, e.cfg, get("https://gone.test/")), abi.HTTPConnection, "could not resolve gone.test: no such host")
	// A port nobody listens on: the test server's, once closed.
	closed := newEnv(t)
	closed.srv.Close()
	wantError(t, do(t, e.cfg, get("https://api.test:"+closed.port+"/")), abi.HTTPConnection, "connection refused")
	// A certificate the host does not trust.
	e.cfg.Client = nil
	wantError(t, do(t, e.cfg, get(e.url("api.test", "/text"))), abi.HTTPConnection, "certificate")
	// A Config.Client whose transport the host cannot take the TLS
	// configuration from.
	e.cfg.Client = &http.Client{Transport: roundTripper(func(*http.Request) (*http.Response, error) { panic("called") })}
	wantError(t, do(t, e.cfg, get(e.url("api.test", "/text"))), abi.HTTPConnection, "misconfigured")
}

type roundTripper func(*http.Request) (*http.Response, error)

func (f roundTripper) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }
