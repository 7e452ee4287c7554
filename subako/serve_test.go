package subako

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math/big"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/abi"
)

const meta = `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}`

// request is one request line, with the _meta every request carries.
// params are extra members of params, without braces.
func request(id, method, params string) string {
	if params != "" {
		params += ","
	}
	return `{"jsonrpc":"2.0","id":` + id + `,"method":"` + method + `","params":{` + params + meta + "}}\n"
}

func call(id, tool, args string) string {
	p := `"name":"` + tool + `"`
	if args != "" {
		p += `,"arguments":` + args
	}
	return request(id, "tools/call", p)
}

const serverMeta = `"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"test","version":"1.2.3","description":"A package for tests."}}`

// panicMeta is serverMeta with the runtime's mark of a panic, which a
// host tells from a tool's own error by.
const panicMeta = `"_meta":{"ai.subako/fault":"panic","io.modelcontextprotocol/serverInfo":{"name":"test","version":"1.2.3","description":"A package for tests."}}`

func testPackage() *Package {
	return &Package{
		Name:        "test",
		Description: "A package for tests.",
		Version:     "1.2.3",
		Tools: []Tool{
			{
				Name:         "echo",
				Description:  "Answers its arguments.",
				InputSchema:  []byte("{\n  \"type\": \"object\"\n}"),
				OutputSchema: []byte(`{"type":"object"}`),
				Call:         func(args []byte) Result { return ValueResult(args) },
			},
			{
				Name:        "fail",
				InputSchema: []byte(`{"type":"object","additionalProperties":false}`),
				Call: func([]byte) Result {
					return ErrorResult(NewToolError("name must not be empty"))
				},
			},
			{
				Name:        "boom",
				InputSchema: []byte(`{"type":"object"}`),
				Call: func(args []byte) Result {
					switch string(args) {
					case `{"error":true}`:
						zero := len(args) - len(`{"error":true}`)
						return TextResult(strconv.Itoa(1 / zero)) // a runtime error
					case `{"int":true}`:
						panic(42)
					case `{"stringer":true}`:
						panic(time.Second)
					}
					panic("it broke")
				},
			},
			{
				Name:        "text",
				InputSchema: []byte(`{"type":"object"}`),
				Call:        func([]byte) Result { return TextResult("line 1\nline 2") },
			},
			{
				Name:        "big",
				InputSchema: []byte(`{"type":"object"}`),
				Call: func([]byte) Result {
					return ValueResult([]byte(`"` + strings.Repeat("x", abi.StdoutMaxBytes) + `"`))
				},
			},
			{
				Name:        "picture",
				InputSchema: []byte(`{"type":"object"}`),
				Call: func(args []byte) Result {
					n, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(string(args), `{"n":`), "}"))
					return NewAnswer(1).WithImage("image/png", make([]byte, n)).Result([]byte("1"))
				},
			},
		},
	}
}

// serveString runs a server over input and returns its output; panics are
// logged to a discarded writer.
func serveString(t *testing.T, p *Package, input string) string {
	t.Helper()
	var out bytes.Buffer
	srv, err := newServer(p, &out)
	if err != nil {
		t.Fatal(err)
	}
	srv.log = io.Discard
	if err := srv.serve(strings.NewReader(input)); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// answer serves one request and returns the answer without its newline.
func answer(t *testing.T, line string) string {
	t.Helper()
	out := serveString(t, testPackage(), line)
	if strings.Count(out, "\n") != 1 || !strings.HasSuffix(out, "\n") {
		t.Fatalf("want one answer line for %s, got %q", line, out)
	}
	return strings.TrimSuffix(out, "\n")
}

// readLine reads one line from r within a few seconds, or fails: a server
// that waits for more input than it needs would hang here.
func readLine(t *testing.T, r *bufio.Reader) string {
	t.Helper()
	type result struct {
		line string
		err  error
	}
	c := make(chan result, 1)
	go func() {
		line, err := r.ReadString('\n')
		c <- result{line, err}
	}()
	select {
	case res := <-c:
		if res.err != nil {
			t.Fatalf("reading an answer: %v", res.err)
		}
		return res.line
	case <-time.After(5 * time.Second):
		t.Fatal("no answer while the input stays open: the server reads ahead")
	}
	return ""
}

// The server must answer a request while stdin stays open, as Subako holds
// it open until the answer arrives; it must also answer every complete line
// of one read before reading again, and join a line split across reads.
func TestServeAnswersWithoutReadingAhead(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- ServeIO(testPackage(), inR, outW) }()
	out := bufio.NewReader(outR)
	send := func(s string) {
		t.Helper()
		if _, err := io.WriteString(inW, s); err != nil {
			t.Fatal(err)
		}
	}

	send(call("1", "echo", `{"a":1}`))
	if got := readLine(t, out); !strings.HasPrefix(got, `{"jsonrpc":"2.0","id":1,"result":`) {
		t.Fatalf("first answer %s", got)
	}

	two := call("2", "echo", "") + call("3", "echo", "")
	send(two)
	for _, id := range []string{"2", "3"} {
		if got := readLine(t, out); !strings.HasPrefix(got, `{"jsonrpc":"2.0","id":`+id+`,`) {
			t.Fatalf("answer %s: %s", id, got)
		}
	}

	split := call("4", "echo", `{"b":2}`)
	send(split[:20])
	send(split[20:])
	if got := readLine(t, out); !strings.HasPrefix(got, `{"jsonrpc":"2.0","id":4,`) {
		t.Fatalf("split request: %s", got)
	}

	inW.Close()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("ServeIO at the end of input: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("ServeIO did not return at the end of input")
	}
}

// Stdin may be a file that ends right after the request, with or without a
// final newline.
func TestServeInputEnds(t *testing.T) {
	line := call("7", "echo", `{"x":true}`)
	want := `{"jsonrpc":"2.0","id":7,"result":{"resultType":"complete","content":[{"type":"text","text":"{\"x\":true}"}],"structuredContent":{"x":true},` + serverMeta + "}}\n"
	for name, input := range map[string]string{
		"newline":         line,
		"no newline":      strings.TrimSuffix(line, "\n"),
		"crlf":            strings.TrimSuffix(line, "\n") + "\r\n",
		"blank lines":     "\n  \r\n" + line + "\n\t\n",
		"trailing spaces": strings.TrimSuffix(line, "\n") + "  ",
	} {
		if got := serveString(t, testPackage(), input); got != want {
			t.Errorf("%s: got %q\nwant %q", name, got, want)
		}
	}
	if got := serveString(t, testPackage(), ""); got != "" {
		t.Errorf("empty input: got %q", got)
	}
}

// Ids are echoed exactly as written: 1, 1.0 and "1" are different ids.
// (A number id must be an integer, however spelled: -250E-1 is -25.)
func TestServeEchoesIDs(t *testing.T) {
	for _, id := range []string{
		`1`, `1.0`, `"1"`, `0`, `-5`, `1e3`, `-250E-1`, `12.5e1`,
		`123456789012345678901234567890`, `""`, `"call-0192f5c4"`,
		`"quote \" and \\ and \u00e9 and é"`, `"\ud83d\ude00"`,
	} {
		got := answer(t, request(id, "server/discover", ""))
		if want := `{"jsonrpc":"2.0","id":` + id + `,"result":`; !strings.HasPrefix(got, want) {
			t.Errorf("id %s: got %s", id, got)
		}
	}
	// An id with spaces around it is echoed without them.
	got := answer(t, `{"jsonrpc":"2.0", "id" :  42 ,"method":"server/discover","params":{`+meta+"}}")
	if !strings.HasPrefix(got, `{"jsonrpc":"2.0","id":42,"result":`) {
		t.Errorf("got %s", got)
	}
}

func TestIsInteger(t *testing.T) {
	for _, num := range []string{
		"0", "-0", "0.0", "0e-99999", "1", "-7", "1.0", "1.5", "15e-1", "150e-1", "1.50e1", "1.5e1",
		"0.001e3", "0.001e2", "100e-2", "100e-3", "1e400", "1e-400", "12345678901234567890123",
		"1.0000000000000000000001", "1E+2", "25E-1", "-250E-1", "5e2147483648", "5e-2147483648",
	} {
		want := !strings.Contains(num, "e-") // for exponents too large for big.Rat
		if e := strings.IndexAny(num, "eE"); e < 0 || len(num)-e < 8 {
			r, _ := new(big.Rat).SetString(num)
			want = r.IsInt()
		}
		if got := isInteger([]byte(num)); got != want {
			t.Errorf("isInteger(%s) = %v", num, got)
		}
	}
}

func TestServeDiscover(t *testing.T) {
	got := answer(t, request(`"discover-1"`, "server/discover", ""))
	want := `{"jsonrpc":"2.0","id":"discover-1","result":{"resultType":"complete","supportedVersions":["2026-07-28"],"capabilities":{"tools":{}},"ttlMs":300000,"cacheScope":"public",` + serverMeta + `}}`
	if got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	// Without Version or Description, serverInfo still has a version.
	p := &Package{Name: "bare", Tools: testPackage().Tools[:1]}
	got = serveString(t, p, request("1", "server/discover", ""))
	if !strings.Contains(got, `"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"bare","version":"0.0.0"}}}`) {
		t.Fatalf("got %s", got)
	}
}

func TestServeToolsList(t *testing.T) {
	p := testPackage()
	p.Tools = p.Tools[:2]
	got := strings.TrimSuffix(serveString(t, p, request(`"tools-list-1"`, "tools/list", "")), "\n")
	want := `{"jsonrpc":"2.0","id":"tools-list-1","result":{"resultType":"complete","tools":[` +
		`{"name":"echo","description":"Answers its arguments.","inputSchema":{"type":"object"},"outputSchema":{"type":"object"}},` +
		`{"name":"fail","inputSchema":{"type":"object","additionalProperties":false}}` +
		`],"ttlMs":300000,"cacheScope":"public",` + serverMeta + `}}`
	if got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	// A null cursor is no cursor.
	if again := strings.TrimSuffix(serveString(t, p, request(`"tools-list-1"`, "tools/list", `"cursor":null`)), "\n"); again != want {
		t.Fatalf("null cursor: %s", again)
	}
}

// Annotations are listed after the schemas, members in MCP's order, only
// the hints stated.
func TestServeToolsListAnnotations(t *testing.T) {
	p := testPackage()
	p.Tools = p.Tools[:2]
	p.Tools[0].Annotations = ToolAnnotations{Title: "Echo \"it\"", ReadOnly: HintTrue, OpenWorld: HintFalse}
	p.Tools[1].Annotations = ToolAnnotations{Destructive: HintFalse, Idempotent: HintTrue}
	got := serveString(t, p, request("1", "tools/list", ""))
	for _, want := range []string{
		`"outputSchema":{"type":"object"},"annotations":{"title":"Echo \"it\"","readOnlyHint":true,"openWorldHint":false}}`,
		`"additionalProperties":false},"annotations":{"destructiveHint":false,"idempotentHint":true}}`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("tools/list lacks %s:\n%s", want, got)
		}
	}
	p.Tools[1].Annotations.OpenWorld = 7
	if err := ServeIO(p, strings.NewReader(request("1", "tools/list", "")), io.Discard); err == nil || !strings.Contains(err.Error(), `tool "fail": an annotation hint is not`) {
		t.Errorf("a hint of 7: %v", err)
	}
}

// listAll follows nextCursor through every page and returns the tool names
// of each page.
func listAll(t *testing.T, p *Package) [][]string {
	t.Helper()
	var pages [][]string
	cursor := ""
	for {
		params := ""
		if cursor != "" {
			params = `"cursor":` + strconv.Quote(cursor)
		}
		var resp struct {
			Result struct {
				Tools      []struct{ Name string }
				NextCursor *string
			}
		}
		if err := json.Unmarshal([]byte(serveString(t, p, request("1", "tools/list", params))), &resp); err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, tool := range resp.Result.Tools {
			names = append(names, tool.Name)
		}
		pages = append(pages, names)
		if resp.Result.NextCursor == nil {
			return pages
		}
		cursor = *resp.Result.NextCursor
		if len(pages) > 100 {
			t.Fatal("paging does not end")
		}
	}
}

func TestServeToolsListPages(t *testing.T) {
	p := &Package{Name: "many"}
	for i := range 150 {
		p.Tools = append(p.Tools, Tool{Name: "t" + strconv.Itoa(i), InputSchema: []byte(`{"type":"object"}`), Call: func([]byte) Result { return TextResult("") }})
	}
	pages := listAll(t, p)
	if len(pages) != 3 || len(pages[0]) != 64 || len(pages[1]) != 64 || len(pages[2]) != 22 || pages[1][0] != "t64" || pages[2][21] != "t149" {
		t.Fatalf("pages of %d tools: got %d pages %v", len(p.Tools), len(pages), pages)
	}

	// Pages also end before 256 KiB of tools: five tools of 100 KiB each
	// take three pages.
	p = &Package{Name: "large"}
	schema := []byte(`{"type":"object","description":"` + strings.Repeat("d", 100<<10) + `"}`)
	for i := range 5 {
		p.Tools = append(p.Tools, Tool{Name: "t" + strconv.Itoa(i), InputSchema: schema, Call: func([]byte) Result { return TextResult("") }})
	}
	pages = listAll(t, p)
	if len(pages) != 3 || len(pages[0]) != 2 || len(pages[1]) != 2 || len(pages[2]) != 1 {
		t.Fatalf("pages of large tools: %v", pages)
	}

	// One tool larger than a page still gets its own page.
	p.Tools[0].InputSchema = []byte(`{"type":"object","description":"` + strings.Repeat("d", 300<<10) + `"}`)
	pages = listAll(t, p)
	if len(pages) != 3 || len(pages[0]) != 1 || len(pages[1]) != 2 {
		t.Fatalf("pages with one huge tool: %v", pages)
	}

	// A cursor is only valid where a page could start.
	p = testPackage()
	for _, cursor := range []string{`""`, `"0"`, `"6"`, `"-1"`, `"01"`, `"+1"`, `"1 "`, `"x"`, `1`, `{}`} {
		got := strings.TrimSuffix(serveString(t, p, request("9", "tools/list", `"cursor":`+cursor)), "\n")
		if want := `{"jsonrpc":"2.0","id":9,"error":{"code":-32602,"message":"Invalid cursor"}}`; got != want {
			t.Errorf("cursor %s: got %s", cursor, got)
		}
	}
	got := serveString(t, p, request("9", "tools/list", `"cursor":"5"`))
	if !strings.Contains(got, `"tools":[{"name":"picture",`) {
		t.Errorf("cursor 5: %s", got)
	}
}

func TestServeToolsCall(t *testing.T) {
	for _, tc := range []struct{ line, want string }{
		{call("1", "echo", "{ \"name\" : \"Ada\",\t\"n\": [1, 2]\r}"), `{"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","content":[{"type":"text","text":"{\"name\":\"Ada\",\"n\":[1,2]}"}],"structuredContent":{"name":"Ada","n":[1,2]},` + serverMeta + `}}`},
		{call("2", "echo", ""), `{"jsonrpc":"2.0","id":2,"result":{"resultType":"complete","content":[{"type":"text","text":"{}"}],"structuredContent":{},` + serverMeta + `}}`},
		{call("3", "echo", "null"), `{"jsonrpc":"2.0","id":3,"result":{"resultType":"complete","content":[{"type":"text","text":"{}"}],"structuredContent":{},` + serverMeta + `}}`},
		{call("4", "fail", "{}"), `{"jsonrpc":"2.0","id":4,"result":{"resultType":"complete","content":[{"type":"text","text":"name must not be empty"}],"isError":true,` + serverMeta + `}}`},
		{call("5", "text", "{}"), `{"jsonrpc":"2.0","id":5,"result":{"resultType":"complete","content":[{"type":"text","text":"line 1\nline 2"}],` + serverMeta + `}}`},
		{call("6", "boom", "{}"), `{"jsonrpc":"2.0","id":6,"result":{"resultType":"complete","content":[{"type":"text","text":"the tool boom panicked: it broke"}],"isError":true,` + panicMeta + `}}`},
		{call("7", "boom", `{"error":true}`), `{"jsonrpc":"2.0","id":7,"result":{"resultType":"complete","content":[{"type":"text","text":"the tool boom panicked: runtime error: integer divide by zero"}],"isError":true,` + panicMeta + `}}`},
		{call("9", "boom", `{"stringer":true}`), `{"jsonrpc":"2.0","id":9,"result":{"resultType":"complete","content":[{"type":"text","text":"the tool boom panicked: 1s"}],"isError":true,` + panicMeta + `}}`},
		{call("8", "boom", `{"int":true}`), `{"jsonrpc":"2.0","id":8,"result":{"resultType":"complete","content":[{"type":"text","text":"the tool boom panicked: a value that is neither an error nor a string"}],"isError":true,` + panicMeta + `}}`},
	} {
		if got := answer(t, tc.line); got != tc.want {
			t.Errorf("%s got  %s\nwant %s", tc.line, got, tc.want)
		}
	}
}

// A panic is logged to stderr with its stack, for the author.
func TestServeLogsPanics(t *testing.T) {
	var out, log bytes.Buffer
	srv, err := newServer(testPackage(), &out)
	if err != nil {
		t.Fatal(err)
	}
	srv.log = &log
	if err := srv.serve(strings.NewReader(call("1", "boom", "{}"))); err != nil {
		t.Fatal(err)
	}
	if got := log.String(); !strings.HasPrefix(got, "subako: the tool boom panicked: it broke\ngoroutine ") || !strings.Contains(got, "serve_test.go") {
		t.Fatalf("log: %s", got)
	}
}

// The tool gets its own copy of the arguments.
func TestServeArgsBelongToTool(t *testing.T) {
	var kept [][]byte
	p := &Package{Name: "keep", Tools: []Tool{{Name: "keep", InputSchema: []byte(`{"type":"object"}`), Call: func(args []byte) Result {
		kept = append(kept, args)
		return TextResult("")
	}}}}
	serveString(t, p, call("1", "keep", `{"a":1}`)+call("2", "keep", `{"b":2}`))
	if len(kept) != 2 || string(kept[0]) != `{"a":1}` || string(kept[1]) != `{"b":2}` {
		t.Fatalf("kept %q", kept)
	}
}

// A result too large for stdout becomes an error result the model can read.
func TestServeResultTooLarge(t *testing.T) {
	got := answer(t, call("1", "big", "{}"))
	want := `{"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","content":[{"type":"text","text":"the result is 2097395 bytes as an answer, over the 1048576 bytes Subako takes on stdout"}],"isError":true,` + serverMeta + `}}`
	if got != want {
		t.Fatalf("got  %.300s\nwant %s", got, want)
	}

	// An inline image counts too, and the error says what to do instead.
	// Base64 makes 3 bytes 4, so 790000 bytes of image take 1053336.
	got = answer(t, call("2", "picture", `{"n":790000}`))
	if !strings.Contains(got, `"isError":true`) || !strings.Contains(got, "attach it with WithImageFile") {
		t.Fatalf("inline image too large: %.300s", got)
	}
	// Just under the limit, the image goes through.
	got = answer(t, call("3", "picture", `{"n":780000}`))
	if strings.Contains(got, `"isError"`) || len(got)+1 > abi.StdoutMaxBytes || !strings.Contains(got, `,{"type":"image","data":"AAAA`) {
		t.Fatalf("inline image under the limit: %d bytes, %.300s", len(got), got)
	}
}

// A line over abi.LineMaxBytes is answered with an error, carrying the id when
// the start of the line shows it, and the next line is served as usual.
func TestServeLineTooLong(t *testing.T) {
	if testing.Short() {
		t.Skip("moves 8 MiB lines")
	}
	long := `{"jsonrpc":"2.0","id":"big-1","method":"tools/call","params":{"name":"echo","arguments":{"s":"` +
		strings.Repeat("x", abi.LineMaxBytes) + `"},` + meta + "}}\n"
	noID := `{"jsonrpc":"2.0","method":"tools/call","params":{"s":"` + strings.Repeat("x", abi.LineMaxBytes) + "\"}}\n"
	out := serveString(t, testPackage(), long+call("2", "text", "")+noID+call("3", "text", "")+noID[:len(noID)-1])
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	tooLong := `"error":{"code":-32600,"message":"Invalid Request: the message is longer than 8388608 bytes"}}`
	want := []string{
		`{"jsonrpc":"2.0","id":"big-1",` + tooLong,
		`{"jsonrpc":"2.0","id":2,"result":`,
		`{"jsonrpc":"2.0",` + tooLong,
		`{"jsonrpc":"2.0","id":3,"result":`,
		`{"jsonrpc":"2.0",` + tooLong,
	}
	if len(lines) != len(want) {
		t.Fatalf("got %d answers, want %d:\n%s", len(lines), len(want), out)
	}
	for i := range want {
		if !strings.HasPrefix(lines[i], want[i]) {
			t.Errorf("answer %d: %.200s\nwant %s", i, lines[i], want[i])
		}
	}

	// A line of exactly abi.LineMaxBytes is served.
	prefix := `{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"echo","arguments":{"s":"`
	suffix := `"},` + meta + `}}`
	exact := prefix + strings.Repeat("y", abi.LineMaxBytes-len(prefix)-len(suffix)) + suffix
	if len(exact) != abi.LineMaxBytes {
		t.Fatalf("built a line of %d bytes", len(exact))
	}
	out = serveString(t, testPackage(), exact+"\n")
	if !strings.HasPrefix(out, `{"jsonrpc":"2.0","id":4,"result":{"resultType":"complete","content":[{"type":"text","text":"the result is`) {
		t.Fatalf("line of abi.LineMaxBytes: %.200s", out)
	}
}

func TestIDFromPrefix(t *testing.T) {
	for _, tc := range []struct{ prefix, want string }{
		{`{"jsonrpc":"2.0","id":"a","method":"x","params":{"s":"xx`, `"a"`},
		{`{"params":{"id":1},"id":-3,"method":`, `-3`},
		{`{"jsonrpc":"2.0","id":12`, ``}, // might go on: 123
		{`{"jsonrpc":"2.0","id":12 `, `12`},
		{`{"id":1,`, `1`},
		{`{"id":"a"`, `"a"`},
		{`{"jsonrpc":"2.0","id":"ab`, ``},
		{`{"params":{"s":"xx`, ``},
		{`{"id":null,`, ``},
		{`{"id":1.5,`, ``},
		{`{"x":` + deep(1000, "") + `,"id":"\ud800","params":{`, `"\ud800"`},
		{"{\"id\":\"\xff\",\"params\":{", `"\ufffd"`},
		{`[`, ``},
	} {
		if got := string(idFromPrefix([]byte(tc.prefix))); got != tc.want {
			t.Errorf("idFromPrefix(%s) = %q, want %q", tc.prefix, got, tc.want)
		}
	}
}

// writeRecorder records each Write, to check one Write per answer.
type writeRecorder struct{ writes []string }

func (w *writeRecorder) Write(b []byte) (int, error) {
	w.writes = append(w.writes, string(b))
	return len(b), nil
}

func TestServeWritesEachAnswerOnce(t *testing.T) {
	var w writeRecorder
	input := request("1", "server/discover", "") + request("2", "tools/list", "") + call("3", "echo", "{}") + "junk\n"
	if err := ServeIO(testPackage(), strings.NewReader(input), &w); err != nil {
		t.Fatal(err)
	}
	if len(w.writes) != 4 {
		t.Fatalf("%d writes for 4 answers", len(w.writes))
	}
	for _, line := range w.writes {
		if strings.Count(line, "\n") != 1 || !strings.HasSuffix(line, "\n") || !json.Valid([]byte(line)) {
			t.Errorf("write %q is not one JSON line", line)
		}
	}
}

type failWriter struct{ n int }

func (w failWriter) Write(b []byte) (int, error) {
	if w.n >= 0 {
		return w.n, nil
	}
	return 0, errors.New("broken pipe")
}

type failReader struct{}

func (failReader) Read([]byte) (int, error) { return 0, errors.New("read failed") }

func TestServeIOErrors(t *testing.T) {
	line := request("1", "server/discover", "")
	if err := ServeIO(testPackage(), strings.NewReader(line), failWriter{-1}); err == nil || err.Error() != "broken pipe" {
		t.Errorf("write error: %v", err)
	}
	if err := ServeIO(testPackage(), strings.NewReader(line), failWriter{3}); !errors.Is(err, io.ErrShortWrite) {
		t.Errorf("short write: %v", err)
	}
	if err := ServeIO(testPackage(), failReader{}, io.Discard); err == nil || err.Error() != "read failed" {
		t.Errorf("read error: %v", err)
	}
	// Write errors stop the server even when the line is the last one.
	if err := ServeIO(testPackage(), strings.NewReader(strings.TrimSuffix(line, "\n")), failWriter{-1}); err == nil {
		t.Error("write error on the last line was lost")
	}
}

func TestServeRefusesBrokenPackages(t *testing.T) {
	ok := func([]byte) Result { return TextResult("") }
	obj := []byte(`{"type":"object"}`)
	for _, tc := range []struct {
		p    *Package
		want string
	}{
		{nil, "the package is nil"},
		{&Package{}, "the package has no name"},
		{&Package{Name: "p", Tools: []Tool{{InputSchema: obj, Call: ok}}}, "tool 0 has no name"},
		{&Package{Name: "p", Tools: []Tool{{Name: "a", InputSchema: obj, Call: ok}, {Name: "a", InputSchema: obj, Call: ok}}}, `two tools are named "a"`},
		{&Package{Name: "p", Tools: []Tool{{Name: "a", InputSchema: obj}}}, `tool "a" has no Call function`},
		{&Package{Name: "p", Tools: []Tool{{Name: "a", Call: ok}}}, `tool "a": inputSchema is not valid JSON: offset 0: unexpected end of input, expected a value`},
		{&Package{Name: "p", Tools: []Tool{{Name: "a", InputSchema: []byte(`true`), Call: ok}}}, `tool "a": inputSchema must be a JSON object`},
		{&Package{Name: "p", Tools: []Tool{{Name: "a", InputSchema: []byte(`{"type":"array"}`), Call: ok}}}, `tool "a": inputSchema must have "type": "object" at the top`},
		{&Package{Name: "p", Tools: []Tool{{Name: "a", InputSchema: []byte(`{"properties":{"type":"object"}}`), Call: ok}}}, `tool "a": inputSchema must have "type": "object" at the top`},
		{&Package{Name: "p", Tools: []Tool{{Name: "a", InputSchema: []byte(`{"type":"object",}`), Call: ok}}}, `tool "a": inputSchema is not valid JSON: offset 17: trailing comma before '}'`},
		{&Package{Name: "p", Tools: []Tool{{Name: "a", InputSchema: []byte(`{"type":"object"} {}`), Call: ok}}}, `tool "a": inputSchema is not valid JSON: offset 18: unexpected '{', expected the end of input after the value`},
		{&Package{Name: "p", Tools: []Tool{{Name: "a", InputSchema: obj, OutputSchema: []byte(`[]`), Call: ok}}}, `tool "a": outputSchema must be a JSON object`},
		{&Package{Name: "p", Tools: []Tool{{Name: "a", InputSchema: obj, OutputSchema: []byte{}, Call: ok}}}, `tool "a": outputSchema is not valid JSON: offset 0: unexpected end of input, expected a value`},
	} {
		// The package and its name are checked before the first request,
		// its tools when they are first listed.
		err := ServeIO(tc.p, strings.NewReader(""), io.Discard)
		early := tc.p == nil || tc.p.Name == ""
		if !early && err != nil {
			t.Errorf("%s: refused before discovery: %v", tc.want, err)
		}
		if early {
			if err == nil || err.Error() != tc.want {
				t.Errorf("got %v, want %s", err, tc.want)
			}
			continue
		}
		for _, method := range []string{"server/discover", "tools/list"} {
			var out bytes.Buffer
			err := ServeIO(tc.p, strings.NewReader(request("1", method, "")), &out)
			if err == nil || err.Error() != tc.want || out.Len() != 0 {
				t.Errorf("%s: got %v and %q, want %s and no answer", method, err, out.String(), tc.want)
			}
		}
		// A call reads no schema: Subako calls only a package whose
		// discovery succeeded.
		if strings.Contains(tc.want, "Schema ") {
			if got := serveString(t, tc.p, call("2", "a", "{}")); !strings.Contains(got, `"result"`) {
				t.Errorf("%s: a call got %s", tc.want, got)
			}
		}
	}
	// An output schema need not be of type object, and a package may have
	// no tools (Subako refuses that at upload, with a clearer message).
	for _, p := range []*Package{
		{Name: "p", Tools: []Tool{{Name: "a", InputSchema: obj, OutputSchema: []byte(`{"type":"array"}`), Call: ok}}},
		{Name: "p"},
	} {
		if err := ServeIO(p, strings.NewReader(""), io.Discard); err != nil {
			t.Error(err)
		}
	}
}

// A tools/call, alone in its instance, builds no tool list; discovery
// builds it once.
func TestServeCallBuildsNoList(t *testing.T) {
	srv, err := newServer(testPackage(), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	srv.out, srv.log = &out, io.Discard
	if err := srv.serve(strings.NewReader(call("1", "echo", `{"a":1}`))); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), `"structuredContent":{"a":1}`) {
		t.Errorf("echo answered %s", out.String())
	}
	if srv.entries != nil {
		t.Error("a tools/call built the tool list")
	}
	if err := srv.serve(strings.NewReader(request("2", "server/discover", "") + request("3", "tools/list", ""))); err != nil {
		t.Fatal(err)
	}
	if len(srv.entries) != len(testPackage().Tools) {
		t.Errorf("discovery built %d entries for %d tools", len(srv.entries), len(testPackage().Tools))
	}
}
