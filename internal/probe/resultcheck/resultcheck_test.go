package resultcheck

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/offlineschema/schematest"
)

const helloSchema = `{"type":"object","properties":{"message":{"type":"string"}},"required":["message"],"additionalProperties":false}`

const weatherSchema = `{"type":"object","properties":{"city":{"type":"string"},"temperature_c":{"type":"number"},"summary":{"type":"string"}},"required":["city","temperature_c","summary"],"additionalProperties":false}`

func TestCheck(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, result, schema string
		kind                 Kind     // "" for no problem
		detail               []string // the first problem's detail holds each
	}{
		{name: "the ABI's example", schema: helloSchema,
			result: `{"content":[{"type":"text","text":"{\"message\":\"Hello, Ada!\"}"}],"structuredContent":{"message":"Hello, Ada!"}}`},
		{name: "with resultType", schema: helloSchema,
			result: `{"content":[{"type":"text","text":"{\"message\":\"Hi\"}"}],"structuredContent":{"message":"Hi"},"resultType":"complete"}`},
		{name: "no output schema, text only", result: `{"content":[{"type":"text","text":"done"}]}`},
		{name: "isError is exempt", schema: helloSchema,
			result: `{"content":[{"type":"text","text":"name must not be empty"}],"isError":true}`},
		{name: "equal values, other spelling", schema: weatherSchema,
			result: `{"content":[{"type":"text","text":"{\"summary\":\"Rain\",\"temperature_c\":14.20,\"city\":\"Berlin\"}"}],"structuredContent":{"city":"Berlin","temperature_c":1.42e1,"summary":"Rain"}}`},
		{name: "a later text block carries it", result: `{"content":[{"type":"text","text":"Here:"},{"type":"text","text":"[1,2]"}],"structuredContent":[1,2]}`},
		{name: "image and link blocks", result: `{"content":[{"type":"image","mimeType":"image/png","data":"iVBORw0KGgo="},{"type":"resource_link","uri":"volume:///tmp/chart.png","name":"chart.png"}]}`},

		{name: "not JSON", result: `{"content":`, kind: NotCallToolResult, detail: []string{"not JSON"}},
		{name: "an array", result: `[]`, kind: NotCallToolResult, detail: []string{"not a JSON object"}},
		{name: "no content", result: `{"structuredContent":{}}`, kind: NotCallToolResult, detail: []string{"content"}},
		{name: "content not an array", result: `{"content":"hi"}`, kind: NotCallToolResult, detail: []string{"at /content", "type"}},
		{name: "text block without text", result: `{"content":[{"type":"text","text":"ok"},{"type":"text"}]}`, kind: NotCallToolResult,
			detail: []string{"a text block: at /content/1: missing property 'text' (keyword required at #/$defs/TextContent/required)"}},
		{name: "image without data", result: `{"content":[{"type":"image","mimeType":"image/png"}]}`, kind: NotCallToolResult, detail: []string{"an image block: at /content/0", "'data'"}},
		{name: "unknown block type", result: `{"content":[{"type":"video"}]}`, kind: LeftOut, detail: []string{`content block 0: a "video" block, which Subako leaves out with a note`}},
		{name: "bmp image", result: `{"content":[{"type":"image","mimeType":"image/bmp","data":"Qk0AAA=="}]}`, kind: Image, detail: []string{"not a PNG, JPEG, GIF or WebP"}},
		{name: "png named jpeg", result: `{"content":[{"type":"image","mimeType":"image/jpeg","data":"iVBORw0KGgo="}]}`, kind: Image, detail: []string{"its data is image/png but its mimeType is \"image/jpeg\""}},
		{name: "bad base64", result: `{"content":[{"type":"image","mimeType":"image/png","data":"not base64!"}]}`, kind: Image, detail: []string{"not base64"}},
		{name: "web link", result: `{"content":[{"type":"resource_link","uri":"https://example.com/a.png","name":"a"}]}`, kind: LeftOut, detail: []string{"shows it as a line"}},
		{name: "block not an object", result: `{"content":[7]}`, kind: NotCallToolResult, detail: []string{"at /content/0: a content block must be an object"}},
		{name: "incomplete", result: `{"content":[],"resultType":"input_required"}`, kind: NotCallToolResult, detail: []string{`"input_required"`}},
		{name: "isError not a boolean", result: `{"content":[],"isError":"yes"}`, kind: NotCallToolResult, detail: []string{"at /isError"}},

		{name: "structuredContent missing", schema: helloSchema, result: `{"content":[{"type":"text","text":"Hello"}]}`,
			kind: OutputSchema, detail: []string{"no structuredContent"}},
		{name: "wrong type", schema: weatherSchema,
			result: `{"content":[{"type":"text","text":"{\"city\":\"Berlin\",\"temperature_c\":\"14.2\",\"summary\":\"Rain\"}"}],"structuredContent":{"city":"Berlin","temperature_c":"14.2","summary":"Rain"}}`,
			kind:   OutputSchema, detail: []string{"at /temperature_c", "keyword type", "#/properties/temperature_c/type", "want number"}},
		{name: "member missing and one extra", schema: weatherSchema,
			result: `{"content":[{"type":"text","text":"{\"city\":\"Berlin\",\"x\":1}"}],"structuredContent":{"city":"Berlin","x":1}}`,
			kind:   OutputSchema, detail: []string{"keyword required", "keyword additionalProperties"}},
		{name: "through a $ref", schema: `{"$defs":{"P":{"type":"object","properties":{"x":{"type":"integer"}}}},"type":"object","properties":{"p":{"$ref":"#/$defs/P"}}}`,
			result: `{"content":[{"type":"text","text":"{\"p\":{\"x\":1.5}}"}],"structuredContent":{"p":{"x":1.5}}}`,
			kind:   OutputSchema, detail: []string{"at /p/x", "#/$defs/P/properties/x/type"}},

		{name: "text differs", schema: helloSchema,
			result: `{"content":[{"type":"text","text":"{\"message\":\"Hello\"}"}],"structuredContent":{"message":"Hello, Ada!"}}`,
			kind:   TextContent, detail: []string{`carries "{\"message\":\"Hello\"}"`, `{"message":"Hello, Ada!"}`}},
		{name: "text not JSON", schema: helloSchema,
			result: `{"content":[{"type":"text","text":"Hello, Ada!"}],"structuredContent":{"message":"Hello, Ada!"}}`,
			kind:   TextContent, detail: []string{"as JSON", `"Hello, Ada!"`}},
		{name: "no text block", result: `{"content":[],"structuredContent":{"n":1}}`, kind: TextContent, detail: []string{"no text block"}},
		{name: "a number that differs", result: `{"content":[{"type":"text","text":"{\"id\":9007199254740992}"}],"structuredContent":{"id":9007199254740994}}`,
			kind: TextContent},
		// A client reads both as the double 9007199254740992 (attack pass
		// 51e: every check reads numbers as the client does).
		{name: "a number a double reads the same", result: `{"content":[{"type":"text","text":"{\"id\":9007199254740992}"}],"structuredContent":{"id":9007199254740993}}`},

		{name: "schema that does not compile", schema: `{"type":"object","properties":{"a":{"$ref":"#/$defs/none"}}}`,
			result: `{"content":[{"type":"text","text":"{}"}],"structuredContent":{}}`, kind: NotChecked, detail: []string{"outputSchema was not used"}},
		{name: "schema naming a file", schema: `{"$ref":"file:///etc/passwd"}`,
			result: `{"content":[{"type":"text","text":"{}"}],"structuredContent":{}}`, kind: NotChecked, detail: []string{"not fetched"}},
		{name: "schema not JSON", schema: `{`, result: `{"content":[{"type":"text","text":"{}"}],"structuredContent":{}}`, kind: NotChecked, detail: []string{"not JSON"}},
		{name: "huge number in the result", result: `{"content":[{"type":"text","text":"1"}],"structuredContent":1e999999}`, kind: UnreadableNumber, detail: []string{"1e999999, past a double's range"}},
		{name: "huge number in the schema", schema: `{"maximum":1e999999}`, result: `{"content":[{"type":"text","text":"1"}],"structuredContent":1}`, kind: NotChecked},
		{name: "costly schema", schema: schematest.AnyOfTree(10, 30), result: `{"content":[{"type":"text","text":"1"}],"structuredContent":1}`, kind: NotChecked, detail: []string{"more than 100000"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var schema json.RawMessage
			if tc.schema != "" {
				schema = json.RawMessage(tc.schema)
			}
			ps := Judge(json.RawMessage(tc.result), schema, "", false)
			if tc.kind == "" {
				if len(ps) > 0 {
					t.Fatalf("problems %+v", ps)
				}
				return
			}
			if len(ps) == 0 || ps[0].Kind != tc.kind {
				t.Fatalf("problems %+v, want first of kind %s", ps, tc.kind)
			}
			for _, d := range tc.detail {
				if !strings.Contains(ps[0].Detail, d) {
					t.Errorf("detail %q lacks %q", ps[0].Detail, d)
				}
			}
			if strings.Contains(ps[0].Detail, "\n") {
				t.Errorf("detail has a newline: %q", ps[0].Detail)
			}
		})
	}
}

// Each distinct schema is compiled once.
func TestCache(t *testing.T) { // not parallel: clears the package's cache
	clear(cache)
	res := json.RawMessage(`{"content":[{"type":"text","text":"{\"message\":\"x\"}"}],"structuredContent":{"message":"x"}}`)
	for range 3 {
		if ps := Check(res, json.RawMessage(helloSchema)); len(ps) > 0 {
			t.Fatal(ps)
		}
	}
	a, _, _ := compiled(json.RawMessage(helloSchema))
	b, _, _ := compiled(json.RawMessage(helloSchema))
	if a != b || len(cache) != 1 {
		t.Errorf("compiled twice, or %d cached", len(cache))
	}
}

// TestLinks: a volume:/// link is read from the volume after the call: a
// PNG written is fine, a file never written, one outside /volume/tmp and
// one that is not an image are P044.
func TestLinks(t *testing.T) {
	t.Parallel()
	vol := t.TempDir()
	if err := os.MkdirAll(filepath.Join(vol, "tmp"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, b := range map[string]string{"tmp/ok.png": "\x89PNG\r\n\x1a\nrest", "tmp/notes.txt": "hello", "elsewhere.png": "\x89PNG\r\n\x1a\n"} {
		if err := os.WriteFile(filepath.Join(vol, name), []byte(b), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for uri, want := range map[string]string{
		"volume:///tmp/ok.png":      "",
		"volume:///tmp/gone.png":    "names a file the call did not write",
		"volume:///elsewhere.png":   "outside the mounted /volume/tmp",
		"volume:///tmp/notes.txt":   "is not a PNG, JPEG, GIF or WebP",
		"volume:///tmp/../../x.png": "outside the mounted /volume/tmp",
	} {
		ps := Blocks(json.RawMessage(`{"content":[{"type":"resource_link","uri":"`+uri+`","name":"x"}]}`), vol, false)
		switch {
		case want == "" && len(ps) > 0:
			t.Errorf("%s: %+v", uri, ps)
		case want != "" && (len(ps) != 1 || ps[0].Kind != LinkMissing || !strings.Contains(ps[0].Detail, want)):
			t.Errorf("%s: %+v, want %q", uri, ps, want)
		}
	}
}

// TestRepeatedLinkJudgedOnce: a link the result repeats is opened once,
// and its problem reported at every block; Work.Links counts the links
// opened, which the probes charge (probe.LinkCharge). 3,000 blocks
// linking one file through a chain of 62 directories had the volume
// walked 3,000 times, 0.79 s of CPU charged 88.5 ms (attack pass 47d,
// row 2).
func TestRepeatedLinkJudgedOnce(t *testing.T) {
	vol := t.TempDir()
	if err := os.MkdirAll(filepath.Join(vol, "tmp"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(vol, "tmp", "ok.png"), []byte("\x89PNG\r\n\x1a\nrest"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := func(name string) string {
		return `{"type":"resource_link","uri":"volume:///tmp/` + name + `","name":"a"}`
	}
	for _, c := range []struct {
		blocks  []string
		links   int
		missing int
	}{
		{slices.Repeat([]string{link("ok.png")}, 3000), 1, 0},
		{slices.Repeat([]string{link("gone.png")}, 3000), 1, 3000},
		{[]string{link("ok.png"), link("gone.png"), link("ok.png"), link("other.png")}, 3, 2},
	} {
		ps, work := JudgeWork(json.RawMessage(`{"content":[`+strings.Join(c.blocks, ",")+`]}`), nil, vol, false)
		missing := 0
		for _, p := range ps {
			if p.Kind == LinkMissing {
				missing++
			}
		}
		if work.Links != c.links || missing != c.missing {
			t.Errorf("%d blocks: %d links opened and %d missing, want %d and %d", len(c.blocks), work.Links, missing, c.links, c.missing)
		}
	}
}

// An isError result the runtime marked as a fault is the author's bug: a
// panic is P053, a nil result or one with no JSON form P055 and a missing
// linked image P044, quoting what the model read; an unmarked isError
// result is the tool's own answer.
func TestFaults(t *testing.T) {
	for _, tc := range []struct {
		result string
		want   Kind
	}{
		{`{"content":[{"type":"text","text":"the tool t panicked: boom\ngoroutine"}],"isError":true,"_meta":{"ai.subako/fault":"panic","io.modelcontextprotocol/serverInfo":{"name":"p","version":"1"}}}`, Panicked},
		{`{"content":[{"type":"text","text":"the tool returned a nil *m.Greeting and no error"}],"isError":true,"_meta":{"ai.subako/fault":"nil-result"}}`, ResultFault},
		{`{"content":[{"type":"text","text":"the tool's result cannot be written as JSON: NaN and infinities have no JSON representation"}],"isError":true,"_meta":{"ai.subako/fault":"result-not-json"}}`, ResultFault},
		{`{"content":[{"type":"text","text":"image file \"/volume/tmp/a.png\" does not exist"}],"isError":true,"_meta":{"ai.subako/fault":"link-missing"}}`, LinkMissing},
		{`{"content":[{"type":"text","text":"no such city"}],"isError":true,"_meta":{"ai.subako/fault":"something else"}}`, ""},
		{`{"content":[{"type":"text","text":"no such city"}],"isError":true}`, ""},
		{`{"content":[{"type":"text","text":"ok"}],"_meta":{"ai.subako/fault":"panic"}}`, ""},
	} {
		ps := Judge(json.RawMessage(tc.result), nil, "", false)
		switch {
		case tc.want == "" && len(ps) > 0:
			t.Errorf("%s: %+v", tc.result, ps)
		case tc.want != "" && (len(ps) != 1 || ps[0].Kind != tc.want || ps[0].Kind.Rule() == nil):
			t.Errorf("%s: %+v, want %s", tc.result, ps, tc.want)
		case tc.want == Panicked && !strings.Contains(ps[0].Detail, `"the tool t panicked: boom"`):
			t.Errorf("the panic is not quoted to its first line: %s", ps[0].Detail)
		case tc.want == ResultFault && (ps[0].Kind.Rule().ID != "P055" || !strings.Contains(ps[0].Detail, `"the tool`)):
			t.Errorf("a result fault is not P055 quoting the text: %s", ps[0].Detail)
		}
		if got := FaultKind(Fault(json.RawMessage(tc.result))); got != tc.want {
			t.Errorf("%s: FaultKind %q, want %q", tc.result, got, tc.want)
		}
	}
}
