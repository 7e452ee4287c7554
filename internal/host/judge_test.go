package host

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/abi"
)

// StderrTail shows what Subako would: a Go crash's cause, else the last
// line, cut to 200 bytes.
func TestStderrTail(t *testing.T) {
	long := strings.Repeat("x", 300)
	trace := strings.Repeat("runtime.mallocgc(...)\n\t/usr/local/go/src/runtime/malloc.go:1062 +0x1c\n", 200) // past StderrShown
	for _, c := range []struct {
		stderr []string // the writes, in order
		want   string
	}{
		{nil, ""},
		{[]string{"  \n"}, ""},
		{[]string{"starting\nfailed: no city\n"}, `; stderr ends: "failed: no city"`},
		{[]string{"log\npanic: boom\n\ngoroutine 1 [running]:\nmain.main()\n"}, `; stderr says why: "panic: boom"`},
		{[]string{"panic: first [recovered, repanicked]\n\tpanic: second\n\ngoroutine 1 [running]:\n"}, `; stderr says why: "panic: first [recovered, repanicked]"`},
		{[]string{long}, `; stderr ends: "` + long[:160] + `... (200 bytes)"`},
		// Go's runtime prints a piece at a time, and a trace far longer
		// than the tail kept: the cause is still the line that says why.
		{[]string{"runtime: out of memory: cannot allocate ", "3221225472", "-byte block (", "3866624", " in use)\n", "fatal error: ", "out of memory", "\n\n", trace},
			`; stderr says why: "fatal error: out of memory (runtime: out of memory: cannot allocate 3221225472-byte block (3866624 in use))"`},
		{[]string{"runtime: goroutine stack exceeds 1000000000-byte limit\nruntime: sp=0x1d1b2b360398 stack=[0x1d1b2b360000, 0x1d1b4b360000]\nfatal error: stack overflow\n\nruntime stack:\n", trace},
			`; stderr says why: "fatal error: stack overflow (runtime: goroutine stack exceeds 1000000000-byte limit)"`},
		{[]string{"runtime: a log line\nnot a cause\nfatal error: all goroutines are asleep - deadlock!\n", trace}, `; stderr says why: "fatal error: all goroutines are asleep - deadlock!"`},
		// A line longer than a cause's is cut, not kept whole.
		{[]string{"fatal error: " + strings.Repeat("y", 1<<20) + "\n"}, `; stderr says why: "fatal error: ` + strings.Repeat("y", 160-len("fatal error: ")) + `... (256 bytes)"`},
	} {
		var cause crashCause
		var all []byte
		for _, w := range c.stderr {
			cause.write([]byte(w))
			all = append(all, w...)
		}
		r := &Record{Stderr: stderrTail(all), StderrCause: cause.text()}
		r.complete()
		if got := r.StderrTail; got != c.want {
			t.Errorf("StderrTail(%.80q) = %s, want %s", all, got, c.want)
		}
	}
}

// ParseMessage holds a module's line to what Subako reads: an error member
// must be an error object, and "error":null is none.
func TestParseMessage(t *testing.T) {
	for _, c := range []struct {
		line            string
		ok, isErr, resp bool
	}{
		{`{"jsonrpc":"2.0","id":1,"result":{}}`, true, false, true},
		{`{"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"boom"}}`, true, true, true},
		{`{"jsonrpc":"2.0","id":1,"error":null}`, true, false, false},
		{`{"jsonrpc":"2.0","id":1,"error":"boom"}`, false, false, false},
		{`{"jsonrpc":"2.0","id":1,"error":{"code":"x"}}`, false, false, false},
		{`{"jsonrpc":"1.0","id":1,"result":{}}`, false, false, false},
		{`{"jsonrpc":"2.0","id":1,"result":{}} {}`, false, false, false},
		{`{"jsonrpc":"2.0","id":1,"result":{}}]`, false, false, false},
		{` {"jsonrpc":"2.0","result":null,"id":1,"x":[1]} `, true, false, true},
		{`{"jsonrpc":2,"id":1,"result":{}}`, false, false, false},
		{`{"jsonrpc":"2.0","id":1,"method":7}`, false, false, false},
		{`{"jsonrpc":"2.0","id":1,"result":{},"Result":{}}`, false, false, false},
		{`{"jsonrpc":"2.0","id":1,"result":{},"result":{}}`, false, false, false},
		{`[{"jsonrpc":"2.0","id":1,"result":{}}]`, false, false, false},
		// Text that is not Unicode (attack pass 40o, row 1), and text that is.
		{"{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"d\":\"a \xff b\"}}", false, false, false},
		{`{"jsonrpc":"2.0","id":1,"result":{"d":"a \ud800 b"}}`, false, false, false},
		{`{"jsonrpc":"2.0","id":1,"result":{"d":"\ud83d\ude00 é \\ud800"}}`, true, false, true},
	} {
		m, ok := ParseMessage([]byte(c.line))
		if ok != c.ok || (ok && ((m.RPCError != nil) != c.isErr || (m.Error != nil) != c.isErr || m.IsResponse() != c.resp)) {
			t.Errorf("%s: ok %v, error %v, response %v", c.line, ok, m.RPCError, m.IsResponse())
		}
	}
}

// An unanswered request is explained by any other break; a break says
// whether every request was answered.
func TestExplained(t *testing.T) {
	none := &Record{Sent: [][]byte{ToolCall(json.RawMessage(`1`), "t", nil)}, CloseToExit: -1, StdinClosed: -1}
	none.complete()
	trap := &Record{Sent: none.Sent, Trap: "boom", CloseToExit: -1, StdinClosed: -1}
	trap.complete()
	exit := &Record{Sent: none.Sent, Lines: []Line{{Text: []byte(`{"jsonrpc":"2.0","id":1,"result":{"resultType":"complete"}}`)}},
		Exited: true, ExitCode: 2, CloseToExit: -1, StdinClosed: -1}
	exit.complete()
	if b := none.Breaks(); len(b) != 1 || b[0].Explained || b[0].Answered {
		t.Errorf("unanswered alone: %+v", b)
	}
	if b := trap.Breaks(); len(b) != 2 || !b[0].Explained || b[0].Kind != BreakNoAnswer || b[1].Explained || b[1].Answered {
		t.Errorf("unanswered after a trap: %+v", b)
	}
	if b := exit.Breaks(); len(b) != 1 || b[0].Kind != BreakExitCode || !b[0].Answered {
		t.Errorf("exit after the answer: %+v", b)
	}
}

// TestRequestIsSubakos came from attack pass 36c: every request the host
// sent said in _meta that it came from "subako-go" 0.1.0, its members in
// Go's order and its call ids of 12 hex digits, where Subako sends
// {"name":"subako","version":"0.2.3"} in the ABI's order and ids like
// "call-0192f5c4". A module that compared clientInfo's name answered the
// linter a clean tool list and anyone else a poisoned one, and lint said
// "no findings". Every request is now byte for byte Subako's: the ABI
// page's tools/call line, the same _meta in server/discover and
// tools/list, strings escaped as Subako's writer escapes them (a cursor
// is the module's own text), ids of Subako's shape.
func TestRequestIsSubakos(t *testing.T) {
	page, err := os.ReadFile("../../abi/testdata/abi-page.txt")
	if err != nil {
		t.Fatal(err)
	}
	var subako string
	for line := range strings.Lines(string(page)) {
		if strings.HasPrefix(line, `{"jsonrpc":"2.0","id":"call-0192f5c4","method":"tools/call"`) {
			subako = strings.TrimSpace(line)
		}
	}
	if subako == "" {
		t.Fatal("the ABI page has no tools/call request")
	}
	if got := string(ToolCall([]byte(`"call-0192f5c4"`), "greet", []byte(`{ "name": "Ada" }`))); got != subako {
		t.Errorf("the host's tools/call differs from Subako's:\ngot    %s\nSubako %s", got, subako)
	}
	meta := subako[strings.Index(subako, `"_meta":`) : len(subako)-2]
	for _, c := range []struct{ got, want string }{
		{string(request(jsonString("discover-1"), abi.MethodDiscover)),
			`{"jsonrpc":"2.0","id":"discover-1","method":"server/discover","params":{` + meta + `}}`},
		{string(request(jsonString("tools-list-2"), abi.MethodToolsList, param{key: "cursor", str: "<&>\u2028\"\\\x01\n\x7f"})),
			`{"jsonrpc":"2.0","id":"tools-list-2","method":"tools/list","params":{"cursor":"<&>` + "\u2028" + `\"\\\u0001\n` + "\x7f" + `",` + meta + `}}`},
	} {
		if c.got != c.want {
			t.Errorf("got  %s\nwant %s", c.got, c.want)
		}
	}
	var req struct {
		Params struct {
			Meta map[string]json.RawMessage `json:"_meta"`
		} `json:"params"`
	}
	if err := json.Unmarshal(request(jsonString("tools-list-1"), abi.MethodToolsList), &req); err != nil {
		t.Fatal(err)
	}
	var info struct{ Name, Version string }
	if err := json.Unmarshal(req.Params.Meta[abi.MetaClientInfo], &info); err != nil || info.Name != "subako" || info.Version != "0.2.3" {
		t.Errorf("the host calls itself %+v in clientInfo, where Subako says subako 0.2.3: a module can answer the linter alone", info)
	}
	shape := regexp.MustCompile(`^call-[0-9a-f]{8}$`)
	if a, b := newCallID(nil), newCallID(nil); !shape.MatchString(a) || !shape.MatchString(b) || a == b {
		t.Errorf("call ids %q and %q: want two of Subako's shape, call-0192f5c4", a, b)
	}
}

// Every break kind has its line in BreakTable, with an upload rule, and a
// probe rule or the probe's crash rule: a kind added without one fails
// here, and so does one taken out of the table (planted below).
func TestBreakTableCoversEveryKind(t *testing.T) {
	if missing := untabled(BreakTable); len(missing) > 0 {
		t.Errorf("break kinds missing from BreakTable: %v", missing)
	}
	planted := maps.Clone(BreakTable)
	delete(planted, BreakRepeated)
	if missing := untabled(planted); len(missing) != 1 || missing[0] != BreakRepeated {
		t.Errorf("a table without %s: missing %v", BreakRepeated, missing)
	}
	if len(BreakTable) != len(BreakKinds) {
		t.Errorf("BreakTable has %d kinds, BreakKinds %d: a kind is not listed", len(BreakTable), len(BreakKinds))
	}
	// BreakKinds holds every constant of the type, each once.
	f, err := parser.ParseFile(token.NewFileSet(), "judge.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	declared := 0
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.CONST {
			for _, spec := range g.Specs {
				if v := spec.(*ast.ValueSpec); v.Type != nil && types.ExprString(v.Type) == "BreakKind" {
					declared += len(v.Names)
				}
			}
		}
	}
	if unique := len(slices.Compact(slices.Sorted(slices.Values(BreakKinds)))); declared != len(BreakKinds) || unique != len(BreakKinds) {
		t.Errorf("judge.go declares %d break kinds, BreakKinds lists %d (%d distinct)", declared, len(BreakKinds), unique)
	}
}

// untabled are the kinds of BreakKinds table leaves out, or maps to no
// upload rule.
func untabled(table map[BreakKind]BreakRule) []BreakKind {
	var out []BreakKind
	for _, k := range BreakKinds {
		if r, ok := table[k]; !ok || r.Upload == nil {
			out = append(out, k)
		}
	}
	return out
}

// A record's breaks say what they are about: the line, its id, and for an
// answer to an id never asked, the id that was; an unanswered request
// names its id. The lines are decoded once, for every reader.
func TestBreaksSelfDescribing(t *testing.T) {
	r := &Record{
		Sent: [][]byte{ToolCall(json.RawMessage(`"a"`), "t", nil), ToolCall(json.RawMessage(`7`), "t", nil)},
		Lines: []Line{
			{Text: []byte(`{"jsonrpc":"2.0","id":"7","result":{"resultType":"complete"}}`)},
			{Text: []byte(`{"jsonrpc":"2.0","id":null,"result":{}}`)},
			{Text: []byte(`not json`)},
		},
		CloseToExit: -1, StdinClosed: -1, Elapsed: time.Second,
	}
	r.complete()
	for _, l := range r.Lines[:2] {
		if l.Msg == nil || !l.decoded {
			t.Errorf("line %s not decoded", l.Text)
		}
	}
	if r.Lines[2].Msg != nil || !r.Lines[2].decoded {
		t.Error("a line that is no message has a Msg")
	}
	type want struct {
		kind      BreakKind
		line      int
		id, asked string
	}
	var got []want
	for _, b := range r.Breaks() {
		if b.Line >= 0 && string(b.Text) != string(r.Lines[b.Line].Text) {
			t.Errorf("%s: text %s, line %d", b.Kind, b.Text, b.Line)
		}
		got = append(got, want{b.Kind, b.Line, string(b.ID), string(b.Asked)})
	}
	exp := []want{
		{BreakUnknownID, 0, `"7"`, `7`},
		{BreakUnknownID, 1, ``, `7`},
		{BreakNotMessage, 2, ``, ``},
		{BreakNoAnswer, -1, `"a"`, ``},
		{BreakNoAnswer, -1, `7`, ``},
	}
	if len(got) != len(exp) {
		t.Fatalf("breaks %+v, want %+v", got, exp)
	}
	for i := range exp {
		if got[i] != exp[i] {
			t.Errorf("break %d: %+v, want %+v", i, got[i], exp[i])
		}
	}
}

// TestModuleLineNotUnicodeText (attack pass 40o, row 1): a module line
// whose text is not Unicode, a raw byte that is not UTF-8 or a lone
// surrogate escape, is no message, and its break says which and where:
// encoding/json reads both as U+FFFD, so the text the linter checked was
// not the text the module sent, and a strict reader (serde_json, or this
// project's jsonwire.RequireValidText) refuses the line.
func TestModuleLineNotUnicodeText(t *testing.T) {
	for _, c := range []struct{ line, why string }{
		{"{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"d\":\"Adds two \xff numbers.\"}}", "not UTF-8 at byte 48"},
		{"{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"d\":\"\xed\xa0\x80\"}}", "not UTF-8 at byte 39"}, // a surrogate encoded in UTF-8
		{`{"jsonrpc":"2.0","id":1,"result":{"d":"Adds two \ud800 numbers."}}`, `a lone surrogate \ud800 at byte 48`},
		{`{"jsonrpc":"2.0","id":1,"result":{"d":"\udc00\ud800"}}`, `a lone surrogate \udc00 at byte 39`},
		{`{"jsonrpc":"2.0","id":1,"result":{"d":"\uD800\u0041"}}`, `a lone surrogate \uD800 at byte 39`},
		{`{"jsonrpc":"2.0","id":1,"result":{"d":"\ud800"}}`, `a lone surrogate \ud800 at byte 39`},
		{`{"jsonrpc":"2.0","id":1,"result":{"d":"\ud83d\ude00"}}`, ""},
		{`{"jsonrpc":"2.0","id":1,"result":{"d":"\\ud800 \\\ud83d\ude00 é"}}`, ""},
	} {
		if got := textProblem([]byte(c.line)); got != c.why {
			t.Errorf("%q: %q, want %q", c.line, got, c.why)
		}
		if _, ok := ParseMessage([]byte(c.line)); ok != (c.why == "") {
			t.Errorf("%q: ParseMessage ok %v", c.line, ok)
		}
		if c.why == "" {
			continue
		}
		r := &Record{Sent: [][]byte{ToolCall(json.RawMessage(`1`), "t", nil)}, Lines: []Line{{Text: []byte(c.line)}},
			Exited: true, CloseToExit: -1, StdinClosed: -1}
		r.complete()
		if b := r.Breaks(); len(b) == 0 || b[0].Kind != BreakNotMessage || !strings.Contains(b[0].Message, "("+c.why+")") {
			t.Errorf("%q: breaks %+v, want %s saying %q", c.line, b, BreakNotMessage, c.why)
		}
	}
}

// TestTimeoutWaitingOnHTTP (attack pass 41f, row 1): the time a module
// waits on its subako_http requests is its own, and a verdict of a run out
// of time says so: the request it was waiting on when its time ran out, or
// how much of its time its requests took.
func TestTimeoutWaitingOnHTTP(t *testing.T) {
	sent := [][]byte{ToolCall(json.RawMessage(`1`), "t", nil)}
	for _, c := range []struct {
		rec  Record
		want string
	}{
		{Record{HTTPRequest: 2, HTTPRequests: 2, HTTPWait: 1900 * time.Millisecond},
			"ran out of time after 2s of its own time waiting on HTTP: its subako_http request 2 was still unanswered (the time a module waits on its requests counts towards its limit, as in Subako) (by then"},
		{Record{HTTPRequests: 2, HTTPWait: 1400 * time.Millisecond}, "ran out of time after 2s of its own time, 1.4s of it waiting on HTTP (its 2 subako_http requests) (by then"},
		{Record{HTTPRequests: 1, HTTPWait: 1400 * time.Millisecond}, "ran out of time after 2s of its own time, 1.4s of it waiting on HTTP (its subako_http request) (by then"},
		{Record{}, "ran out of time after 2s of its own time (by then"},
	} {
		r := c.rec
		r.Sent, r.TimedOut, r.Limit, r.CloseToExit, r.StdinClosed = sent, true, 2*time.Second, -1, -1
		r.complete()
		var got string
		for _, b := range r.Breaks() {
			if b.Kind == BreakTimeout {
				got = b.Message
			}
		}
		if !strings.HasPrefix(got, c.want) {
			t.Errorf("%+v:\n%s\nwant it to begin\n%s", c.rec, got, c.want)
		}
	}
}
