package callcheck_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/internal/check/callcheck"
	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/input"
	"github.com/subako-ai/subako-go/internal/rules"
	"github.com/subako-ai/subako-go/internal/subjects"
)

// hosts opens hosts for Check and closes them when the test ends; calls
// counts how often Check asked for one.
type hosts struct {
	opt   host.Options
	calls int
}

func (hs *hosts) of(t *testing.T) func(context.Context) (*host.Host, error) {
	return func(ctx context.Context) (*host.Host, error) {
		hs.calls++
		h, err := host.New(ctx, hs.opt)
		if err == nil {
			t.Cleanup(func() { h.Close(context.Background()) })
		}
		return h, err
	}
}

// writeCalls writes calls as dir's testdata/calls.json.
func writeCalls(t *testing.T, dir, calls string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Join(dir, "testdata"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, callcheck.File), []byte(calls), 0o644); err != nil {
		t.Fatal(err)
	}
}

// subject is the package directory of a subject and its module's bytes.
func subject(t *testing.T, lang subjects.Lang, v subjects.Variant) (string, []byte) {
	t.Helper()
	dir := subjects.Package(t, lang, v)
	wasm, err := os.ReadFile(filepath.Join(dir, "module.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	return dir, wasm
}

func messages(fs []rules.Finding) string {
	var b strings.Builder
	for _, f := range fs {
		b.WriteString("\n\t" + f.Rule.ID + ": " + f.Message)
	}
	return b.String()
}

// TestCheck runs example calls on the subjects of every toolchain (their
// one tool, add, sums a and b into structuredContent {"sum": ...} and
// answers bad arguments with an isError result): each expectation an
// entry can state is shown met, and shown missed as a P020 that names the
// entry, its tool and what came instead.
func TestCheck(t *testing.T) {
	const calls = `[
  {"tool":"add","arguments":{"a":1,"b":2},"structuredContent":{ "sum" : 3.0 }},
  {"tool":"add","arguments":{"a":"x","b":1},"isError":true},
  {"tool":"nope","arguments":{},"isError":true},
  {"tool":"add","arguments":{"a":1,"b":2},"structuredContent":{"sum":4}},
  {"tool":"add","arguments":{"a":1},"contains":"never"},
  {"tool":"add","arguments":{"a":1,"b":2},"isError":true}
]`
	want := []string{
		`testdata/calls.json[3] (add): structuredContent is {"sum":3}, expected {"sum":4}`,
		`testdata/calls.json[4] (add): isError is true, expected false: `,
		`testdata/calls.json[5] (add): isError is false, expected true: `,
	}
	for _, lang := range subjects.Langs {
		t.Run(string(lang), func(t *testing.T) {
			dir, wasm := subject(t, lang, subjects.Good)
			writeCalls(t, dir, calls)
			hs := &hosts{}
			fs, err := callcheck.Check(context.Background(), hs.of(t), dir, wasm, "")
			if err != nil {
				t.Fatal(err)
			}
			if len(fs) != len(want) {
				t.Fatalf("%d findings, want %d:%s", len(fs), len(want), messages(fs))
			}
			for i, f := range fs {
				if f.Rule != rules.ExampleCall || !strings.HasPrefix(f.Message, want[i]) || f.Offset != -1 {
					t.Errorf("finding %d is %s %q, want P020 %q", i, f.Rule.ID, f.Message, want[i])
				}
			}
			if hs.calls != 1 {
				t.Errorf("%d hosts asked for, want 1", hs.calls)
			}
		})
	}
}

// TestCheckText: contains is matched against the result's text content,
// and a miss quotes that text.
func TestCheckText(t *testing.T) {
	dir, wasm := subject(t, subjects.Go, subjects.Good)
	writeCalls(t, dir, `[{"tool":"add","arguments":{"a":40,"b":2},"contains":"42"},{"tool":"add","arguments":{"a":40,"b":2},"contains":"43"}]`)
	fs, err := callcheck.Check(context.Background(), (&hosts{}).of(t), dir, wasm, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(fs) != 1 || !strings.Contains(fs[0].Message, `[1] (add): the result does not contain "43": "{\"sum\":42}"`) {
		t.Errorf("%s", messages(fs))
	}
}

// TestCheckCrash: a call that breaks the protocol is a P020 that says the
// call crashed, and the calls after it still run.
func TestCheckCrash(t *testing.T) {
	dir, wasm := subject(t, subjects.Go, subjects.MaxTrap)
	writeCalls(t, dir, `[{"tool":"add","arguments":{"a":1000000,"b":0}},{"tool":"add","arguments":{"a":1,"b":2},"contains":"nine"}]`)
	fs, err := callcheck.Check(context.Background(), (&hosts{opt: host.Options{ExitGrace: 500 * time.Millisecond}}).of(t), dir, wasm, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(fs) != 2 || !strings.HasPrefix(fs[0].Message, "testdata/calls.json[0] (add): the call crashed: ") ||
		!strings.HasPrefix(fs[1].Message, "testdata/calls.json[1] (add): the result does not contain") {
		t.Errorf("%s", messages(fs))
	}
}

// TestCheckNoCalls: a package without testdata/calls.json has nothing to
// judge, and no host is started for it.
func TestCheckNoCalls(t *testing.T) {
	hs := &hosts{}
	fs, err := callcheck.Check(context.Background(), hs.of(t), t.TempDir(), []byte("not wasm"), "")
	if fs != nil || err != nil || hs.calls != 0 {
		t.Errorf("findings %v, error %v, %d hosts", fs, err, hs.calls)
	}
}

// TestCheckUnreadable: a calls file that cannot be read (a link, past its
// cap) or is not a list of calls, a host that cannot start and a module
// that does not compile are each one P020 naming the cause; no call is
// run.
func TestCheckUnreadable(t *testing.T) {
	link := t.TempDir()
	if err := os.MkdirAll(filepath.Join(link, "testdata"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/etc/hostname", filepath.Join(link, callcheck.File)); err != nil {
		t.Fatal(err)
	}
	notJSON, notList, good, huge := t.TempDir(), t.TempDir(), t.TempDir(), t.TempDir()
	writeCalls(t, huge, "["+strings.Repeat(" ", input.MaxCalls)+"]")
	writeCalls(t, notJSON, `[{"tool":"add",`)
	writeCalls(t, notList, `{"tool":"add"}`)
	writeCalls(t, good, `[{"tool":"add","arguments":{"a":1,"b":2}}]`)
	noHost := func(context.Context) (*host.Host, error) { return nil, errors.New("no host today") }
	for _, c := range []struct {
		name   string
		dir    string
		hostOf func(context.Context) (*host.Host, error)
		wasm   []byte
		want   string
	}{
		{"link", link, noHost, nil, "symbolic link"},
		{"too large", huge, noHost, nil, fmt.Sprintf("larger than %d bytes", input.MaxCalls)},
		{"not JSON", notJSON, noHost, nil, "testdata/calls.json: unexpected end of JSON input"},
		{"not a list", notList, noHost, nil, "testdata/calls.json: json: cannot unmarshal object"},
		{"no host", good, noHost, nil, "no host today"},
		{"not wasm", good, (&hosts{}).of(t), []byte("\x00asm\x01\x00\x00\x00\xff"), "section"},
	} {
		t.Run(c.name, func(t *testing.T) {
			fs, err := callcheck.Check(context.Background(), c.hostOf, c.dir, c.wasm, "")
			if err != nil || len(fs) != 1 || fs[0].Rule != rules.ExampleCall || !strings.Contains(fs[0].Message, c.want) {
				t.Errorf("error %v, findings:%s\nwant one P020 with %q", err, messages(fs), c.want)
			}
		})
	}
}

// TestCheckNotJudged: calls given up on the wall clock (a host whose
// backstop is a nanosecond: the machine "too busy") or by the caller's
// context are not judged: an error, and no finding blames the module.
func TestCheckNotJudged(t *testing.T) {
	dir, wasm := subject(t, subjects.Go, subjects.Good)
	writeCalls(t, dir, `[{"tool":"add","arguments":{"a":1,"b":2}}]`)
	fs, err := callcheck.Check(context.Background(), (&hosts{opt: host.Options{Backstop: time.Nanosecond}}).of(t), dir, wasm, "")
	var stalled *host.StalledError
	if !errors.As(err, &stalled) || len(fs) > 0 {
		t.Errorf("stalled: error %v, findings:%s", err, messages(fs))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	fs, err = callcheck.Check(ctx, (&hosts{}).of(t), dir, wasm, "")
	if err == nil || len(fs) > 0 {
		t.Errorf("cancelled: error %v, findings:%s", err, messages(fs))
	}
}

// TestCheckAssetsMissing: when the assets to mount at /package are gone,
// the host cannot set up a call: each call is a P020 that says it was not
// run and why, never a verdict on the module's answer.
func TestCheckAssetsMissing(t *testing.T) {
	dir, wasm := subject(t, subjects.Go, subjects.Good)
	writeCalls(t, dir, `[{"tool":"add","arguments":{"a":1,"b":2}},{"tool":"add","arguments":{"a":3,"b":4}}]`)
	missing := filepath.Join(t.TempDir(), "assets")
	fs, err := callcheck.Check(context.Background(), (&hosts{}).of(t), dir, wasm, missing)
	if err != nil {
		t.Fatal(err)
	}
	if len(fs) != 2 || !strings.HasPrefix(fs[1].Message, "testdata/calls.json[1] (add): not run: the host could not set up the run: ") ||
		!strings.Contains(fs[1].Message, "assets") {
		t.Errorf("%s", messages(fs))
	}
}

// TestCasesEdges: a cases file that is not a list of calls is refused
// when it is opened, and left as it was; a call already there with its
// arguments written in another order or spacing is not added again.
func TestCasesEdges(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte(`{"tool":"add"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := callcheck.OpenCases(bad); err == nil || !strings.Contains(err.Error(), "bad.json: not a list of calls") {
		t.Errorf("opened a file that is not a list of calls: %v", err)
	}
	if b, _ := os.ReadFile(bad); string(b) != `{"tool":"add"}` {
		t.Errorf("the refused file changed: %q", b)
	}

	path := filepath.Join(dir, "calls.json")
	if err := os.WriteFile(path, []byte(`[{"tool":"add","arguments":{"a":1,"b":2}}]`), 0o600); err != nil {
		t.Fatal(err)
	}
	c, err := callcheck.OpenCases(path)
	if err != nil {
		t.Fatal(err)
	}
	n, err := c.Add([]callcheck.Call{
		{Tool: "add", Arguments: []byte(`{ "b": 2, "a": 1.0 }`)},
		{Tool: "sub", Arguments: []byte(`{"a":1,"b":2}`)},
	})
	if err != nil || n != 1 {
		t.Fatalf("added %d (%v), want 1: the same arguments in another order are the same call", n, err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("the file's mode is %v, not the 0600 it had", fi.Mode())
	}
}
