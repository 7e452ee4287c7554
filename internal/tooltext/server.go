package tooltext

import (
	"encoding/json"
	"errors"
	"strings"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/internal/jsonkeys"
	"github.com/subako-ai/subako-go/internal/rules"
)

// The members of MCP's DiscoverResult and Implementation, read by their
// exact keys: a known one written twice or in another case is T045, as
// in a tool.
var (
	discoverKeys       = []string{"_meta", "cacheScope", "capabilities", "instructions", "resultType", "supportedVersions", "ttlMs"}
	implementationKeys = []string{"description", "icons", "name", "title", "version", "websiteUrl"}
)

// CheckServer reads the text a server/discover result gives the model
// beside its tools, as a tool's description is read: its instructions,
// which clients put in the model's context (often the system prompt),
// and its serverInfo's title and description, which they show. names
// are the package's tool names. Its signals have no tool (Index -1);
// their Pointer is within the result.
func CheckServer(discover []byte, names []string) []Signal {
	c := &checker{names: nameSet(names)}
	var meta, info json.RawMessage
	c.members(discover, "", discoverKeys, func(key string, v json.RawMessage) {
		switch key {
		case "instructions":
			c.serverText("/instructions", "the server's instructions", v)
		case "_meta":
			meta = v
		}
	})
	if meta != nil {
		c.members(meta, "/_meta", []string{abi.MetaServerInfo}, func(key string, v json.RawMessage) {
			if key == abi.MetaServerInfo {
				info = v
			}
		})
	}
	if info != nil {
		at := "/_meta/" + strings.ReplaceAll(abi.MetaServerInfo, "/", "~1")
		c.members(info, at, implementationKeys, func(key string, v json.RawMessage) {
			if key == "title" || key == "description" {
				c.serverText(at+"/"+key, "the server's "+key, v)
			}
		})
	}
	return c.out
}

// members visits the members of obj, the object at ptr, and adds a T045
// signal when a key of fields is written twice or in another case. An
// obj that is not an object is left to the protocol's rules.
func (c *checker) members(obj []byte, ptr string, fields []string, visit func(string, json.RawMessage)) {
	err := jsonkeys.Members(obj, fields, func(key string, v json.RawMessage) error {
		visit(key, v)
		return nil
	})
	var ke *jsonkeys.KeyError
	if errors.As(err, &ke) {
		c.out = append(c.out, Signal{Rule: rules.TextDuplicateKey, Index: -1, Pointer: ptr, Field: "object", Match: ke.Key,
			Message: place("", -1, ptr, "the server/discover result") + ": " + ke.Error() + "; so the text checked here need not be the text a client shows the model"})
	}
}

// serverText checks v, a string the server gives the model; a member
// that is not a string is left to the protocol's rules.
func (c *checker) serverText(ptr, field string, v json.RawMessage) {
	var s string
	if json.Unmarshal(v, &s) == nil {
		c.text(-1, "", rootPath(ptr), field, s)
	}
}
