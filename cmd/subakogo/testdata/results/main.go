// Command results is an ABI 1 package (the standard library alone) whose
// one tool, show, answers the result its argument "which" names: one of
// each outcome of the content-block table, judged alike by lint's probes,
// call and serve (TestOneJudge).
package main

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"os"
)

// png is the smallest PNG header that sniffs as one.
var png = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR")

const tools = `{"tools":[{"name":"show","description":"Shows one kind of result.",` +
	`"inputSchema":{"type":"object","properties":{"which":{"type":"string","description":"The result."}},"required":["which"]},` +
	`"outputSchema":{"type":"object","properties":{"n":{"type":"integer"}},"required":["n"]}}],"resultType":"complete"}`

func result(which string) any {
	text := func(s string) map[string]any { return map[string]any{"type": "text", "text": s} }
	ok := map[string]any{"n": 1}
	res := func(blocks ...any) map[string]any {
		return map[string]any{"resultType": "complete", "content": append([]any{text(`{"n":1}`)}, blocks...), "structuredContent": ok}
	}
	switch which {
	case "ok":
		return res()
	case "image-png":
		return res(map[string]any{"type": "image", "mimeType": "image/png", "data": base64.StdEncoding.EncodeToString(png)})
	case "image-bmp":
		return res(map[string]any{"type": "image", "mimeType": "image/bmp", "data": base64.StdEncoding.EncodeToString([]byte("BM\x00\x00\x00\x00"))})
	case "image-bad-base64":
		return res(map[string]any{"type": "image", "mimeType": "image/png", "data": "not base64!"})
	case "link-ok":
		if err := os.WriteFile("/volume/tmp/ok.png", png, 0o644); err != nil {
			return res(text(err.Error()))
		}
		return res(map[string]any{"type": "resource_link", "uri": "volume:///tmp/ok.png", "name": "ok.png"})
	case "link-missing":
		return res(map[string]any{"type": "resource_link", "uri": "volume:///tmp/never-written.png", "name": "x.png"})
	case "link-web":
		return res(map[string]any{"type": "resource_link", "uri": "https://example.com/a.png", "name": "a.png"})
	case "unknown-block":
		return res(map[string]any{"type": "hologram", "data": "x"})
	case "audio":
		return res(map[string]any{"type": "audio", "mimeType": "audio/wav", "data": "UklGRg=="})
	case "no-content":
		return map[string]any{"resultType": "complete", "structuredContent": ok}
	case "bad-output":
		return map[string]any{"resultType": "complete", "content": []any{text(`{"n":"one"}`)}, "structuredContent": map[string]any{"n": "one"}}
	case "text-differs":
		return map[string]any{"resultType": "complete", "content": []any{text("done")}, "structuredContent": ok}
	case "is-error":
		return map[string]any{"resultType": "complete", "content": []any{text("refused")}, "isError": true}
	case "panic", "nil-result", "result-not-json":
		// An isError result marked as the author's bug, as subako-go's
		// runtime marks one (abi.MetaFault).
		return map[string]any{"resultType": "complete", "content": []any{text("the tool broke")}, "isError": true, "_meta": map[string]any{"ai.subako/fault": which}}
	}
	return map[string]any{"resultType": "complete", "content": []any{text("unknown which")}, "isError": true}
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 1<<20)
	for in.Scan() {
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
			Params struct {
				Arguments struct {
					Which string `json:"which"`
				} `json:"arguments"`
			} `json:"params"`
		}
		if json.Unmarshal(in.Bytes(), &m) != nil || m.ID == nil {
			continue
		}
		var res any
		switch m.Method {
		case "server/discover":
			res = json.RawMessage(`{"supportedVersions":["2026-07-28"],"capabilities":{"tools":{}},"resultType":"complete"}`)
		case "tools/list":
			res = json.RawMessage(tools)
		case "tools/call":
			res = result(m.Params.Arguments.Which)
		default:
			b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": m.ID, "error": map[string]any{"code": -32601, "message": "method not found"}})
			os.Stdout.Write(append(b, '\n'))
			continue
		}
		b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": res})
		os.Stdout.Write(append(b, '\n'))
	}
}
