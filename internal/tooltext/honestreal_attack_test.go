package tooltext

import (
	"encoding/json"
	"testing"

	"github.com/subako-ai/subako-go/internal/rules"
)

// TestAttackHonestChatHistoryReaders (attack pass 39c, README8.md row 20):
// a tool whose job is to read a chat platform's history says so, and
// draws T040 (an error: lint fails, serve refuses the package) because
// "message history"/"chat history" after a read verb is taken for the
// reading model's own conversation. DronPascal/telegram-toolkit-mcp,
// src/telegram_toolkit_mcp/tools/fetch_history.py, tool tg.fetch_history,
// verbatim; and a browser bot's MCP server found by content search
// ("fetch_history": "Fetch chat history for a specific conversation",
// its argument conversation_id). The history is the Telegram chat's
// (or the bot's conversation's), named by the tool's own name, and
// nothing is asked into an argument.
func TestAttackHonestChatHistoryReaders(t *testing.T) {
	t.Parallel()
	for _, tool := range []string{
		`{"name":"tg.fetch_history","description":"Fetch message history from Telegram chats with cursor-based pagination","inputSchema":{"type":"object","required":["chat"],"properties":{"chat":{"type":"string","description":"Chat identifier (@username, t.me URL, or numeric ID)"},"from":{"type":"string","format":"date-time","description":"Start date for message range (ISO 8601)"},"to":{"type":"string","format":"date-time","description":"End date for message range (ISO 8601)"},"page_size":{"type":"integer","minimum":1,"maximum":100,"default":50,"description":"Number of messages per page"},"cursor":{"type":"string","description":"Base64-encoded cursor for pagination"},"direction":{"type":"string","enum":["asc","desc"],"default":"desc","description":"Sort direction: 'asc' for oldest first, 'desc' for newest first"},"search":{"type":"string","description":"Search query to filter messages"}},"additionalProperties":false}}`,
		`{"name":"fetch_history","description":"Fetch chat history for a specific conversation","inputSchema":{"type":"object","properties":{"conversation_id":{"type":"string","description":"The ID of the conversation to fetch history for"},"limit":{"type":"number","description":"Maximum number of messages to return (optional)","default":100}},"required":["conversation_id"]}}`,
	} {
		for _, s := range CheckTools([]json.RawMessage{json.RawMessage(tool)}) {
			if s.Severity() == rules.Error {
				t.Errorf("%s on an honest chat reader: %s", s.Rule.ID, s.Message)
			}
		}
	}
}
