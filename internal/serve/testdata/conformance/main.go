// Command conformance is the fixture package serve's conformance test
// runs the MCP conformance suite against (serve --http): it has the tools
// the suite's tool scenarios call, answering as they describe, within what
// ABI 1 lets a module say.
package main

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/color"
	"image/png"
	"os"

	"github.com/subako-ai/subako-go/internal/mcpfixture"
)

type request = mcpfixture.Request[struct {
	Name string `json:"name"`
}]

func schema(props map[string]any) map[string]any {
	return map[string]any{"type": "object", "properties": props, "additionalProperties": false}
}

var tools = []map[string]any{
	{"name": "test_simple_text", "description": "Returns a simple text.", "inputSchema": schema(map[string]any{})},
	{"name": "test_image_content", "description": "Returns a 1x1 red PNG, linked from the volume.", "inputSchema": schema(map[string]any{})},
	{"name": "test_audio_content", "description": "Returns a WAV (which Subako leaves out).", "inputSchema": schema(map[string]any{})},
	{"name": "test_embedded_resource", "description": "Returns an embedded resource (which Subako leaves out).", "inputSchema": schema(map[string]any{})},
	{"name": "test_multiple_content_types", "description": "Returns text, an image and a resource.", "inputSchema": schema(map[string]any{})},
	{"name": "test_error_handling", "description": "Always fails, as a tool error.", "inputSchema": schema(map[string]any{})},
	{"name": "test_tool_with_progress", "description": "Returns a text (a module cannot send progress).", "inputSchema": schema(map[string]any{})},
	{"name": "test_logging_tool", "description": "Returns a text (a module sends no log notifications).", "inputSchema": schema(map[string]any{})},
	{"name": "test_streaming_elicitation", "description": "Returns a text (a module sends no requests of its own).", "inputSchema": schema(map[string]any{})},
	{"name": "test_custom_headers", "description": "Echoes its region, which Streamable HTTP mirrors into a header.", "inputSchema": map[string]any{
		"type": "object", "additionalProperties": false, "required": []string{"region"},
		"properties": map[string]any{
			"region": map[string]any{"type": "string", "description": "The region.", "x-mcp-header": "Region"},
			"query":  map[string]any{"type": "string", "description": "A query."},
		}}},
	{"name": "json_schema_2020_12_tool", "description": "Tool with JSON Schema 2020-12 features", "inputSchema": map[string]any{
		"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
		"$defs": map[string]any{"address": map[string]any{"$anchor": "addressDef", "type": "object",
			"properties": map[string]any{"street": map[string]any{"type": "string"}, "city": map[string]any{"type": "string"}}}},
		"properties": map[string]any{
			"name": map[string]any{"type": "string"}, "address": map[string]any{"$ref": "#/$defs/address"},
			"contactMethod": map[string]any{"type": "string", "enum": []string{"phone", "email"}},
			"phone":         map[string]any{"type": "string"}, "email": map[string]any{"type": "string"},
		},
		"allOf":                []any{map[string]any{"anyOf": []any{map[string]any{"required": []string{"phone"}}, map[string]any{"required": []string{"email"}}}}},
		"if":                   map[string]any{"properties": map[string]any{"contactMethod": map[string]any{"const": "phone"}}, "required": []string{"contactMethod"}},
		"then":                 map[string]any{"required": []string{"phone"}},
		"else":                 map[string]any{"required": []string{"email"}},
		"additionalProperties": false,
	}},
}

func main() { mcpfixture.Serve("conformance", "", answer) }

func redPixel() []byte {
	img := image.NewNRGBA(image.Rect(0, 0, 1, 1))
	img.Set(0, 0, color.NRGBA{R: 255, A: 255})
	var b bytes.Buffer
	_ = png.Encode(&b, img)
	return b.Bytes()
}

func answer(req request) {
	switch req.Method {
	case "tools/list":
		mcpfixture.Reply(req.ID, map[string]any{"tools": tools, "ttlMs": 0, "cacheScope": "public"})
	case "tools/call":
		switch req.Params.Name {
		case "test_simple_text":
			mcpfixture.Reply(req.ID, map[string]any{"content": []any{mcpfixture.Text("This is a simple text response for testing.")}})
		case "test_image_content":
			if err := os.WriteFile("/volume/tmp/red.png", redPixel(), 0o644); err != nil {
				mcpfixture.Reply(req.ID, map[string]any{"content": []any{mcpfixture.Text(err.Error())}, "isError": true})
				return
			}
			mcpfixture.Reply(req.ID, map[string]any{"content": []any{map[string]any{"type": "resource_link", "uri": "volume:///tmp/red.png", "name": "red.png", "mimeType": "image/png"}}})
		case "test_audio_content":
			mcpfixture.Reply(req.ID, map[string]any{"content": []any{map[string]any{"type": "audio", "mimeType": "audio/wav", "data": base64.StdEncoding.EncodeToString([]byte("RIFF\x24\x00\x00\x00WAVE"))}}})
		case "test_embedded_resource":
			mcpfixture.Reply(req.ID, map[string]any{"content": []any{map[string]any{"type": "resource", "resource": map[string]any{
				"uri": "test://embedded-resource", "mimeType": "text/plain", "text": "This is an embedded resource content."}}}})
		case "test_multiple_content_types":
			mcpfixture.Reply(req.ID, map[string]any{"content": []any{mcpfixture.Text("Multiple content types test:"),
				map[string]any{"type": "image", "mimeType": "image/png", "data": base64.StdEncoding.EncodeToString(redPixel())},
				map[string]any{"type": "resource", "resource": map[string]any{"uri": "test://mixed-content-resource", "mimeType": "application/json", "text": `{"test":"data","value":123}`}}}})
		case "test_error_handling":
			mcpfixture.Reply(req.ID, map[string]any{"content": []any{mcpfixture.Text("This tool intentionally returns an error for testing")}, "isError": true})
		case "test_tool_with_progress":
			mcpfixture.Reply(req.ID, map[string]any{"content": []any{mcpfixture.Text("Progress tool executed")}})
		case "test_logging_tool", "test_streaming_elicitation":
			mcpfixture.Reply(req.ID, map[string]any{"content": []any{mcpfixture.Text(req.Params.Name + " executed")}})
		case "test_custom_headers":
			mcpfixture.Reply(req.ID, map[string]any{"content": []any{mcpfixture.Text("headers ok")}})
		default:
			mcpfixture.Reply(req.ID, map[string]any{"content": []any{mcpfixture.Text("no tool " + req.Params.Name)}, "isError": true})
		}
	}
}
