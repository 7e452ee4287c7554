package mcp

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// The bytes of each message and result: members in the order clients and
// tests have always seen them, the optional ones left out when empty.
func TestWireBytes(t *testing.T) {
	info := &Implementation{Name: "hello", Version: "1.0.0", Description: "Says hello."}
	ttl := 0
	next := "c2"
	call := &CallToolResult{Content: []json.RawMessage{Block(Text("hi <&>")), Block(Image("image/png", "AAAA"))}, IsError: true}
	call.Complete(info)
	list := &ListToolsResult{Tools: []json.RawMessage{json.RawMessage(`{"name":"greet"}`)}, TTLMs: &ttl, CacheScope: CacheScopePublic, NextCursor: &next}
	legacyList := *list
	legacyList.Handshake()
	disc := &DiscoverResult{SupportedVersions: []string{"2026-07-28"}, Capabilities: ServerCapabilities{Tools: &ToolsCapability{}}, TTLMs: &ttl, CacheScope: CacheScopePublic}
	disc.Complete(info)
	for _, c := range []struct {
		v    any
		want string
	}{
		{Request{ID: json.RawMessage(`"a"`), JSONRPC: Version, Method: "tools/list", Params: map[string]any{}},
			`{"id":"a","jsonrpc":"2.0","method":"tools/list","params":{}}`},
		{Notification{JSONRPC: Version, Method: "notifications/tools/list_changed"},
			`{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}`},
		{Response{JSONRPC: Version, ID: json.RawMessage(`1`), Result: &EmptyResult{}}, `{"jsonrpc":"2.0","id":1,"result":{}}`},
		{Response{JSONRPC: Version, Error: &Error{Code: -32700, Message: "parse error"}}, `{"jsonrpc":"2.0","error":{"code":-32700,"message":"parse error"}}`},
		{call, `{"_meta":{"io.modelcontextprotocol/serverInfo":{"description":"Says hello.","name":"hello","version":"1.0.0"}},` +
			`"content":[{"text":"hi \u003c\u0026\u003e","type":"text"},{"data":"AAAA","mimeType":"image/png","type":"image"}],"isError":true,"resultType":"complete"}`},
		{list, `{"cacheScope":"public","nextCursor":"c2","tools":[{"name":"greet"}],"ttlMs":0}`},
		{&legacyList, `{"nextCursor":"c2","tools":[{"name":"greet"}]}`},
		{disc, `{"_meta":{"io.modelcontextprotocol/serverInfo":{"description":"Says hello.","name":"hello","version":"1.0.0"}},` +
			`"cacheScope":"public","capabilities":{"tools":{}},"resultType":"complete","supportedVersions":["2026-07-28"],"ttlMs":0}`},
		{LoggingMessage{Level: "error", Logger: "subakogo", Data: "T002"}, `{"data":"T002","level":"error","logger":"subakogo"}`},
		{SubscriptionsAcknowledged{Meta: SubscriptionMeta{SubscriptionID: json.RawMessage(`7`)}, Notifications: ListenFilter{ToolsListChanged: true}},
			`{"_meta":{"io.modelcontextprotocol/subscriptionId":7},"notifications":{"toolsListChanged":true}}`},
		{SubscriptionsAcknowledged{Meta: SubscriptionMeta{SubscriptionID: json.RawMessage(`"s"`)}}, `{"_meta":{"io.modelcontextprotocol/subscriptionId":"s"},"notifications":{}}`},
		{ListChanged{Meta: SubscriptionMeta{SubscriptionID: json.RawMessage(`7`)}}, `{"_meta":{"io.modelcontextprotocol/subscriptionId":7}}`},
		{InitializeResult{ProtocolVersion: "2025-06-18", Capabilities: ServerCapabilities{Logging: &struct{}{}, Tools: &ToolsCapability{ListChanged: true}}, ServerInfo: info},
			`{"capabilities":{"logging":{},"tools":{"listChanged":true}},"protocolVersion":"2025-06-18","serverInfo":{"description":"Says hello.","name":"hello","version":"1.0.0"}}`},
	} {
		b, err := json.Marshal(c.v)
		if err != nil || string(b) != c.want {
			t.Errorf("got  %s (%v)\nwant %s", b, err, c.want)
		}
	}
}

// A message keeps its members raw; ErrorObject decodes the error.
func TestMessage(t *testing.T) {
	for _, c := range []struct {
		line             string
		request, respond bool
		code             int
		bad              bool
	}{
		{`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`, true, false, 0, false},
		{`{"jsonrpc":"2.0","id":null,"method":"tools/list"}`, false, false, 0, false},
		{`{"jsonrpc":"2.0","method":"notifications/cancelled"}`, false, false, 0, false},
		{`{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"no"}}`, false, true, -32601, false},
		{`{"jsonrpc":"2.0","id":1,"error":"no"}`, false, true, 0, true},
		{`{"jsonrpc":"2.0","id":1,"error":null}`, false, true, 0, false},
	} {
		var m Message
		if err := json.Unmarshal([]byte(c.line), &m); err != nil {
			t.Fatal(err)
		}
		e, err := m.ErrorObject()
		code := 0
		if e != nil {
			code = e.Code
		}
		if m.IsRequest() != c.request || m.IsResponse() != c.respond || code != c.code || (err != nil) != c.bad {
			t.Errorf("%s: request %v, response %v, code %d, err %v", c.line, m.IsRequest(), m.IsResponse(), code, err)
		}
	}
}

// TestMessageKeysAreMessagesTags: MessageKeys names Message's members in
// their order, and SetMember reads each as json.Unmarshal does, so the
// readers that walk members once (the host's, serve's) read what
// encoding/json would.
func TestMessageKeysAreMessagesTags(t *testing.T) {
	typ := reflect.TypeFor[Message]()
	var tags []string
	for f := range typ.Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		tags = append(tags, name)
	}
	if !slices.Equal(tags, MessageKeys) {
		t.Fatalf("MessageKeys %q, Message's tags %q", MessageKeys, tags)
	}
	line := []byte(`{"jsonrpc":"2.0","id":"a\u0041","method":"tools/c\u0061ll","params":{"x":1},"result":[1],"error":{"code":1},"other":true}`)
	var want Message
	if err := json.Unmarshal(line, &want); err != nil {
		t.Fatal(err)
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(line, &members); err != nil {
		t.Fatal(err)
	}
	var got Message
	for k, v := range members {
		if err := got.SetMember(k, v); err != nil {
			t.Fatalf("%s: %v", k, err)
		}
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("SetMember read\n%+v\njson.Unmarshal\n%+v", got, want)
	}
}
