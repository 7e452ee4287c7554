//go:build wasip1

// Command baseline is examples/hello written the way an author writes a
// Subako package without the SDK: a bufio line reader, encoding/json into
// structs, json.Marshal for the answers. It serves the same package (the
// same tool, schemas and answers; see TestSameAnswers) so that
// BenchmarkHello can compare the two modules' size and cold calls.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"

	"github.com/subako-ai/subako-go/abi"
)

// protocolVersion is the one revision served; the facts of ABI 1 come from
// package abi, which has no dependencies, so the baseline stays what an
// author without the SDK would write.
const protocolVersion = abi.ProtocolVersion

type request struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  struct {
		Name      string          `json:"name"`
		Arguments json.RawMessage `json:"arguments"`
		Meta      *struct {
			ProtocolVersion    *string         `json:"io.modelcontextprotocol/protocolVersion"`
			ClientCapabilities json.RawMessage `json:"io.modelcontextprotocol/clientCapabilities"`
		} `json:"_meta"`
	} `json:"params"`
}

type response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Result  any             `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
}

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
	Data    any    `json:"data,omitempty"`
}

type serverInfo struct {
	Name        string `json:"name"`
	Version     string `json:"version"`
	Description string `json:"description"`
}

type meta struct {
	ServerInfo serverInfo `json:"io.modelcontextprotocol/serverInfo"`
}

var serverMeta = meta{serverInfo{Name: "hello", Version: "0.0.0", Description: "Says hello."}}

type discoverResult struct {
	ResultType        string   `json:"resultType"`
	SupportedVersions []string `json:"supportedVersions"`
	Capabilities      struct {
		Tools struct{} `json:"tools"`
	} `json:"capabilities"`
	TTLMs      int    `json:"ttlMs"`
	CacheScope string `json:"cacheScope"`
	Meta       meta   `json:"_meta"`
}

type tool struct {
	Name         string            `json:"name"`
	Description  string            `json:"description"`
	InputSchema  json.RawMessage   `json:"inputSchema"`
	OutputSchema json.RawMessage   `json:"outputSchema,omitempty"`
	Annotations  json.RawMessage   `json:"annotations,omitempty"`
	Meta         map[string]string `json:"_meta,omitempty"`
}

type listResult struct {
	ResultType string `json:"resultType"`
	Tools      []tool `json:"tools"`
	TTLMs      int    `json:"ttlMs"`
	CacheScope string `json:"cacheScope"`
	Meta       meta   `json:"_meta"`
}

type content struct {
	Type string `json:"type"`
	Text string `json:"text"`
}

type callResult struct {
	ResultType        string    `json:"resultType"`
	Content           []content `json:"content"`
	StructuredContent any       `json:"structuredContent,omitempty"`
	IsError           bool      `json:"isError,omitempty"`
	Meta              meta      `json:"_meta"`
}

var tools = []tool{{
	Name:         "greet",
	Description:  "Greet someone by name.",
	InputSchema:  json.RawMessage(`{"type":"object","properties":{"name":{"type":"string","description":"Who to greet."}},"required":["name"],"additionalProperties":false}`),
	OutputSchema: json.RawMessage(`{"type":"object","properties":{"message":{"type":"string","description":"The greeting."}},"required":["message"],"additionalProperties":false}`),
	Annotations:  json.RawMessage(`{"title":"Greet","readOnlyHint":true,"openWorldHint":false}`),
	// What generated code says of its tools, so lint leaves their schemas to the analyzer.
	Meta: map[string]string{abi.MetaGenerator: abi.GeneratorGoSDK},
}}

type greetInput struct {
	Name *string `json:"name"`
}

type greeting struct {
	Message string `json:"message"`
}

func greet(args json.RawMessage) callResult {
	var in greetInput
	dec := json.NewDecoder(bytes.NewReader(args))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil {
		return failure("invalid arguments: " + err.Error())
	}
	switch {
	case in.Name == nil:
		return failure("arguments.name: is required")
	case *in.Name == "":
		return failure("name must not be empty")
	}
	out := greeting{Message: "Hello, " + *in.Name + "!"}
	text, _ := json.Marshal(out)
	return callResult{ResultType: "complete", Content: []content{{Type: "text", Text: string(text)}}, StructuredContent: out, Meta: serverMeta}
}

func failure(msg string) callResult {
	return callResult{ResultType: "complete", Content: []content{{Type: "text", Text: msg}}, IsError: true, Meta: serverMeta}
}

// answer returns the response to one line, or nil for none.
func answer(line []byte) *response {
	var req request
	if err := json.Unmarshal(line, &req); err != nil {
		return &response{JSONRPC: "2.0", Error: &rpcError{Code: abi.CodeParseError, Message: "Parse error: " + err.Error()}}
	}
	if len(req.ID) == 0 || string(req.ID) == "null" {
		return nil // a notification
	}
	resp := &response{JSONRPC: "2.0", ID: req.ID}
	switch req.Method {
	case abi.MethodDiscover, abi.MethodToolsList, abi.MethodToolsCall:
	default:
		resp.Error = &rpcError{Code: abi.CodeMethodNotFound, Message: "Method not found: " + req.Method}
		return resp
	}
	m := req.Params.Meta
	switch {
	case m == nil || m.ProtocolVersion == nil || len(m.ClientCapabilities) == 0:
		resp.Error = &rpcError{Code: abi.CodeInvalidParams, Message: "Invalid params: params._meta must carry the protocol version and client capabilities"}
		return resp
	case *m.ProtocolVersion != protocolVersion:
		msg := "Unsupported protocol version: this server supports only MCP " + protocolVersion
		resp.Error = &rpcError{Code: abi.CodeUnsupportedProtocolVersion, Message: msg, Data: struct {
			Supported []string `json:"supported"`
			Requested string   `json:"requested"`
		}{[]string{protocolVersion}, *m.ProtocolVersion}}
		return resp
	}
	switch req.Method {
	case abi.MethodDiscover:
		r := discoverResult{ResultType: "complete", SupportedVersions: []string{protocolVersion}, TTLMs: 300000, CacheScope: "public", Meta: serverMeta}
		resp.Result = r
	case abi.MethodToolsList:
		resp.Result = listResult{ResultType: "complete", Tools: tools, TTLMs: 300000, CacheScope: "public", Meta: serverMeta}
	case abi.MethodToolsCall:
		if req.Params.Name != "greet" {
			resp.Error = &rpcError{Code: abi.CodeInvalidParams, Message: "Unknown tool: " + req.Params.Name}
			return resp
		}
		args := req.Params.Arguments
		if len(args) == 0 || string(args) == "null" {
			args = json.RawMessage("{}")
		}
		resp.Result = greet(args)
	}
	return resp
}

func main() {
	in := bufio.NewReaderSize(os.Stdin, 64<<10)
	for {
		line, err := in.ReadBytes('\n')
		if len(bytes.TrimSpace(line)) > 0 {
			if resp := answer(line); resp != nil {
				b, merr := json.Marshal(resp)
				if merr != nil {
					os.Stderr.WriteString("baseline: " + merr.Error() + "\n")
					os.Exit(1)
				}
				if _, werr := os.Stdout.Write(append(b, '\n')); werr != nil {
					os.Exit(1)
				}
			}
		}
		if errors.Is(err, io.EOF) {
			return
		}
		if err != nil {
			os.Stderr.WriteString("baseline: " + err.Error() + "\n")
			os.Exit(1)
		}
	}
}
