package codegen_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/analyzer/model"
	"github.com/subako-ai/subako-go/internal/host"
)

var (
	hostMu   sync.Mutex
	theHost  *host.Host
	compiled = map[string]*host.Module{}
)

// wasmModule builds a package of modRoot for wasip1 and compiles it in a
// host shared by the tests.
func wasmModule(t *testing.T, name string) (*host.Host, *host.Module) {
	t.Helper()
	wasm, err := os.ReadFile(build(t, name, "wasip1"))
	if err != nil {
		t.Fatal(err)
	}
	hostMu.Lock()
	defer hostMu.Unlock()
	if theHost == nil {
		if theHost, err = host.New(context.Background(), host.Options{CacheDir: "-"}); err != nil {
			t.Fatal(err)
		}
	}
	m := compiled[name]
	if m == nil {
		if m, err = theHost.Compile(context.Background(), wasm); err != nil {
			t.Fatal(err)
		}
		compiled[name] = m
	}
	return theHost, m
}

// checkRun asserts what every run must show: no protocol break, nothing on
// stderr, and exit 0.
func checkRun(t *testing.T, r *host.Record) {
	t.Helper()
	if bs := r.Breaks(); len(bs) > 0 {
		t.Errorf("breaks: %v\nstderr: %s", bs, r.Stderr)
	}
	if !r.Exited || r.ExitCode != 0 {
		t.Errorf("exited %v with %d, trap %q, stderr %s", r.Exited, r.ExitCode, r.Trap, r.Stderr)
	}
}

// callResult is a CallToolResult as the tests read it.
type callResult struct {
	Content []struct {
		Type, Text, MimeType, Data string
	}
	StructuredContent json.RawMessage
	IsError           bool
	Meta              map[string]any `json:"_meta"`
}

func callTool(t *testing.T, name, tool, args string) callResult {
	t.Helper()
	h, m := wasmModule(t, name)
	c := h.Call(context.Background(), m, tool, json.RawMessage(args), host.CallConfig{Timeout: 10 * time.Second})
	checkRun(t, c.Record)
	var res callResult
	if err := json.Unmarshal(c.Result, &res); err != nil {
		t.Fatalf("%s %s: %v\nresponse: %s\nstderr: %s", tool, args, err, c.Response, c.Record.Stderr)
	}
	return res
}

// Discovery lists the model's tools with the model's schemas, in order.
func TestDiscovery(t *testing.T) {
	for name, load := range map[string]func(*testing.T) (*model.Package, string){
		"everything": everythingPackage, "extra": extraPackage,
	} {
		t.Run(name, func(t *testing.T) {
			p, _ := load(t)
			h, m := wasmModule(t, name)
			d := h.Discover(context.Background(), m, "")
			if d.Stopped != nil {
				t.Fatalf("stopped: %s\nstderr: %s", d.Stopped, d.Record.Stderr)
			}
			checkRun(t, d.Record)
			want, err := p.ToolsJSON()
			if err != nil {
				t.Fatal(err)
			}
			var wantTools []json.RawMessage
			if err := json.Unmarshal(want, &wantTools); err != nil {
				t.Fatal(err)
			}
			if len(d.Tools) != len(wantTools) {
				t.Fatalf("%d tools, want %d", len(d.Tools), len(wantTools))
			}
			for i := range wantTools {
				if !jsonEqual(t, d.Tools[i], wantTools[i]) {
					t.Errorf("tool %d:\n got %s\nwant %s", i, d.Tools[i], wantTools[i])
				}
			}
		})
	}
}

func jsonEqual(t *testing.T, a, b []byte) bool {
	t.Helper()
	var x, y any
	if err := json.Unmarshal(a, &x); err != nil {
		t.Fatalf("%v: %s", err, a)
	}
	if err := json.Unmarshal(b, &y); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
	xb, _ := json.Marshal(x)
	yb, _ := json.Marshal(y)
	return bytes.Equal(xb, yb)
}

// validEverything is an argument object the everything input schema takes,
// with every member but the optional ones that have defaults.
const validEverything = `{"name":"abc","small":-128,"medium":995,"big":-4611686018427387904,"huge":9223372036854775808,` +
	`"ratio":1.25,"color":"blue","stride":4,"id":"x","tags":["a","b"],"pair":[1,2],"when":"2026-07-28T12:00:00.5+02:00",` +
	`"day":"2026-07-28","scores":{"a":0.5,"b c":2},"origin":{"x":1,"y":2},"window":{"w":640,"h":480},"page":{"items":[{"x":1.5,"y":-2e3}]},` +
	`"tree":{"name":"root","children":[{"name":"leaf"}]},"votes":{"red":3},"data":"aGVsbG8=","every":"P1DT1H30M","level":2,` +
	`"extra":[1,"two",{"b":null,"a":true}],"raw":{"keep": "as is"},"addr":"192.0.2.1","trace_id":"t","email":"ada@example.com"}`

// echoedEverything is what echo answers for validEverything: members in
// declaration order, defaults filled in, numbers, times and durations
// written the way the encoder writes them.
const echoedEverything = `{"trace_id":"t","name":"abc","email":"ada@example.com","small":-128,"medium":995,"big":-4611686018427387904,` +
	`"huge":9223372036854775808,"ratio":1.25,"weight":0.25,"verbose":true,"color":"blue","level":2,"order":"asc","stride":4,"id":"x",` +
	`"tags":["a","b"],"pair":[1,2],"data":"aGVsbG8=","when":"2026-07-28T12:00:00.5+02:00","day":"2026-07-28","timeout":30,"every":"PT25H30M",` +
	`"scores":{"a":0.5,"b c":2},"votes":{"red":3},"origin":{"x":1,"y":2},"note":"","extra":[1,"two",{"a":true,"b":null}],"raw":{"keep":"as is"},` +
	`"addr":"192.0.2.1","tree":{"name":"root","children":[{"name":"leaf"}]},"window":{"w":640,"h":480},"page":{"items":[{"x":1.5,"y":-2000}]}}`

// withMember is the args object with a member replaced (or added), or
// removed when value is "".
func withMember(t *testing.T, args, key, value string) string {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(args), &m); err != nil {
		t.Fatal(err)
	}
	if value == "" {
		delete(m, key)
	} else {
		m[key] = json.RawMessage(value)
	}
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// A valid call answers with the value the handler got, encoded back; the
// run tool, whose handler answers a zero Output, shows required members
// written even when empty.
func TestCallEverything(t *testing.T) {
	everythingPackage(t)
	res := callTool(t, "everything", "echo", validEverything)
	if res.IsError || string(res.StructuredContent) != echoedEverything {
		t.Errorf("echo:\n got %s %+v\nwant %s", res.StructuredContent, res.Content, echoedEverything)
	}
	if len(res.Content) != 1 || res.Content[0].Text != echoedEverything {
		t.Errorf("echo's text content: %+v", res.Content)
	}
	// null for an optional member is its absence: defaults fill in, a
	// pointer stays nil, and a member given twice is refused all the same.
	nulls := validEverything
	for _, k := range []string{"where", "weight", "verbose", "order", "timeout", "note"} {
		nulls = withMember(t, nulls, k, `null`)
	}
	if res := callTool(t, "everything", "echo", nulls); res.IsError || string(res.StructuredContent) != echoedEverything {
		t.Errorf("echo with nulls:\n got %s %+v\nwant %s", res.StructuredContent, res.Content, echoedEverything)
	}
	twice := strings.Replace(nulls, `"where":null`, `"where":null,"where":null`, 1)
	if res := callTool(t, "everything", "echo", twice); !res.IsError || !strings.Contains(res.Content[0].Text, "where: is given twice") {
		t.Errorf("where given twice: %+v", res)
	}
	res = callTool(t, "everything", "run", validEverything)
	if want := `{"count":0,"names":[],"tree":{"name":""}}`; res.IsError || string(res.StructuredContent) != want {
		t.Errorf("run: %s %+v, want %s", res.StructuredContent, res.Content, want)
	}
	res = callTool(t, "everything", "list_names", `{}`)
	if res.IsError || string(res.StructuredContent) != `[]` {
		t.Errorf("list_names: %s %+v", res.StructuredContent, res.Content)
	}
	res = callTool(t, "everything", "plot-chart", `{}`)
	if res.IsError || string(res.StructuredContent) != `{"x":0,"y":0}` {
		t.Errorf("plot-chart: %s %+v", res.StructuredContent, res.Content)
	}
}

// Bad arguments are error results that name the member and the problem.
func TestCallEverythingErrors(t *testing.T) {
	everythingPackage(t)
	v := validEverything
	for _, c := range []struct{ name, args, want string }{
		{"missing required", withMember(t, v, "name", ""), "arguments.name: is required"},
		{"missing several", withMember(t, withMember(t, v, "name", ""), "page", ""), "arguments.name: is required (so is page)"},
		{"wrong type", withMember(t, v, "small", `"x"`), "arguments.small: must be an integer, found a string"},
		{"not an integer", withMember(t, v, "small", `1.5`), "arguments.small: 1.5 is not an integer"},
		{"out of range", withMember(t, v, "small", `200`), "arguments.small: must be at most 127"},
		{"uint sign", withMember(t, v, "huge", `-1`), "arguments.huge: must be at least 0"},
		{"too long", withMember(t, v, "name", `"`+strings.Repeat("a", 81)+`"`), "arguments.name: must be at most 80 characters"},
		{"too short", withMember(t, v, "name", `""`), "arguments.name: must be at least 1 character"},
		{"pattern", withMember(t, v, "name", `"ABC"`), "arguments.name: must match the pattern ^[a-z]+$"},
		{"enum", withMember(t, v, "color", `"purple"`), `arguments.color: must be one of "red", "green", "blue"`},
		{"integer enum", withMember(t, v, "level", `3`), "arguments.level: must be one of 1, 2"},
		{"unknown member", withMember(t, v, "nickname", `"x"`), "arguments.nickname: is not a known member (known: trace_id, name, email,"},
		{"duplicate member", strings.Replace(v, `{"name":"abc"`, `{"name":"abc","name":"abd"`, 1), "arguments.name: is given twice"},
		{"case matters", withMember(t, v, "Name", `"abc"`), "arguments.Name: is not a known member"},
		{"item too long", withMember(t, v, "tags", `["a","`+strings.Repeat("é", 21)+`"]`), "arguments.tags[1]: must be at most 20 characters"},
		{"too many items", withMember(t, v, "tags", `["a","a","a","a","a","a","a","a","a","a","a"]`), "arguments.tags: must have at most 10 items"},
		{"too few items", withMember(t, v, "tags", `[]`), "arguments.tags: must have at least 1 item"},
		{"fixed length", withMember(t, v, "pair", `[1]`), "arguments.pair: must have exactly 2 items"},
		{"fixed length over", withMember(t, v, "pair", `[1,2,3]`), "arguments.pair: must have exactly 2 items"},
		{"int32 item", withMember(t, v, "pair", `[1,2147483648]`), "arguments.pair[1]: must be at most 2147483647"},
		{"multipleOf", withMember(t, v, "medium", `7`), "arguments.medium: must be a multiple of 5"},
		{"minimum", withMember(t, v, "medium", `0`), "arguments.medium: must be at least 1"},
		{"exclusiveMaximum", withMember(t, v, "ratio", `1.5`), "arguments.ratio: must be less than 1.5"},
		{"exclusiveMinimum", withMember(t, v, "ratio", `0`), "arguments.ratio: must be greater than 0"},
		{"map value", withMember(t, v, "scores", `{"a":-1}`), "arguments.scores.a: must be at least 0"},
		{"map key quoted", withMember(t, v, "scores", `{"a b":"x"}`), `arguments.scores["a b"]: must be a number, found a string`},
		{"minProperties", withMember(t, v, "scores", `{}`), "arguments.scores: must have at least 1 member"},
		{"map duplicate", withMember(t, v, "scores", `{"a":1,"a":2}`), "arguments.scores.a: is given twice"},
		{"property names", withMember(t, v, "votes", `{"purple":1}`), "arguments.votes.purple: is not an allowed key (allowed: red, green, blue)"},
		{"base64", withMember(t, v, "data", `"!!!"`), "arguments.data: must be base64"},
		{"date-time", withMember(t, v, "when", `"yesterday"`), "arguments.when: must be a date-time"},
		{"date", withMember(t, v, "day", `"2026-02-30"`), "arguments.day: must be a date (YYYY-MM-DD)"},
		{"duration", withMember(t, v, "every", `"90 minutes"`), "arguments.every: must be an ISO 8601 duration"},
		{"duration months", withMember(t, v, "every", `"P1M"`), "arguments.every: has years or months"},
		{"seconds range", withMember(t, v, "timeout", `9223372037`), "arguments.timeout: is out of range for a time.Duration"},
		{"nested required", withMember(t, v, "origin", `{"x":1}`), "arguments.origin.y: is required"},
		{"null required", withMember(t, v, "name", `null`), "arguments.name: must be a string, found null"},
		{"null slice", withMember(t, v, "tags", `null`), "arguments.tags: must be an array, found null"},
		{"anonymous struct", withMember(t, v, "window", `{"w":1,"h":2,"d":3}`), "arguments.window.d: is not a known member (known: w, h)"},
		{"recursive", withMember(t, v, "tree", `{"name":"r","children":[{"name":"a"},{}]}`), "arguments.tree.children[1].name: is required"},
		{"generic", withMember(t, v, "page", `{"items":[{"x":1,"y":"2"}]}`), "arguments.page.items[0].y: must be a number, found a string"},
		{"ipv4", withMember(t, v, "addr", `"example.com"`), "arguments.addr: must be an IPv4 address"},
		{"email", withMember(t, v, "email", `"ada"`), "arguments.email: must be an email address"},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := callTool(t, "everything", "echo", c.args)
			if !res.IsError || len(res.Content) != 1 || !strings.HasPrefix(res.Content[0].Text, c.want) || res.StructuredContent != nil {
				t.Errorf("args %s\n got %+v\nwant an error result starting %q", c.args, res, c.want)
			}
		})
	}
}

// Every bad member of the arguments is in one error result, in the order
// of the schema whatever the order sent, at most ten of them; a member
// after a bad one is still read (a required one sent after it is not
// missing), and so are the members of an object nested in it, the
// elements of its arrays and the values of its maps.
func TestCallEverythingAllErrors(t *testing.T) {
	everythingPackage(t)
	args := withMember(t, withMember(t, withMember(t, withMember(t, validEverything,
		"window", `{"w":"x","h":"y"}`), "color", `"purple"`), "small", `200`), "name", "")
	args = strings.Replace(args, `{`, `{"nickname":[1,{"a":2}],`, 1)
	want := "arguments.name: is required\n" +
		"arguments.small: must be at most 127\n" +
		`arguments.color: must be one of "red", "green", "blue"` + "\n" +
		"arguments.window.w: must be an integer, found a string\n" +
		"arguments.window.h: must be an integer, found a string\n" +
		"arguments.nickname: is not a known member"
	res := callTool(t, "everything", "echo", args)
	if !res.IsError || len(res.Content) != 1 || !strings.HasPrefix(res.Content[0].Text, want) || res.StructuredContent != nil {
		t.Errorf("args %s\n got %+v\nwant an error result starting %q", args, res, want)
	}
	var many strings.Builder
	many.WriteString(`{"name":"abc"`)
	for i := range 25 {
		many.WriteString(`,"x` + strconv.Itoa(i) + `":{"deep":[1,2,{"b":3}]}`)
	}
	many.WriteString(`,"small":"wrong"}`)
	extraPackage(t)
	res = callTool(t, "extra", "numbers", many.String()) // 27 members Numbers does not have
	lines := strings.Split(res.Content[0].Text, "\n")
	if !res.IsError || len(lines) != 11 || lines[10] != "(and 17 more)" || !strings.HasPrefix(lines[0], "arguments.name: is not a known member") {
		t.Errorf("27 unknown members: %d lines\n%s", len(lines), res.Content[0].Text)
	}
	for _, c := range []struct{ tool, args, want string }{
		// Elements of an array of anonymous structs, each member of each,
		// in the schema's order within an element; a named struct's
		// decoder (corners) and a Go array's elements too.
		{"shapes", `{"corners":[{"b":1},{"a":"x","c":2}],"items":[{"name":"a"},{"name":"","kind":"z"},{"kind":"a","name":7}]}`,
			"arguments.corners[0].a: is required\n" +
				"arguments.corners[1].a: must be an integer, found a string\n" +
				"arguments.corners[1].c: is not a known member (known: a, b)\n" +
				"arguments.items[1].name: must be at least 1 character\n" +
				"arguments.items[1].kind: must be one of \"a\", \"b\"\n" +
				"arguments.items[2].name: must be a string, found a number"},
		// Values of maps, keys given twice, arrays in arrays, maps in arrays.
		{"shapes", `{"corners":[{"a":1},{"a":2}],"matrix":[[1,300],["x"],[2,-200]],"groups":{"a":[1,"ok",2],"b":["x"],"b":[]},"rows":[{"x":1,"y":true},{"z":"no"}]}`,
			"arguments.matrix[0][1]: must be at most 127\n" +
				"arguments.matrix[1][0]: must be an integer, found a string\n" +
				"arguments.matrix[2][1]: must be at least -128\n" +
				"arguments.groups.a[0]: must be a string, found a number\n" +
				"arguments.groups.a[2]: must be a string, found a number\n" +
				"arguments.groups.b: is given twice\n" +
				"arguments.rows[0].x: must be a boolean, found a number\n" +
				"arguments.rows[1].z: must be a boolean, found a string"},
		// A recursive type, through its own decoder, at every depth.
		{"trees", `{"label":1,"kids":{"a":{"lab":"x","list":[{"label":2},null,{}]}}}`,
			"arguments.label: must be a string, found a number\n" +
				"arguments.kids.a.label: is required\n" +
				"arguments.kids.a.list[0].label: must be a string, found a number\n" +
				"arguments.kids.a.list[2].label: is required\n" +
				"arguments.kids.a.lab: is not a known member (known: label, kids, list)"},
		// What is wrong with an array itself ends it, after its elements'.
		{"shapes", `{"corners":[{"a":"x"},{"a":2},{"a":3}],"code":"abc"}`,
			"arguments.corners[0].a: must be an integer, found a string\n" +
				"arguments.corners: must have exactly 2 items\n" +
				"arguments.code: must match the pattern ^[A-Z]"},
	} {
		res := callTool(t, "extra", c.tool, c.args)
		if !res.IsError || len(res.Content) != 1 || !strings.HasPrefix(res.Content[0].Text, c.want) {
			t.Errorf("%s %s:\n got %+v\nwant an error starting %q", c.tool, c.args, res, c.want)
		}
	}
	// The bound counts the errors inside arrays too.
	var items strings.Builder
	items.WriteString(`{"corners":[{"a":1},{"a":2}],"items":[`)
	for i := range 30 {
		if i > 0 {
			items.WriteString(",")
		}
		items.WriteString(`{"name":""}`)
	}
	items.WriteString(`],"code":"abc"}`)
	res = callTool(t, "extra", "shapes", items.String())
	lines = strings.Split(res.Content[0].Text, "\n")
	if !res.IsError || len(lines) != 11 || lines[10] != "(and 21 more)" || lines[9] != "arguments.items[9].name: must be at least 1 character" {
		t.Errorf("30 bad items and a bad code: %d lines\n%s", len(lines), res.Content[0].Text)
	}
}

// The extra tools: outputs of each shape, omitzero, nil results, errors
// and images.
func TestCallExtra(t *testing.T) {
	extraPackage(t)
	for _, c := range []struct{ tool, args, want string }{
		{"report", `{}`, `{"note":""}`},
		{"trees", `{"label":"r","kids":{"b":{"label":"b"},"a":{"label":"a","list":[{"label":"c"}]}}}`, `{"label":"r","kids":{"a":{"label":"a","list":[{"label":"c"}]},"b":{"label":"b"}}}`},
		// A nil pointer in a list or a map is null both ways, as the schema allows.
		{"trees", `{"label":"r","list":[null,{"label":"c"}]}`, `{"label":"r","list":[null,{"label":"c"}]}`},
		{"report", `{"full":true}`, `{"when":"2026-07-28T12:00:00.0000005Z","count":2,"pair":{"a":1},"tags":["x"],"addr":"192.0.2.1","span":90,"note":"full","empty":"no"}`},
		{"anon", `{}`, `{"x":7,"y":[]}`},
		{"counts", `{}`, `{"a":1,"b":2}`},
		{"points", `{}`, `[{"a":1},null]`},
		{"formats", `{}`, `{"start":"2026-07-28T12:00:00Z","window":"PT1H30M","pause":"PT5M","retries":3}`},
		{"formats", `{"window":"PT2S","retries":0,"uri":"https://example.com/a?b#c"}`, `{"uri":"https://example.com/a?b#c","start":"2026-07-28T12:00:00Z","window":"PT2S","pause":"PT5M","retries":0}`},
		{"numbers", `{"tenth":0.3,"millis":1500,"nanos":7,"quarter":9.75,"big":10}`, `{"tenth":0.3,"big":10,"millis":1500,"nanos":7,"quarter":9.75}`},
		{"shapes", `{"corners":[{"a":1},{"a":2,"b":3}],"maybe":[],"items":[{"name":"n"}],"by_name":{"p":{"a":1}},"matrix":[[1],[]],"blob":""}`,
			`{"matrix":[[1],[]],"corners":[{"a":1},{"a":2,"b":3}],"items":[{"name":"n"}],"maybe":[],"by_name":{"p":{"a":1}}}`},
	} {
		res := callTool(t, "extra", c.tool, c.args)
		if res.IsError || string(res.StructuredContent) != c.want {
			t.Errorf("%s %s:\n got %s %+v\nwant %s", c.tool, c.args, res.StructuredContent, res.Content, c.want)
		}
	}
	// A nil result and no error is the author's bug, marked as one; an
	// error the handler returned is its answer, unmarked.
	res := callTool(t, "extra", "report", `{"nil":true}`)
	if !res.IsError || res.Content[0].Text != "the tool returned a nil *example.com/cg/extra.Report and no error" || res.Meta[abi.MetaFault] != abi.FaultNilResult {
		t.Errorf("report nil: %+v", res)
	}
	res = callTool(t, "extra", "report", `{"fail":"it broke"}`)
	if !res.IsError || res.Content[0].Text != "it broke" || res.Meta[abi.MetaFault] != nil {
		t.Errorf("report fail: %+v", res)
	}
	res = callTool(t, "extra", "picture", `{}`)
	if res.IsError || string(res.StructuredContent) != `{"a":1,"b":2}` || len(res.Content) != 2 || res.Content[1].Type != "image" || res.Content[1].MimeType != "image/png" {
		t.Errorf("picture: %s %+v", res.StructuredContent, res.Content)
	}
	// A string result is the answer's text, not JSON, with no
	// structuredContent; another value that is not an object is its JSON
	// both ways. Neither declares an outputSchema (TestDiscovery).
	for _, c := range []struct{ tool, text, structured string }{
		{"shout", `HEY "YOU"!`, ""},
		{"pick", "b", ""},
		{"caption", "a caption", ""},
		{"flag", "true", "true"},
	} {
		res := callTool(t, "extra", c.tool, `{}`)
		if res.IsError || len(res.Content) == 0 || res.Content[0].Type != "text" || res.Content[0].Text != c.text || string(res.StructuredContent) != c.structured {
			t.Errorf("%s: got %+v %s, want the text %q and structuredContent %q", c.tool, res.Content, res.StructuredContent, c.text, c.structured)
		}
	}
	// A file outside the mounts, or under one this call lacks, is an
	// error that names the path and the mounts, not just "bad file number".
	for path, want := range map[string]string{
		"/etc/hostname":     "/etc/hostname is outside every directory mounted for a module: it opens files only under /volume/tmp, /volume/data (when the agent enables it), /package (the package's assets) and /skills",
		"/volume/data/note": "/volume/data is not mounted in this call: it is mounted only when the agent enables it for the function (subakogo call and serve: --data)",
		"/volume":           "/volume is not a directory a module can make or open: it holds the mounts /volume/tmp and /volume/data, which is mounted only when the agent enables it (subakogo call and serve: --data)",
		"/package/none":     "/package/none is not mounted in this call: a module opens files only under /volume/tmp,",
	} {
		res := callTool(t, "extra", "read", `{"path":"`+path+`"}`)
		if !res.IsError || len(res.Content) != 1 || !strings.Contains(res.Content[0].Text, "\n"+want) {
			t.Errorf("read %s: %+v, want a line %q", path, res.Content, want)
		}
	}
	// A file missing from a mounted directory is only that.
	h, m := wasmModule(t, "extra")
	vol := t.TempDir()
	if err := os.Mkdir(filepath.Join(vol, "tmp"), 0o755); err != nil {
		t.Fatal(err)
	}
	c := h.Call(context.Background(), m, "read", json.RawMessage(`{"path":"/volume/tmp/none"}`), host.CallConfig{Timeout: 10 * time.Second, Mounts: host.Mounts{Volume: vol}})
	if !bytes.Contains(c.Result, []byte(`"isError":true`)) || !bytes.Contains(c.Result, []byte("No such file")) || bytes.Contains(c.Result, []byte("mounted")) {
		t.Errorf("read of a file missing from a mount: %s", c.Result)
	}
	// A relative path resolves against the working directory, the first
	// mount, not the package's directory as in go test: the hint says so
	// and names where a packaged file is.
	for path, want := range map[string]string{
		"greetings.txt":    "greetings.txt is relative to the working directory /volume/tmp, not the package's: a file the package ships in assets/ is /package/greetings.txt; open files by absolute path",
		"./data/names.csv": "./data/names.csv is relative to the working directory /volume/tmp, not the package's: a file the package ships in assets/ is /package/data/names.csv;",
	} {
		c := h.Call(context.Background(), m, "read", json.RawMessage(`{"path":"`+path+`"}`), host.CallConfig{Timeout: 10 * time.Second, Mounts: host.Mounts{Volume: vol}})
		var res callResult
		if err := json.Unmarshal(c.Result, &res); err != nil || !res.IsError || len(res.Content) != 1 || !strings.Contains(res.Content[0].Text, "No such file or directory\n"+want) {
			t.Errorf("read %s: %s, want a line %q", path, c.Result, want)
		}
	}
	if res := callTool(t, "extra", "caption", `{}`); len(res.Content) != 2 || res.Content[1].Type != "image" {
		t.Errorf("caption: %+v, want its text then its image", res.Content)
	}
	p, _ := extraPackage(t)
	for _, tool := range p.Tools {
		if out, err := tool.OutputSchema(); err != nil || (out == nil) != (tool.Name == "shout" || tool.Name == "pick" || tool.Name == "caption" || tool.Name == "flag" || tool.Name == "points" || tool.Name == "read") {
			t.Errorf("%s: outputSchema %s, %v", tool.Name, out, err)
		}
	}
	for _, c := range []struct{ tool, args, want string }{
		{"wide", `{}`, "arguments.f0: is required (so are f3, f6,"},
		{"shapes", `{"corners":[{"a":1},{"a":2}],"groups":{"a":[],"b":[],"c":[]}}`, "arguments.groups: must have at most 2 members"},
		{"shapes", `{"corners":[{"a":1},{"a":2}],"code":"abc"}`, "arguments.code: must match the pattern ^[A-Z]"},
		{"shapes", `{"corners":[{"a":1},{"a":2}],"items":[{"name":""}]}`, "arguments.items[0].name: must be at least 1 character"},
		{"shapes", `{"corners":[{"a":1},{"a":2}],"matrix":[[1],[2,300]]}`, "arguments.matrix[1][1]: must be at most 127"},
		{"shapes", `{"corners":[{"a":1},{"a":2}],"rows":[{"x":1}]}`, "arguments.rows[0].x: must be a boolean, found a number"},
		{"shapes", `{"corners":[{"a":1},{"b":2}]}`, "arguments.corners[1].a: is required"},
		{"shapes", `{"corners":[{"a":1},{"a":2}],"addrs":["::1","x"]}`, `arguments.addrs[1]: is not valid: ParseAddr("x")`},
		{"numbers", `{"tenth":0.35}`, "arguments.tenth: must be a multiple of 0.1"},
		{"numbers", `{"open":3}`, "arguments.open: must be less than 3"},
		{"numbers", `{"open":-3}`, "arguments.open: must be greater than -3"},
		{"numbers", `{"bounded":2.5}`, "arguments.bounded: must be at most 2.25"},
		{"numbers", `{"i32":4}`, "arguments.i32: must be a multiple of 3"},
		{"numbers", `{"big":9}`, "arguments.big: must be at least 10"},
		{"numbers", `{"quarter":0.3}`, "arguments.quarter: must be a multiple of 0.25"},
		{"formats", `{"uri":"/relative"}`, "arguments.uri: must be an absolute URI"},
		{"trees", `{"label":"r","kids":{"a":{"label":"a","list":[{"label":"c"},{"lab":"d"}]}}}`, "arguments.kids.a.list[1].label: is required\narguments.kids.a.list[1].lab: is not a known member (known: label, kids, list)"},
		{"formats", `{"uuid":"123"}`, "arguments.uuid: must be a UUID"},
		{"formats", `{"clock":"25:00:00Z"}`, "arguments.clock: must be a time"},
		{"formats", `{"start":"2026-12-31T23:59:60Z"}`, "arguments.start: is a leap second"},
	} {
		res := callTool(t, "extra", c.tool, c.args)
		if !res.IsError || !strings.HasPrefix(res.Content[0].Text, c.want) {
			t.Errorf("%s %s:\n got %+v\nwant an error starting %q", c.tool, c.args, res, c.want)
		}
	}
}

// TestSchemaTerms: an integer past its Go type fails in the schema's
// words, the schema's bound when it states one (an int16 with
// exclusiveMaximum 3 sent 40000), else the type's, which the schema
// carries (a uint8 sent 300 or -1), never Go's range.
func TestSchemaTerms(t *testing.T) {
	extraPackage(t)
	for args, want := range map[string]string{
		`{"open":40000}`:  "arguments.open: must be less than 3",
		`{"open":-40000}`: "arguments.open: must be greater than -3",
		`{"u8":300}`:      "arguments.u8: must be at most 255",
		`{"u8":-1}`:       "arguments.u8: must be at least 0",
		`{"i16":1e30}`:    "arguments.i16: must be at most 32767",
		`{"big":-5}`:      "arguments.big: must be at least 10",
	} {
		res := callTool(t, "extra", "numbers", args)
		if !res.IsError || len(res.Content) != 1 || res.Content[0].Text != want {
			t.Errorf("%s: %+v, want %q", args, res.Content, want)
		}
	}
}
