package mcp

import (
	"encoding/json"
)

// ResultComplete is the resultType of a 2026-07-28 result that is final,
// the only one ABI 1 allows.
const ResultComplete = "complete"

// CacheScopePublic is the cacheScope of a list any client may share.
const CacheScopePublic = "public"

// Implementation names a server (serverInfo).
type Implementation struct {
	Description string `json:"description,omitempty"`
	Name        string `json:"name"`
	Title       string `json:"title,omitempty"`
	Version     string `json:"version"`
	WebsiteURL  string `json:"websiteUrl,omitempty"`
}

// ResultMeta is a result's _meta as serve writes it: who answered.
type ResultMeta struct {
	ServerInfo *Implementation `json:"io.modelcontextprotocol/serverInfo,omitempty"`
}

// Meta is the _meta member of a result saying who answered, as JSON.
func Meta(serverInfo *Implementation) json.RawMessage {
	b, _ := json.Marshal(ResultMeta{ServerInfo: serverInfo})
	return b
}

// ServerCapabilities are what a server offers. serve offers tools, and
// logging to handshake-era clients.
type ServerCapabilities struct {
	Logging *struct{}        `json:"logging,omitempty"`
	Tools   *ToolsCapability `json:"tools,omitempty"`
}

// ToolsCapability is the tools capability: whether the server says when
// its list changes.
type ToolsCapability struct {
	ListChanged bool `json:"listChanged,omitempty"`
}

// Result is a result a server answers with. Every 2026-07-28 result has
// _meta and resultType besides its own members, and the lists the caching
// hints ttlMs and cacheScope; a handshake-era result (2025-06-18,
// 2025-11-25) has none of them. Meta is raw so that reading a module's
// result takes any _meta it wrote.
type Result interface {
	// Complete marks a 2026-07-28 result final and says who answered.
	Complete(serverInfo *Implementation)
	// Handshake leaves out the members the handshake era does not have.
	Handshake()
}

func (r *DiscoverResult) Complete(s *Implementation)  { r.ResultType, r.Meta = ResultComplete, Meta(s) }
func (r *DiscoverResult) Handshake()                  { r.TTLMs, r.CacheScope = nil, "" }
func (r *ListToolsResult) Complete(s *Implementation) { r.ResultType, r.Meta = ResultComplete, Meta(s) }
func (r *ListToolsResult) Handshake()                 { r.TTLMs, r.CacheScope = nil, "" }
func (r *CallToolResult) Complete(s *Implementation)  { r.ResultType, r.Meta = ResultComplete, Meta(s) }
func (r *CallToolResult) Handshake()                  {}
func (r *EmptyResult) Complete(s *Implementation)     { r.ResultType, r.Meta = ResultComplete, Meta(s) }
func (r *EmptyResult) Handshake()                     {}

// DiscoverResult answers server/discover.
type DiscoverResult struct {
	Meta              json.RawMessage    `json:"_meta,omitempty"`
	CacheScope        string             `json:"cacheScope,omitempty"`
	Capabilities      ServerCapabilities `json:"capabilities"`
	Instructions      string             `json:"instructions,omitempty"`
	ResultType        string             `json:"resultType,omitempty"`
	SupportedVersions []string           `json:"supportedVersions"`
	TTLMs             *int               `json:"ttlMs,omitempty"`
}

// ListToolsResult is one page of tools/list. Each tool is kept as the
// module wrote it: serve forwards the bytes, and the checks judge them.
// NextCursor is nil on the last page.
type ListToolsResult struct {
	Meta       json.RawMessage   `json:"_meta,omitempty"`
	CacheScope string            `json:"cacheScope,omitempty"`
	NextCursor *string           `json:"nextCursor,omitempty"`
	ResultType string            `json:"resultType,omitempty"`
	Tools      []json.RawMessage `json:"tools"`
	TTLMs      *int              `json:"ttlMs,omitempty"`
}

// Tool is the members of a tool definition that subako-go reads by name;
// the rest of a tool stays in its bytes.
type Tool struct {
	Name         string          `json:"name"`
	InputSchema  json.RawMessage `json:"inputSchema"`
	OutputSchema json.RawMessage `json:"outputSchema,omitempty"`
	Annotations  json.RawMessage `json:"annotations,omitempty"`
}

// CallToolResult is a tools/call result. Each content block is kept as
// JSON: a reader decodes the ones it shows into a ContentBlock, a writer
// marshals a TextContent or an ImageContent (see Block).
type CallToolResult struct {
	Meta              json.RawMessage   `json:"_meta,omitempty"`
	Content           []json.RawMessage `json:"content"`
	IsError           bool              `json:"isError,omitempty"`
	ResultType        string            `json:"resultType,omitempty"`
	StructuredContent json.RawMessage   `json:"structuredContent,omitempty"`
}

// The types of content block MCP 2026-07-28 defines. Subako shows text,
// images and resource links, and leaves the others out with a note.
const (
	BlockText         = "text"
	BlockImage        = "image"
	BlockAudio        = "audio"
	BlockResourceLink = "resource_link"
	BlockResource     = "resource"
)

// ContentBlock is the members of a content block that subako-go reads:
// a text, an image (inline data) or a resource_link (uri and name).
type ContentBlock struct {
	Type     string `json:"type"`
	Text     string `json:"text"`
	URI      string `json:"uri"`
	Name     string `json:"name"`
	MIMEType string `json:"mimeType"`
	Data     string `json:"data"`
}

// TextContent is a text block.
type TextContent struct {
	Text string `json:"text"`
	Type string `json:"type"` // BlockText
}

// ImageContent is an image block: base64 data of mimeType.
type ImageContent struct {
	Data     string `json:"data"`
	MIMEType string `json:"mimeType"`
	Type     string `json:"type"` // BlockImage
}

// Text is a text block.
func Text(text string) TextContent { return TextContent{Text: text, Type: BlockText} }

// Image is an image block of base64 data.
func Image(mimeType, data string) ImageContent {
	return ImageContent{Data: data, MIMEType: mimeType, Type: BlockImage}
}

// Block is a content block as JSON, for CallToolResult.Content.
func Block(b any) json.RawMessage {
	raw, _ := json.Marshal(b)
	return raw
}

// InitializeResult answers a handshake-era initialize.
type InitializeResult struct {
	Capabilities    ServerCapabilities `json:"capabilities"`
	Instructions    string             `json:"instructions,omitempty"`
	ProtocolVersion string             `json:"protocolVersion"`
	ServerInfo      *Implementation    `json:"serverInfo"`
}

// EmptyResult is a result with no members of its own (ping,
// logging/setLevel).
type EmptyResult struct {
	Meta       json.RawMessage `json:"_meta,omitempty"`
	ResultType string          `json:"resultType,omitempty"`
}
